import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { departments, lives, meetingLaunchTokens, meetings, users } from '../../db/schema/index.ts';

type Conn = Db | Tx;

/** A meeting with its room's schedule (a host's start and end in the room move it) and department. */
const columns = {
  id: meetings.id,
  hostId: meetings.hostId,
  liveId: meetings.liveId,
  meetingNo: meetings.meetingNo,
  title: meetings.title,
  durationMin: meetings.durationMin,
  departmentId: meetings.departmentId,
  password: meetings.password,
  recorded: meetings.recorded,
  cancelledAt: meetings.cancelledAt,
  createdAt: meetings.createdAt,
  startAt: lives.startAt,
  endAt: lives.endAt,
  depZh: departments.nameZh,
  depEn: departments.nameEn,
  hostName: users.nickname,
};

const base = (db: Conn) =>
  db
    .select(columns)
    .from(meetings)
    .innerJoin(lives, eq(lives.id, meetings.liveId))
    .innerJoin(users, eq(users.id, meetings.hostId))
    .leftJoin(departments, eq(departments.id, meetings.departmentId));

export type MeetingRow = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];

export async function findMeeting(db: Conn, id: number): Promise<MeetingRow | undefined> {
  const [row] = await base(db).where(eq(meetings.id, id));
  return row;
}

export async function findByNumber(db: Conn, meetingNo: string): Promise<MeetingRow | undefined> {
  const [row] = await base(db).where(eq(meetings.meetingNo, meetingNo));
  return row;
}

export type Tab = 'upcoming' | 'live' | 'ended';

const open = isNull(meetings.cancelledAt);
function tabWhere(tab: Tab, now: Date): SQL {
  if (tab === 'upcoming') return and(open, gt(lives.startAt, now))!;
  if (tab === 'live') return and(open, lte(lives.startAt, now), gt(lives.endAt, now))!;
  return or(isNotNull(meetings.cancelledAt), lte(lives.endAt, now))!;
}

/** One tab of a host's meetings: upcoming soonest first, the others latest first. */
export async function pageMeetings(db: Conn, hostId: number, tab: Tab, now: Date, limit: number, offset: number): Promise<MeetingRow[]> {
  return base(db)
    .where(and(eq(meetings.hostId, hostId), tabWhere(tab, now)))
    .orderBy(tab === 'upcoming' ? asc(lives.startAt) : desc(lives.startAt), desc(meetings.id))
    .limit(limit)
    .offset(offset);
}

/** How many of a host's meetings each tab holds. */
export async function tabCounts(db: Conn, hostId: number, now: Date): Promise<Record<Tab, number>> {
  const [row] = await db
    .select({
      upcoming: sql<number>`count(*) filter (where ${tabWhere('upcoming', now)})`.mapWith(Number),
      live: sql<number>`count(*) filter (where ${tabWhere('live', now)})`.mapWith(Number),
      ended: sql<number>`count(*) filter (where ${tabWhere('ended', now)})`.mapWith(Number),
    })
    .from(meetings)
    .innerJoin(lives, eq(lives.id, meetings.liveId))
    .where(eq(meetings.hostId, hostId));
  return { upcoming: row?.upcoming ?? 0, live: row?.live ?? 0, ended: row?.ended ?? 0 };
}

/**
 * Locks the host's user row for the rest of the transaction: concurrent creates by one host run
 * one after another, so the count of open meetings they check cannot be outrun.
 */
export async function lockHost(tx: Tx, hostId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, hostId)).for('update');
}

/** Meetings of a host not cancelled and not yet over. */
export async function countOpen(tx: Tx, hostId: number, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(meetings)
    .innerJoin(lives, eq(lives.id, meetings.liveId))
    .where(and(eq(meetings.hostId, hostId), open, gt(lives.endAt, now)));
  return row?.n ?? 0;
}

export async function countAll(db: Conn, hostId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(meetings).where(eq(meetings.hostId, hostId));
  return row?.n ?? 0;
}

export async function numberTaken(tx: Tx, meetingNo: string): Promise<boolean> {
  const [row] = await tx.select({ id: meetings.id }).from(meetings).where(eq(meetings.meetingNo, meetingNo));
  return Boolean(row);
}

export async function insertMeeting(tx: Tx, v: typeof meetings.$inferInsert): Promise<number> {
  const [row] = await tx.insert(meetings).values(v).returning({ id: meetings.id });
  if (!row) throw new Error('meeting insert returned nothing');
  return row.id;
}

/** Locks a meeting row (edits and cancellation of one meeting run one at a time). */
export async function lockMeeting(tx: Tx, id: number) {
  const [row] = await tx.select().from(meetings).where(eq(meetings.id, id)).for('update');
  return row;
}

export async function updateMeeting(tx: Tx, id: number, set: Partial<typeof meetings.$inferInsert>, now: Date): Promise<void> {
  await tx
    .update(meetings)
    .set({ ...set, updatedAt: now })
    .where(eq(meetings.id, id));
}

/** Cancels once: false when it was already cancelled. */
export async function cancelMeeting(tx: Tx, id: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(meetings)
    .set({ cancelledAt: now, updatedAt: now })
    .where(and(eq(meetings.id, id), isNull(meetings.cancelledAt)))
    .returning({ id: meetings.id });
  return rows.length > 0;
}

export async function insertLaunchToken(db: Conn, v: { tokenHash: string; meetingId: number; userId: number; expiresAt: Date; now: Date }): Promise<void> {
  await db.insert(meetingLaunchTokens).values({ tokenHash: v.tokenHash, meetingId: v.meetingId, userId: v.userId, expiresAt: v.expiresAt, createdAt: v.now });
}

/**
 * Uses a launch token: one conditional update marks it used, so of any number of concurrent
 * uses exactly one gets the row back. Null: unknown, expired or already used.
 */
export async function consumeLaunchToken(db: Conn, tokenHash: string, now: Date): Promise<{ meetingId: number; userId: number } | null> {
  const [row] = await db
    .update(meetingLaunchTokens)
    .set({ usedAt: now })
    .where(and(eq(meetingLaunchTokens.tokenHash, tokenHash), isNull(meetingLaunchTokens.usedAt), gt(meetingLaunchTokens.expiresAt, now)))
    .returning({ meetingId: meetingLaunchTokens.meetingId, userId: meetingLaunchTokens.userId });
  return row ?? null;
}

/** Tokens expired a day ago or more are of no use, not even as evidence. */
export async function sweepLaunchTokens(db: Conn, before: Date): Promise<void> {
  await db.delete(meetingLaunchTokens).where(lte(meetingLaunchTokens.expiresAt, before));
}

export async function departmentRows(db: Conn) {
  return db.select().from(departments).orderBy(asc(departments.sort), asc(departments.id));
}

export async function departmentExists(db: Conn, id: number): Promise<boolean> {
  const [row] = await db.select({ id: departments.id }).from(departments).where(eq(departments.id, id));
  return Boolean(row);
}

/** A host's meetings not cancelled, for calendars: the room's schedule. */
export async function calendarRows(db: Conn, hostId: number) {
  return base(db)
    .where(and(eq(meetings.hostId, hostId), open))
    .orderBy(asc(lives.startAt));
}
