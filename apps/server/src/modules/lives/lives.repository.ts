import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { departments, liveProducts, liveReminders, lives, relateSites, userFavorites, userIdentities, userRemindSettings } from '../../db/schema/index.ts';
import { liveCardColumns } from '../shared/card.columns.ts';
import { paginate } from '../shared/paginate.ts';
import { visibleNow } from '../shared/publication.ts';

type Conn = Db | Tx;

/** Published and its instant come (a scheduled publication stays hidden until then, decision record 0062). */
const published = (now: Date) => visibleNow(lives.status, lives.publishedAt, now);

const cardColumns = { ...liveCardColumns, meetingNo: lives.meetingNo };

async function paged(db: Conn, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  return paginate(
    db
      .select(cardColumns)
      .from(lives)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(lives).where(where),
  );
}
export type LiveCardRow = Awaited<ReturnType<typeof paged>>['rows'][number];

/** Start and end of published lives starting in [from, to): the day strip counts these. */
export function startsBetween(db: Conn, from: Date, to: Date, now: Date) {
  return db
    .select({ startAt: lives.startAt, endAt: lives.endAt })
    .from(lives)
    .where(and(published(now), gte(lives.startAt, from), lt(lives.startAt, to)))
    .orderBy(asc(lives.startAt));
}

export function pageStartingBetween(db: Conn, from: Date, to: Date, now: Date, limit: number, offset: number) {
  return paged(db, and(published(now), gte(lives.startAt, from), lt(lives.startAt, to)), [asc(lives.startAt), asc(lives.id)], limit, offset);
}

/** Ended lives with a recording, newest first. */
export function lookBack(db: Conn, now: Date, limit: number) {
  return db
    .select(cardColumns)
    .from(lives)
    .where(and(published(now), lte(lives.endAt, now), eq(lives.hasReplay, true)))
    .orderBy(desc(lives.startAt), desc(lives.id))
    .limit(limit);
}

export function pageHistory(
  db: Conn,
  now: Date,
  f: { from?: Date | undefined; to?: Date | undefined; departmentId?: number | undefined },
  limit: number,
  offset: number,
) {
  const where = and(
    published(now),
    lte(lives.endAt, now),
    f.from ? gte(lives.startAt, f.from) : undefined,
    f.to ? lt(lives.startAt, f.to) : undefined,
    f.departmentId ? eq(lives.departmentId, f.departmentId) : undefined,
  );
  return paged(db, where, [desc(lives.startAt), desc(lives.id)], limit, offset);
}

/** Years of past meetings, with start_at shifted by a fixed offset (the caller's, now). */
export async function historyYears(db: Conn, now: Date, offsetMin: number): Promise<number[]> {
  // Inlined (an integer we computed) so select and order by are the same expression to PostgreSQL.
  const year = sql<number>`cast(extract(year from (${lives.startAt} at time zone 'UTC') + make_interval(mins => ${sql.raw(String(Math.trunc(offsetMin)))})) as int)`;
  const rows = await db
    .selectDistinct({ year })
    .from(lives)
    .where(and(published(now), lte(lives.endAt, now)))
    .orderBy(desc(year));
  return rows.map((r) => Number(r.year));
}

export function historyDepartments(db: Conn, now: Date) {
  return db
    .selectDistinct({ id: departments.id, nameZh: departments.nameZh, nameEn: departments.nameEn, sort: departments.sort })
    .from(lives)
    .innerJoin(departments, eq(departments.id, lives.departmentId))
    .where(and(published(now), lte(lives.endAt, now)))
    .orderBy(asc(departments.sort), asc(departments.id));
}

/** The user's reminded or favourited published lives starting in [from, to). */
export function myLivesBetween(db: Conn, userId: number, from: Date, to: Date, now: Date) {
  const mine = or(
    sql`exists (select 1 from ${liveReminders} where ${liveReminders.liveId} = ${lives.id} and ${liveReminders.userId} = ${userId})`,
    sql`exists (select 1 from ${userFavorites} where ${userFavorites.moduleName} = 'live' and ${userFavorites.moduleId} = ${lives.id} and ${userFavorites.userId} = ${userId})`,
  );
  return db
    .select(cardColumns)
    .from(lives)
    .where(and(published(now), gte(lives.startAt, from), lt(lives.startAt, to), mine))
    .orderBy(asc(lives.startAt), asc(lives.id))
    .limit(500);
}

export async function remindCounts(db: Conn, liveIds: number[]): Promise<Map<number, number>> {
  if (liveIds.length === 0) return new Map();
  const rows = await db
    .select({ liveId: liveReminders.liveId, n: count() })
    .from(liveReminders)
    .where(inArray(liveReminders.liveId, liveIds))
    .groupBy(liveReminders.liveId);
  return new Map(rows.map((r) => [r.liveId, r.n]));
}

export async function remindedIds(db: Conn, userId: number, liveIds: number[]): Promise<Set<number>> {
  if (liveIds.length === 0) return new Set();
  const rows = await db
    .select({ id: liveReminders.liveId })
    .from(liveReminders)
    .where(and(eq(liveReminders.userId, userId), inArray(liveReminders.liveId, liveIds)));
  return new Set(rows.map((r) => r.id));
}

