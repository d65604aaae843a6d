import { randomInt } from 'node:crypto';
import {
  type ApiLanguage,
  type DataOf,
  ErrorCode,
  MEETING_LAUNCH_TOKEN_TTL_S,
  MEETING_UPCOMING_MAX,
  type Meeting,
  type MeetingStatus,
  type Platform,
} from '@medportal/contract';
import type { Db, Tx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { pick } from '../../lib/i18n.ts';
import type { Accounts, LoginOutcome } from '../auth/index.ts';
import { openMeetingRoom, setMeetingRecording, setRoomAccessCode } from '../live-room/index.ts';
import { createUnlistedLive, updateUnlistedLive, withdrawUnlistedLive } from '../lives/index.ts';
import { bindLoopStream, bindStreamRecording, unbindReplay } from '../media/index.ts';
import { pageOf } from '../shared/paginate.ts';
import * as repo from './meetings.repository.ts';

/** A start this far in the past still counts as "now" (the form was filled in a minute ago). */
const START_GRACE_MS = 5 * 60_000;

const joinPath = (meetingNo: string) => `/meeting/join/${meetingNo}`;

/** 12 random digits, the first not 0. */
function newMeetingNumber(): string {
  return String(randomInt(1, 10)) + String(randomInt(0, 100_000)).padStart(5, '0') + String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function meetingStatus(m: { cancelledAt: Date | null; startAt: Date; endAt: Date }, now: Date): MeetingStatus {
  if (m.cancelledAt) return 'cancelled';
  if (now < m.startAt) return 'upcoming';
  return now < m.endAt ? 'live' : 'ended';
}

/** A calendar entry for one of a user's own meetings (the personal calendar feed includes them). */
export interface MeetingCalendarEvent {
  /** Stable across edits: the meeting's id. */
  uid: string;
  title: string;
  start: Date;
  end: Date;
  /** Path of the attendee link, to be made absolute with the site's origin. */
  url: string;
  meetingNo: string;
}

/** The user's own meetings (not cancelled) as calendar events, by start. */
export async function listMeetingEvents(db: Db, hostId: number): Promise<MeetingCalendarEvent[]> {
  const rows = await repo.calendarRows(db, hostId);
  return rows.map((r) => ({ uid: `meeting-${r.id}@medportal`, title: r.title, start: r.startAt, end: r.endAt, url: joinPath(r.meetingNo), meetingNo: r.meetingNo }));
}

export interface NewMeeting {
  hostId: number;
  title: string;
  startAt: Date;
  durationMin: number;
  departmentId: number | null;
  password: string | null;
  recorded: boolean;
  /** A fixed number (the demo seed's); otherwise a random one. */
  meetingNo?: string;
}

/**
 * A recorded meeting's room offers the recording once it ends, the stream the sandbox recorded
 * bound as its replay; a meeting not recorded never offers one, and switching recording off
 * withdraws a recording already offered (decision record 0058).
 */
async function applyRecording(tx: Tx, liveId: number, recorded: boolean, times: { startAt: Date; endAt: Date }, now: Date): Promise<void> {
  await setMeetingRecording(tx, liveId, recorded, times, now);
  if (recorded) await bindStreamRecording(tx, liveId);
  else await unbindReplay(tx, liveId);
}

/**
 * Writes a meeting and its room in the caller's transaction: an unlisted live (lives module) whose
 * room (live-room module) has the host as moderator and the password as access code, streaming
 * the sandbox's clip and recording it or not.
 */
export async function insertMeetingWithRoom(tx: Tx, v: NewMeeting, now: Date): Promise<number> {
  let meetingNo = v.meetingNo ?? newMeetingNumber();
  // 9·10^11 numbers: a clash is rare, and the unique key backs this check.
  while (v.meetingNo === undefined && (await repo.numberTaken(tx, meetingNo))) meetingNo = newMeetingNumber();
  const endAt = new Date(v.startAt.getTime() + v.durationMin * 60_000);
  const liveId = await createUnlistedLive(tx, { title: v.title, startAt: v.startAt, endAt, departmentId: v.departmentId, meetingNo });
  await openMeetingRoom(tx, liveId, v.hostId, v.password);
  await bindLoopStream(tx, liveId);
  await applyRecording(tx, liveId, v.recorded, { startAt: v.startAt, endAt }, now);
  return repo.insertMeeting(tx, {
    hostId: v.hostId,
    liveId,
    meetingNo,
    title: v.title,
    startAt: v.startAt,
    durationMin: v.durationMin,
    departmentId: v.departmentId,
    password: v.password,
    recorded: v.recorded,
    createdAt: now,
    updatedAt: now,
  });
}

/** Whether a user hosts any meeting (the demo seed adds one only to a learner without). */
export async function hostsAnyMeeting(db: Db | Tx, hostId: number): Promise<boolean> {
  return (await repo.countAll(db, hostId)) > 0;
}

type Body<N extends 'meetingCreate' | 'meetingUpdate'> = N extends 'meetingCreate'
  ? { title: string; start_at: string; duration_min: number; department_id: number; recorded: boolean; password?: string | null | undefined }
  : { title?: string | undefined; start_at?: string | undefined; duration_min?: number | undefined; department_id?: number | undefined; recorded?: boolean | undefined; password?: string | null | undefined };

/** An edit that only switches recording off (what an ended meeting still accepts). */
const onlyRecordingOff = (b: Body<'meetingUpdate'>) =>
  b.recorded === false && b.title === undefined && b.start_at === undefined && b.duration_min === undefined && b.department_id === undefined && b.password === undefined;

/** Created meetings: each holds an unlisted live as its room, the host its moderator (decision record 0050). */
export class MeetingsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly accounts: Pick<Accounts, 'issueSession' | 'users'>,
  ) {}

  present(r: repo.MeetingRow, lang: ApiLanguage, viewerId: number, now = this.now()): Meeting {
    const status = meetingStatus(r, now);
    return {
      id: r.id,
      meeting_no: r.meetingNo,
      title: r.title,
      start_at: r.startAt.toISOString(),
      end_at: r.endAt.toISOString(),
      duration_min: r.durationMin,
      department: r.departmentId === null ? null : { id: r.departmentId, title: pick(lang, r.depZh ?? '', r.depEn) },
      has_password: r.password !== null,
      password: viewerId === r.hostId ? r.password : null,
      recorded: r.recorded,
      status,
      live_id: r.liveId,
      join_path: joinPath(r.meetingNo),
      can_edit: status === 'upcoming',
      can_cancel: status === 'upcoming' || status === 'live',
      created_at: r.createdAt.toISOString(),
    };
  }

  private async own(id: number, hostId: number): Promise<repo.MeetingRow> {
    const row = await repo.findMeeting(this.db, id);
    // Someone else's meeting reads as missing: its id tells nothing.
    if (!row || row.hostId !== hostId) throw new AppError(ErrorCode.NOT_FOUND);
    return row;
  }

  private async checkDepartment(id: number, lang: ApiLanguage): Promise<void> {
    if (!(await repo.departmentExists(this.db, id))) throw fieldError(lang, 'department_id', { zh: '科室不存在', en: 'is not a known department' });
  }

  private checkStart(startAt: Date, now: Date): void {
    if (startAt.getTime() < now.getTime() - START_GRACE_MS) throw new AppError(ErrorCode.MEETING_START_PAST);
  }

  async create(hostId: number, body: Body<'meetingCreate'>, lang: ApiLanguage): Promise<Meeting> {
    const now = this.now();
    const startAt = new Date(body.start_at);
    this.checkStart(startAt, now);
    await this.checkDepartment(body.department_id, lang);
    const password = body.password ? body.password : null;
    const id = await transaction(this.db, async (tx) => {
      // The cap holds under a burst: one host's creates queue on the host's row.
      await repo.lockHost(tx, hostId);
      if ((await repo.countOpen(tx, hostId, now)) >= MEETING_UPCOMING_MAX) throw new AppError(ErrorCode.MEETING_LIMIT, { data: { max: MEETING_UPCOMING_MAX } });
      return insertMeetingWithRoom(tx, { hostId, title: body.title, startAt, durationMin: body.duration_min, departmentId: body.department_id, password, recorded: body.recorded }, now);
    });
    return this.detail(id, hostId, lang);
  }

  async detail(id: number, hostId: number, lang: ApiLanguage): Promise<Meeting> {
    return this.present(await this.own(id, hostId), lang, hostId);
  }

  async index(hostId: number, q: { status: repo.Tab; page: number; page_size: number }, lang: ApiLanguage): Promise<DataOf<'meetingIndex'>> {
    const now = this.now();
    const [rows, counts] = await Promise.all([
      repo.pageMeetings(this.db, hostId, q.status, now, q.page_size, (q.page - 1) * q.page_size),
      repo.tabCounts(this.db, hostId, now),
    ]);
    return { ...pageOf(rows.map((r) => this.present(r, lang, hostId, now)), q, counts[q.status]), counts };
  }

  async departments(lang: ApiLanguage): Promise<DataOf<'meetingDepartment'>> {
    const rows = await repo.departmentRows(this.db);
    const top = rows.filter((r) => r.parentId === null);
    return {
      items: top.map((t) => ({
        id: t.id,
        title: pick(lang, t.nameZh, t.nameEn),
        children: rows.filter((r) => r.parentId === t.id).map((c) => ({ id: c.id, title: pick(lang, c.nameZh, c.nameEn) })),
      })),
    };
  }

  /** Returns the live id, whose cached room reads the caller drops. */
  async update(id: number, hostId: number, body: Body<'meetingUpdate'>, lang: ApiLanguage): Promise<{ meeting: Meeting; liveId: number }> {
    const now = this.now();
    const current = await this.own(id, hostId);
    if (body.department_id !== undefined) await this.checkDepartment(body.department_id, lang);
    if (body.start_at !== undefined) this.checkStart(new Date(body.start_at), now);
    await transaction(this.db, async (tx: Tx) => {
      const locked = await repo.lockMeeting(tx, id);
      if (!locked) throw new AppError(ErrorCode.NOT_FOUND);
      // Read under the lock: a cancel or a start in the room may have come first.
      const fresh = await repo.findMeeting(tx, id);
      if (!fresh) throw new AppError(ErrorCode.MEETING_CLOSED);
      const status = meetingStatus(fresh, now);
      // After the end the host may still take the recording down (never put one up: nothing was recorded).
      if (status === 'ended' && onlyRecordingOff(body)) {
        if (fresh.recorded) {
          await applyRecording(tx, fresh.liveId, false, fresh, now);
          await repo.updateMeeting(tx, id, { recorded: false }, now);
        }
        return;
      }
      if (status !== 'upcoming') throw new AppError(ErrorCode.MEETING_CLOSED);
      const startAt = body.start_at !== undefined ? new Date(body.start_at) : fresh.startAt;
      const durationMin = body.duration_min ?? fresh.durationMin;
      const title = body.title ?? fresh.title;
      const departmentId = body.department_id ?? fresh.departmentId;
      const endAt = new Date(startAt.getTime() + durationMin * 60_000);
      await updateUnlistedLive(tx, fresh.liveId, { title, startAt, endAt, departmentId }, now);
      const set: Parameters<typeof repo.updateMeeting>[2] = { title, startAt, durationMin, departmentId };
      if (body.recorded !== undefined) set.recorded = body.recorded;
      // The recording follows the flag and the schedule.
      await applyRecording(tx, fresh.liveId, body.recorded ?? fresh.recorded, { startAt, endAt }, now);
      if (body.password !== undefined) {
        const password = body.password ? body.password : null;
        if (password !== fresh.password) {
          set.password = password;
          await setRoomAccessCode(tx, fresh.liveId, password);
        }
      }
      await repo.updateMeeting(tx, id, set, now);
    });
    return { meeting: await this.detail(id, hostId, lang), liveId: current.liveId };
  }

  async cancel(id: number, hostId: number, lang: ApiLanguage): Promise<{ meeting: Meeting; liveId: number }> {
    const now = this.now();
    const current = await this.own(id, hostId);
    await transaction(this.db, async (tx) => {
      const locked = await repo.lockMeeting(tx, id);
      if (!locked) throw new AppError(ErrorCode.NOT_FOUND);
      const fresh = await repo.findMeeting(tx, id);
      if (!fresh) throw new AppError(ErrorCode.NOT_FOUND);
      const status = meetingStatus(fresh, now);
      if (status === 'cancelled') return;
      if (status === 'ended') throw new AppError(ErrorCode.MEETING_CLOSED);
      await repo.cancelMeeting(tx, id, now);
      await withdrawUnlistedLive(tx, fresh.liveId, now);
    });
    return { meeting: await this.detail(id, hostId, lang), liveId: current.liveId };
  }

  async launchToken(id: number, hostId: number): Promise<DataOf<'meetingLaunchToken'>> {
    const now = this.now();
    const row = await this.own(id, hostId);
    const status = meetingStatus(row, now);
    if (status === 'cancelled' || status === 'ended') throw new AppError(ErrorCode.MEETING_CLOSED);
    const token = randomToken(32);
    const expiresAt = new Date(now.getTime() + MEETING_LAUNCH_TOKEN_TTL_S * 1000);
    await repo.insertLaunchToken(this.db, { tokenHash: sha256(token), meetingId: id, userId: hostId, expiresAt, now });
    // Old tokens go as new ones are made: no timer of its own for a small table.
    await repo.sweepLaunchTokens(this.db, new Date(now.getTime() - 86_400_000));
    return { token, launch_path: `/meeting/launch?token=${encodeURIComponent(token)}`, expires_at: expiresAt.toISOString() };
  }

  /** Uses a launch token: the host's new session and the room to open. */
  async launch(token: string, platform: Platform): Promise<{ data: DataOf<'meetingLaunch'>; outcome: LoginOutcome }> {
    const now = this.now();
    const used = await repo.consumeLaunchToken(this.db, sha256(token), now);
    if (!used) throw new AppError(ErrorCode.MEETING_LAUNCH_INVALID);
    const row = await repo.findMeeting(this.db, used.meetingId);
    if (!row || row.hostId !== used.userId) throw new AppError(ErrorCode.MEETING_LAUNCH_INVALID);
    const status = meetingStatus(row, now);
    if (status === 'cancelled' || status === 'ended') throw new AppError(ErrorCode.MEETING_CLOSED);
    const user = await this.accounts.users.get(this.db, used.userId);
    if (!user || user.status !== 'active') throw new AppError(ErrorCode.MEETING_LAUNCH_INVALID);
    const outcome = await this.accounts.issueSession(user, platform, false);
    return { data: { live_id: row.liveId, meeting_no: row.meetingNo, login: outcome.data }, outcome };
  }

  async byNumber(meetingNo: string, lang: ApiLanguage): Promise<DataOf<'meetingByNumber'>> {
    const row = await repo.findByNumber(this.db, meetingNo);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return {
      meeting_no: row.meetingNo,
      title: row.title,
      host: row.hostName,
      start_at: row.startAt.toISOString(),
      end_at: row.endAt.toISOString(),
      status: meetingStatus(row, this.now()),
      has_password: row.password !== null,
      live_id: row.liveId,
      department: row.departmentId === null ? null : pick(lang, row.depZh ?? '', row.depEn),
    };
  }
}

/** The live that holds a meeting (its room), or null for an unknown meeting: its attendance is the room's. */
export async function meetingLiveId(db: Db | Tx, meetingId: number): Promise<number | null> {
  return (await repo.findMeeting(db, meetingId))?.liveId ?? null;
}
