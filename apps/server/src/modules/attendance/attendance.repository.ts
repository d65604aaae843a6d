import type { EvidenceKind } from '@medportal/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { liveListed } from '../lives/index.ts';
import { attendanceEvidence, attendanceSessions, attendanceSlots, lives, presenceAnswers, presenceChecks, presenceSchedules } from '../../db/schema/index.ts';

type Conn = Db | Tx;

/**
 * The attendance tables' only writer. Evidence is append-only: this file has inserts for it and
 * no update or delete (decision record 0053; `attendance.routes.test.ts` checks the whole server).
 */

export interface EvidenceInput {
  userId: number;
  liveId: number;
  kind: EvidenceKind;
  at: Date;
  seconds?: number;
  presenceCheckId?: number | null;
  sessionId?: string | null;
  correctsId?: number | null;
  reason?: string | null;
  actorId?: number | null;
  detail?: Record<string, unknown> | null;
}

export type EvidenceRow = typeof attendanceEvidence.$inferSelect;

export async function appendEvidence(db: Conn, e: EvidenceInput): Promise<EvidenceRow> {
  const [row] = await db
    .insert(attendanceEvidence)
    .values({
      userId: e.userId,
      liveId: e.liveId,
      kind: e.kind,
      at: e.at,
      seconds: e.seconds ?? 0,
      presenceCheckId: e.presenceCheckId ?? null,
      sessionId: e.sessionId ?? null,
      correctsId: e.correctsId ?? null,
      reason: e.reason ?? null,
      actorId: e.actorId ?? null,
      detail: e.detail ?? null,
    })
    .returning();
  if (!row) throw new Error('appendEvidence: insert returned nothing');
  return row;
}

export async function evidenceOf(db: Conn, userId: number, liveId: number): Promise<EvidenceRow[]> {
  return db
    .select()
    .from(attendanceEvidence)
    .where(and(eq(attendanceEvidence.userId, userId), eq(attendanceEvidence.liveId, liveId)))
    .orderBy(asc(attendanceEvidence.id));
}

export async function findEvidence(db: Conn, id: number): Promise<EvidenceRow | undefined> {
  const [row] = await db.select().from(attendanceEvidence).where(eq(attendanceEvidence.id, id));
  return row;
}

export interface LiveTimes {
  id: number;
  startAt: Date;
  endAt: Date;
}

export async function liveTimes(db: Conn, liveId: number): Promise<LiveTimes | undefined> {
  const [row] = await db
    .select({ id: lives.id, startAt: lives.startAt, endAt: lives.endAt })
    .from(lives)
    .where(and(eq(lives.id, liveId), eq(lives.status, 'published')));
  return row;
}

/** The live's times when readers see it now (a scheduled live stays out until its instant). */
export async function visibleLiveTimes(db: Conn, liveId: number, now: Date): Promise<LiveTimes | undefined> {
  const [row] = await db
    .select({ id: lives.id, startAt: lives.startAt, endAt: lives.endAt })
    .from(lives)
    .where(and(eq(lives.id, liveId), liveListed(now)));
  return row;
}

/**
 * The session's last counting beat, locked for this transaction (created at first): concurrent
 * beats of one session take turns, beats of different sessions (tabs) do not wait for each other.
 */
export async function lockSession(tx: Tx, liveId: number, userId: number, sessionId: string): Promise<Date | null> {
  await tx.insert(attendanceSessions).values({ liveId, userId, sessionId, lastBeatAt: null }).onConflictDoNothing();
  const [row] = await tx
    .select({ last: attendanceSessions.lastBeatAt })
    .from(attendanceSessions)
    .where(and(eq(attendanceSessions.liveId, liveId), eq(attendanceSessions.userId, userId), eq(attendanceSessions.sessionId, sessionId)))
    .for('update');
  return row?.last ?? null;
}

export async function setSessionBeat(db: Conn, liveId: number, userId: number, sessionId: string, at: Date | null): Promise<void> {
  await db
    .insert(attendanceSessions)
    .values({ liveId, userId, sessionId, lastBeatAt: at })
    .onConflictDoUpdate({ target: [attendanceSessions.liveId, attendanceSessions.userId, attendanceSessions.sessionId], set: { lastBeatAt: at } });
}

/** Claims the slots; answers those this call claimed (a slot another beat or tab claimed is not counted again). */
export async function claimSlots(tx: Tx, liveId: number, userId: number, slots: number[]): Promise<number[]> {
  if (slots.length === 0) return [];
  const rows = await tx
    .insert(attendanceSlots)
    .values(slots.map((slot) => ({ liveId, userId, slot })))
    .onConflictDoNothing()
    .returning({ slot: attendanceSlots.slot });
  return rows.map((r) => r.slot);
}

export type PresenceCheckRow = typeof presenceChecks.$inferSelect;

export async function insertCheck(db: Conn, c: { liveId: number; askedAt: Date; closesAt: Date; source: 'moderator' | 'schedule'; askedBy: number | null }): Promise<PresenceCheckRow> {
  const [row] = await db.insert(presenceChecks).values(c).returning();
  if (!row) throw new Error('insertCheck: insert returned nothing');
  return row;
}

