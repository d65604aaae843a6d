import {
  ATTEND_GAP_S,
  ATTEND_SLOT_S,
  type AttendanceSummary,
  type AttendBeatBody,
  type AttendBeatData,
  type DataOf,
  ErrorCode,
  type EvidenceRow as EvidenceRowOut,
  type MyAttendance,
  type PresenceCheck,
  PRESENCE_WINDOW_S,
} from '@medportal/contract';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { watchedTime } from '../media/index.ts';
import { writeAudit } from '../staff/index.ts';
import * as repo from './attendance.repository.ts';

export type AttendanceKind = 'live' | 'course' | 'series' | 'recording';

/** The room's side (filled in app.ts from the live room): who moderates, and the realtime prompt. */
export interface RoomPort {
  isModerator(liveId: number, userId: number): Promise<boolean>;
  /** The live's gate lets the user play it (login, access code, check-in). */
  admits(liveId: number, userId: number): Promise<boolean>;
  announcePresence(liveId: number, check: { id: number; askedAt: Date; closesAt: Date }): Promise<void>;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const slotOf = (d: Date) => Math.floor(d.getTime() / 1000 / ATTEND_SLOT_S);

/** The seconds of `slot` that fall inside the live's window. */
function onAirSeconds(slot: number, live: repo.LiveTimes): number {
  const from = Math.max(slot * ATTEND_SLOT_S, live.startAt.getTime() / 1000);
  const to = Math.min((slot + 1) * ATTEND_SLOT_S, live.endAt.getTime() / 1000);
  return Math.max(0, Math.round(to - from));
}

const onAir = (live: repo.LiveTimes, at: Date) => live.startAt <= at && at < live.endAt;

/**
 * What a user attended of an activity, for the credit engine and the learner: a live from its
 * evidence (on-air seconds, presence checks, check-in), a course, series or recording from the
 * seek-proof watch time (decision 0023) through the media module.
 */
export async function attendanceSummary(db: Db, q: { userId: number; kind: AttendanceKind; id: number }): Promise<AttendanceSummary> {
  if (q.kind !== 'live') {
    const w = await watchedTime(db, { userId: q.userId, kind: q.kind, id: q.id });
    return {
      attended_seconds: w.watchedS,
      scheduled_seconds: w.totalS,
      presence_checks: { asked: 0, answered: 0 },
      signed_in: false,
      first_seen: iso(w.firstAt),
      last_seen: iso(w.lastAt),
    };
  }
  const live = await repo.liveTimes(db, q.id);
  const scheduled = live ? Math.round((live.endAt.getTime() - live.startAt.getTime()) / 1000) : 0;
  const s = await repo.summaryOf(db, q.userId, q.id, ATTEND_SLOT_S);
  return {
    attended_seconds: Math.max(0, Math.min(s.seconds, scheduled)),
    scheduled_seconds: scheduled,
    presence_checks: { asked: s.asked, answered: Math.min(s.answered, s.asked) },
    signed_in: s.signed,
    first_seen: iso(s.firstSeen),
    last_seen: iso(s.lastSeen),
  };
}

export function presentCheck(c: repo.PresenceCheckRow): PresenceCheck {
  return { id: c.id, live_id: c.liveId, asked_at: c.askedAt.toISOString(), closes_at: c.closesAt.toISOString(), source: c.source as PresenceCheck['source'] };
}

function presentEvidence(r: repo.EvidenceRow): EvidenceRowOut {
  return {
    id: r.id,
    kind: r.kind as EvidenceRowOut['kind'],
    at: r.at.toISOString(),
    seconds: r.seconds,
    presence_check_id: r.presenceCheckId,
    session_id: r.sessionId,
    corrects_id: r.correctsId,
    reason: r.reason,
    actor_id: r.actorId,
  };
}

export class AttendanceService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly room: RoomPort,
  ) {}

  private async live(liveId: number): Promise<repo.LiveTimes> {
    const live = await repo.visibleLiveTimes(this.db, liveId, this.now());
    if (!live) throw new AppError(ErrorCode.NOT_FOUND);
    return live;
  }

  /**
   * A player heartbeat. Only a beat of a playing player in a visible page while the live is on air
   * counts; it joins the time since the same session's previous counting beat (if no more than
   * ATTEND_GAP_S ago) by claiming the slots in between. Slots are unique per user and live, so
   * two tabs, retries and racing beats count each slot once.
   */
  async beat(liveId: number, userId: number, body: AttendBeatBody): Promise<AttendBeatData> {
    const now = this.now();
    const live = await this.live(liveId);
    // Only a viewer the room lets play the stream can be watching it.
    if (!(await this.room.admits(liveId, userId))) throw new AppError(ErrorCode.FORBIDDEN);
    const live_ = onAir(live, now);
    if (!live_ || !body.playing || !body.visible) {
      // Not attending now: the next counting beat starts afresh (the gap is not counted).
      await repo.setSessionBeat(this.db, liveId, userId, body.session_id, null);
      return { on_air: live_, credited_s: 0, attended_s: (await attendanceSummary(this.db, { userId, kind: 'live', id: liveId })).attended_seconds };
    }
    const credited = await this.db.transaction(async (tx) => {
      const last = await repo.lockSession(tx, liveId, userId, body.session_id);
      await repo.setSessionBeat(tx, liveId, userId, body.session_id, now);
      if (!last || last >= now || now.getTime() - last.getTime() > ATTEND_GAP_S * 1000 || !onAir(live, last)) return 0;
      const slots: number[] = [];
      for (let s = slotOf(last); s <= slotOf(now); s++) slots.push(s);
      const claimed = await repo.claimSlots(tx, liveId, userId, slots);
      const seconds = claimed.reduce((sum, s) => sum + onAirSeconds(s, live), 0);
      if (seconds > 0) {
        await repo.appendEvidence(tx, {
          userId,
          liveId,
          kind: 'heartbeat',
          at: now,
          seconds,
          sessionId: body.session_id,
          detail: { slots: claimed.length, from: last.toISOString() },
        });
      }
      return seconds;
    });
    return { on_air: true, credited_s: credited, attended_s: (await attendanceSummary(this.db, { userId, kind: 'live', id: liveId })).attended_seconds };
  }

  async mine(liveId: number, userId: number): Promise<MyAttendance> {
    await this.live(liveId);
    const [summary, open] = await Promise.all([attendanceSummary(this.db, { userId, kind: 'live', id: liveId }), repo.openCheck(this.db, liveId, this.now())]);
    const answered = open ? (await repo.answerOf(this.db, open.id, userId)) !== null : false;
    return { ...summary, open_check: open ? { ...presentCheck(open), answered } : null };
  }

  /** A presence check asked now; viewers are prompted over the room's socket. */
  async ask(liveId: number, askedBy: number | null, windowS: number, source: 'moderator' | 'schedule'): Promise<PresenceCheck> {
    const now = this.now();
    const live = await this.live(liveId);
    if (askedBy !== null && !(await this.room.isModerator(liveId, askedBy))) throw new AppError(ErrorCode.LIVE_NOT_MODERATOR);
    if (!onAir(live, now)) throw new AppError(ErrorCode.LIVE_NOT_ON_AIR);
    const closesAt = new Date(now.getTime() + windowS * 1000);
    const check = await repo.insertCheck(this.db, { liveId, askedAt: now, closesAt, source, askedBy });
    await this.room.announcePresence(liveId, { id: check.id, askedAt: check.askedAt, closesAt: check.closesAt });
    return presentCheck(check);
  }

  async schedule(liveId: number, userId: number, everyMin: number, windowS: number): Promise<DataOf<'presenceSchedule'>> {
    const live = await this.live(liveId);
    if (!(await this.room.isModerator(liveId, userId))) throw new AppError(ErrorCode.LIVE_NOT_MODERATOR);
    if (everyMin === 0) {
      await repo.setSchedule(this.db, liveId, null);
      return { every_min: 0, window_s: windowS, next_at: null };
    }
    const everyS = everyMin * 60;
    const from = new Date(Math.max(this.now().getTime(), live.startAt.getTime()));
    // The first check comes at a random point of the first interval: viewers cannot time it.
    const nextAt = new Date(from.getTime() + Math.round(everyS * 1000 * (0.25 + Math.random() * 0.75)));
    await repo.setSchedule(this.db, liveId, { everyS, windowS, nextAt });
    return { every_min: everyMin, window_s: windowS, next_at: nextAt.toISOString() };
  }

  async scheduleOf(liveId: number, userId: number): Promise<DataOf<'presenceScheduleGet'>> {
    await this.live(liveId);
    if (!(await this.room.isModerator(liveId, userId))) throw new AppError(ErrorCode.LIVE_NOT_MODERATOR);
    const s = await repo.scheduleOf(this.db, liveId);
    return s ? { every_min: Math.round(s.everyS / 60), window_s: s.windowS, next_at: s.nextAt.toISOString() } : { every_min: 0, window_s: PRESENCE_WINDOW_S, next_at: null };
  }

  /** Asks the checks that schedules have due (each by one process). */
  async runSchedules(): Promise<PresenceCheck[]> {
    const due = await repo.takeDueSchedules(this.db, this.now());
    const asked: PresenceCheck[] = [];
    for (const d of due) asked.push(await this.ask(d.liveId, null, d.windowS, 'schedule'));
    return asked;
  }

  /** An answer within the window, once; the answer and its evidence row commit together. */
  async answer(checkId: number, userId: number): Promise<DataOf<'presenceAnswer'>> {
    const now = this.now();
    const check = await repo.findCheck(this.db, checkId);
    if (!check) throw new AppError(ErrorCode.NOT_FOUND);
    const taken = await this.db.transaction(async (tx) => {
      const at = await repo.takeAnswer(tx, checkId, userId, now);
      if (at) await repo.appendEvidence(tx, { userId, liveId: check.liveId, kind: 'presence_answer', at, presenceCheckId: checkId });
      return at;
    });
    if (taken) return { check_id: checkId, answered_at: taken.toISOString() };
    // Answered already (a second tab, a retry): the first answer stands.
    const earlier = await repo.answerOf(this.db, checkId, userId);
    if (earlier) return { check_id: checkId, answered_at: earlier.toISOString() };
    throw new AppError(ErrorCode.PRESENCE_CHECK_CLOSED);
  }

  async evidence(userId: number, liveId: number): Promise<DataOf<'adminAttendance'>> {
    await this.live(liveId);
    const [summary, rows] = await Promise.all([attendanceSummary(this.db, { userId, kind: 'live', id: liveId }), repo.evidenceOf(this.db, userId, liveId)]);
    return { summary, evidence: rows.map(presentEvidence) };
  }

  /** An operator's correction: a new evidence row and its audit entry in one transaction. */
  async correct(
    actorId: number,
    b: { user_id: number; live_id: number; seconds: number; presence_check_id?: number | undefined; corrects_id?: number | undefined; reason: string },
  ): Promise<DataOf<'adminAttendanceCorrect'>> {
    const now = this.now();
    await this.live(b.live_id);
    if (b.presence_check_id !== undefined) {
      const check = await repo.findCheck(this.db, b.presence_check_id);
      if (!check || check.liveId !== b.live_id) throw new AppError(ErrorCode.NOT_FOUND);
    }
    if (b.corrects_id !== undefined) {
      const target = await repo.findEvidence(this.db, b.corrects_id);
      if (!target || target.userId !== b.user_id || target.liveId !== b.live_id) throw new AppError(ErrorCode.NOT_FOUND);
    }
    const before = await attendanceSummary(this.db, { userId: b.user_id, kind: 'live', id: b.live_id });
    const row = await this.db.transaction(async (tx: Tx) => {
      const r = await repo.appendEvidence(tx, {
        userId: b.user_id,
        liveId: b.live_id,
        kind: 'correction',
        at: now,
        seconds: b.seconds,
        presenceCheckId: b.presence_check_id ?? null,
        correctsId: b.corrects_id ?? null,
        reason: b.reason,
        actorId,
      });
      await writeAudit(tx, {
        actorId,
        action: 'attendance.correct',
        target: `attendance:${b.user_id}:${b.live_id}`,
        before: { summary: before },
        after: { correction_id: r.id, seconds: b.seconds, presence_check_id: b.presence_check_id ?? null, corrects_id: b.corrects_id ?? null, reason: b.reason },
        now,
      });
      return r;
    });
    return { correction: presentEvidence(row), summary: await attendanceSummary(this.db, { userId: b.user_id, kind: 'live', id: b.live_id }) };
  }

  // ---- evidence from the live room ----

  async joined(liveId: number, userId: number, at: Date): Promise<void> {
    await repo.appendEvidence(this.db, { userId, liveId, kind: 'join', at });
  }

  async left(liveId: number, userId: number, at: Date): Promise<void> {
    await repo.appendEvidence(this.db, { userId, liveId, kind: 'leave', at });
  }
}

/** A first check-in, written in the check-in's own transaction. */
export async function recordSignIn(tx: Tx, liveId: number, userId: number, at: Date): Promise<void> {
  await repo.appendEvidence(tx, { userId, liveId, kind: 'sign_in', at });
}