export async function favoriteIds(db: Conn, userId: number, liveIds: number[]): Promise<Set<number>> {
  if (liveIds.length === 0) return new Set();
  const rows = await db
    .select({ id: userFavorites.moduleId })
    .from(userFavorites)
    .where(and(eq(userFavorites.userId, userId), eq(userFavorites.moduleName, 'live'), inArray(userFavorites.moduleId, liveIds)));
  return new Set(rows.map((r) => r.id));
}

/** The published live, locked so concurrent reminder clicks on it take turns. */
export async function lockLive(tx: Tx, id: number, now: Date) {
  const [row] = await tx
    .select({ id: lives.id, endAt: lives.endAt })
    .from(lives)
    .where(and(eq(lives.id, id), published(now)))
    .for('update');
  return row;
}

export async function setReminder(tx: Tx, userId: number, liveId: number, on: boolean, at: { now: Date; lang: string; tz: string }): Promise<void> {
  if (on) {
    await tx.insert(liveReminders).values({ userId, liveId, createdAt: at.now, lang: at.lang, timezone: at.tz }).onConflictDoNothing();
  } else {
    await tx.delete(liveReminders).where(and(eq(liveReminders.userId, userId), eq(liveReminders.liveId, liveId)));
  }
}

export async function countReminders(db: Conn, liveId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(liveReminders).where(eq(liveReminders.liveId, liveId));
  return row?.n ?? 0;
}

export async function remindSettings(db: Conn, userId: number) {
  const [row] = await db.select().from(userRemindSettings).where(eq(userRemindSettings.userId, userId));
  return row;
}

export async function saveRemindSettings(db: Conn, userId: number, channel: string, minutesBefore: number, now: Date): Promise<void> {
  await db
    .insert(userRemindSettings)
    .values({ userId, channel, minutesBefore, updatedAt: now })
    .onConflictDoUpdate({ target: userRemindSettings.userId, set: { channel, minutesBefore, updatedAt: now } });
}

/** The user's bound mobile and email (identity values: E.164 `+8613800138000`, lower-case email). */
export async function contactsOf(db: Conn, userId: number): Promise<{ mobile?: string; email?: string }> {
  const rows = await db
    .select({ kind: userIdentities.kind, value: userIdentities.value })
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, userId), inArray(userIdentities.kind, ['mobile', 'email'])));
  const out: { mobile?: string; email?: string } = {};
  for (const r of rows) {
    if (r.kind === 'mobile') out.mobile = r.value;
    if (r.kind === 'email') out.email = r.value;
  }
  return out;
}

/**
 * Claim reminders that are due: the live is published, not over, and starts within the user's lead
 * time. Setting sent_at in the same statement that picks the rows (skip locked, and `sent_at is
 * null` re-checked) means two processes never claim one row.
 */
export async function claimDueReminders(db: Conn, now: Date, defaultMinutes: number, limit: number) {
  const at = now.toISOString();
  return queryRows<{ id: number; user_id: number; live_id: number; lang: string; timezone: string }>(
    db,
    sql`
    update ${liveReminders} set sent_at = ${at}::timestamptz
    where id in (
      select r.id from ${liveReminders} r
      join ${lives} l on l.id = r.live_id
      left join ${userRemindSettings} s on s.user_id = r.user_id
      where r.sent_at is null and l.status = 'published' and (l.published_at is null or l.published_at <= ${at}::timestamptz) and l.end_at > ${at}::timestamptz
        and l.start_at - make_interval(mins => coalesce(s.minutes_before, ${defaultMinutes}::int)) <= ${at}::timestamptz
      order by r.id
      limit ${limit}
      for update of r skip locked
    ) and sent_at is null
    returning id, user_id, live_id, lang, timezone`,
  );
}

export async function markChannel(db: Conn, id: number, channel: string): Promise<void> {
  await db.update(liveReminders).set({ channel }).where(eq(liveReminders.id, id));
}

export function liveForMessage(db: Conn, id: number) {
  return db
    .select({ titleZh: lives.titleZh, titleEn: lives.titleEn, startAt: lives.startAt, endAt: lives.endAt, meetingNo: lives.meetingNo })
    .from(lives)
    .where(eq(lives.id, id))
    .then((r) => r[0]);
}

/** Whether a product is known: a published sister product, or a key some live is tagged with. */
export async function productExists(db: Conn, key: string): Promise<boolean> {
  const [site] = await db.select({ key: relateSites.key }).from(relateSites).where(and(eq(relateSites.key, key), eq(relateSites.status, 'published')));
  if (site) return true;
  const [tagged] = await db.select({ liveId: liveProducts.liveId }).from(liveProducts).where(eq(liveProducts.product, key)).limit(1);
  return tagged !== undefined;
}

/** Published lives tagged with a product: those not yet ended (soonest first), then the latest ended. */
export async function productLives(db: Conn, product: string, now: Date, limit: number) {
  const tagged = and(published(now), eq(liveProducts.product, product));
  const coming = await db
    .select(cardColumns)
    .from(lives)
    .innerJoin(liveProducts, eq(liveProducts.liveId, lives.id))
    .where(and(tagged, gt(lives.endAt, now)))
    .orderBy(asc(lives.startAt), asc(lives.id))
    .limit(limit);
  const past = await db
    .select(cardColumns)
    .from(lives)
    .innerJoin(liveProducts, eq(liveProducts.liveId, lives.id))
    .where(and(tagged, lte(lives.endAt, now)))
    .orderBy(desc(lives.startAt), desc(lives.id))
    .limit(Math.max(0, limit - coming.length));
  return [...coming, ...past];
}