export async function findCheck(db: Conn, id: number): Promise<PresenceCheckRow | undefined> {
  const [row] = await db.select().from(presenceChecks).where(eq(presenceChecks.id, id));
  return row;
}

/** The check open at `now` (the latest asked), if any. */
export async function openCheck(db: Conn, liveId: number, now: Date): Promise<PresenceCheckRow | undefined> {
  const [row] = await db
    .select()
    .from(presenceChecks)
    .where(and(eq(presenceChecks.liveId, liveId), sql`${presenceChecks.askedAt} <= ${now}`, sql`${presenceChecks.closesAt} > ${now}`))
    .orderBy(sql`${presenceChecks.askedAt} desc`)
    .limit(1);
  return row;
}

/**
 * The answer, taken atomically: inserted only while the check is open and only once per user
 * (`null`: closed, not yet asked, or already answered; the caller tells which).
 */
export async function takeAnswer(tx: Tx, checkId: number, userId: number, now: Date): Promise<Date | null> {
  const rows = await queryRows<{ answered_at: Date | string }>(
    tx,
    sql`insert into presence_answers (check_id, user_id, answered_at)
        select id, ${userId}, ${now} from presence_checks where id = ${checkId} and asked_at <= ${now} and closes_at > ${now}
        on conflict do nothing returning answered_at`,
  );
  return rows[0] ? new Date(rows[0].answered_at) : null;
}

export async function answerOf(db: Conn, checkId: number, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: presenceAnswers.answeredAt })
    .from(presenceAnswers)
    .where(and(eq(presenceAnswers.checkId, checkId), eq(presenceAnswers.userId, userId)));
  return row?.at ?? null;
}

export interface SummaryRow {
  seconds: number;
  asked: number;
  answered: number;
  signed: boolean;
  firstSeen: Date | null;
  lastSeen: Date | null;
}

/**
 * A user's evidence of a live in one statement. A presence check counts as asked when it came
 * while the user was attending (between their first and last credited slot, its window included)
 * or when they answered it; answered counts answers and corrections that grant one.
 */
export async function summaryOf(db: Conn, userId: number, liveId: number, slotS: number): Promise<SummaryRow> {
  const [row] = await queryRows<{
    seconds: number | string | null;
    asked: number | string;
    answered: number | string;
    signed: boolean;
    first_seen: Date | string | null;
    last_seen: Date | string | null;
  }>(
    db,
    sql`with ev as (select * from attendance_evidence where user_id = ${userId} and live_id = ${liveId}),
        span as (select min(slot) * ${slotS} as lo, (max(slot) + 1) * ${slotS} as hi from attendance_slots where user_id = ${userId} and live_id = ${liveId}),
        answered as (
          select presence_check_id as id from ev where kind in ('presence_answer', 'correction') and presence_check_id is not null
        ),
        asked as (
          select c.id from presence_checks c, span
          where c.live_id = ${liveId} and extract(epoch from c.closes_at) > span.lo and extract(epoch from c.asked_at) < span.hi
          union select id from answered
        )
        select (select sum(seconds) from ev where kind in ('heartbeat', 'correction')) as seconds,
               (select count(*) from asked) as asked,
               (select count(distinct id) from answered) as answered,
               exists (select 1 from ev where kind = 'sign_in') as signed,
               (select min(at) from ev where kind <> 'correction') as first_seen,
               (select max(at) from ev where kind <> 'correction') as last_seen`,
  );
  return {
    seconds: Number(row?.seconds ?? 0),
    asked: Number(row?.asked ?? 0),
    answered: Number(row?.answered ?? 0),
    signed: Boolean(row?.signed),
    firstSeen: row?.first_seen ? new Date(row.first_seen) : null,
    lastSeen: row?.last_seen ? new Date(row.last_seen) : null,
  };
}

export async function scheduleOf(db: Conn, liveId: number) {
  const [row] = await db.select().from(presenceSchedules).where(eq(presenceSchedules.liveId, liveId));
  return row;
}

export async function setSchedule(db: Conn, liveId: number, s: { everyS: number; windowS: number; nextAt: Date } | null): Promise<void> {
  if (!s) {
    await db.delete(presenceSchedules).where(eq(presenceSchedules.liveId, liveId));
    return;
  }
  await db
    .insert(presenceSchedules)
    .values({ liveId, ...s })
    .onConflictDoUpdate({ target: presenceSchedules.liveId, set: s });
}

/**
 * Schedules that are due on a live on air, each taken by one process: its next time moves on
 * (every_s, from three quarters to five quarters of it at random) in the same statement.
 */
export async function takeDueSchedules(db: Conn, now: Date): Promise<Array<{ liveId: number; windowS: number }>> {
  const rows = await queryRows<{ live_id: number; window_s: number }>(
    db,
    sql`update presence_schedules s set next_at = ${now}::timestamptz + make_interval(secs => s.every_s * (0.75 + random() * 0.5))
        from lives l
        where l.id = s.live_id and s.next_at <= ${now} and l.status = 'published' and (l.published_at is null or l.published_at <= ${now}) and l.start_at <= ${now} and l.end_at > ${now}
        returning s.live_id, s.window_s`,
  );
  return rows.map((r) => ({ liveId: r.live_id, windowS: r.window_s }));
}
