import type { PublicationState } from '@medportal/contract';
import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { departments, lives, organizers, speakers, userRoles, users } from '../../db/schema/index.ts';
import { stateCondition, textSearch } from '../shared/publication.ts';

type Conn = Db | Tx;

export interface AdminLiveFilter {
  q?: string | undefined;
  state?: PublicationState | undefined;
  liveState?: 'upcoming' | 'live' | 'ended' | undefined;
  organizerId?: number | undefined;
  departmentId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const rowColumns = {
  id: lives.id,
  titleZh: lives.titleZh,
  titleEn: lives.titleEn,
  subTitleZh: lives.subTitleZh,
  subTitleEn: lives.subTitleEn,
  banner: lives.banner,
  startAt: lives.startAt,
  endAt: lives.endAt,
  hasReplay: lives.hasReplay,
  meetingNo: lives.meetingNo,
  status: lives.status,
  publishedAt: lives.publishedAt,
  organizerId: lives.organizerId,
  organizerZh: organizers.nameZh,
  departmentId: lives.departmentId,
  departmentZh: departments.nameZh,
  speakerId: lives.speakerId,
  createdAt: lives.createdAt,
  updatedAt: lives.updatedAt,
};

function where(f: AdminLiveFilter, now: Date): SQL | undefined {
  const live =
    f.liveState === 'upcoming'
      ? gt(lives.startAt, now)
      : f.liveState === 'live'
        ? and(lte(lives.startAt, now), gt(lives.endAt, now))
        : f.liveState === 'ended'
          ? lte(lives.endAt, now)
          : undefined;
  return and(
    // The rooms of created meetings (unlisted) belong to the meetings; they show only when asked for.
    f.state ? stateCondition(f.state, lives.status, lives.publishedAt, now) : ne(lives.status, 'unlisted'),
    textSearch(f.q, lives.titleZh, lives.titleEn, lives.meetingNo),
    live,
    f.organizerId ? eq(lives.organizerId, f.organizerId) : undefined,
    f.departmentId ? eq(lives.departmentId, f.departmentId) : undefined,
    f.from ? gte(lives.startAt, f.from) : undefined,
    f.to ? lt(lives.startAt, f.to) : undefined,
  );
}

const SORTS = { start_at: lives.startAt, updated_at: lives.updatedAt, id: lives.id, title: lives.titleZh } as const;

export async function page(db: Conn, f: AdminLiveFilter, now: Date, sort: string | undefined, order: 'asc' | 'desc', limit: number, offset: number) {
  const cond = where(f, now);
  const column = SORTS[(sort ?? 'start_at') as keyof typeof SORTS] ?? lives.startAt;
  const dir = order === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(lives)
      .leftJoin(organizers, eq(organizers.id, lives.organizerId))
      .leftJoin(departments, eq(departments.id, lives.departmentId))
      .where(cond)
      .orderBy(dir(column), dir(lives.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(lives).where(cond),
  ]);
  return { rows, total: total?.n ?? 0 };
}
export type AdminLiveRow = Awaited<ReturnType<typeof page>>['rows'][number];

export async function find(db: Conn, id: number): Promise<AdminLiveRow | undefined> {
  const [row] = await db
    .select(rowColumns)
    .from(lives)
    .leftJoin(organizers, eq(organizers.id, lives.organizerId))
    .leftJoin(departments, eq(departments.id, lives.departmentId))
    .where(eq(lives.id, id));
  return row;
}

/** A new version stamp: now, or a millisecond after the last one (two saves in one millisecond still differ). */
const nextVersion = (now: Date) => sql<Date>`greatest(${now.toISOString()}::timestamptz, date_trunc('milliseconds', ${lives.updatedAt}) + interval '1 millisecond')`;

/** The row locked for a write (publish, offline, agenda, stream): concurrent writes take turns. */
export async function lock(tx: Tx, id: number) {
  const [row] = await tx.select().from(lives).where(eq(lives.id, id)).for('update');
  return row;
}

export type LiveValues = Pick<
  typeof lives.$inferInsert,
  'titleZh' | 'titleEn' | 'subTitleZh' | 'subTitleEn' | 'banner' | 'startAt' | 'endAt' | 'organizerId' | 'departmentId' | 'speakerId'
>;

export async function insert(tx: Tx, v: LiveValues & { meetingNo: string; now: Date }): Promise<number> {
  const { now, ...values } = v;
  const [row] = await tx
    .insert(lives)
    .values({ ...values, status: 'draft', createdAt: now, updatedAt: now })
    .returning({ id: lives.id });
  if (!row) throw new Error('live insert returned nothing');
  return row.id;
}

/** The edit, only if the row is still the version the editor loaded; false: it changed since (or is gone). */
export async function updateIfVersion(tx: Tx, id: number, version: Date, v: LiveValues, now: Date): Promise<boolean> {
  const rows = await tx
    .update(lives)
    .set({ ...v, updatedAt: nextVersion(now) })
    .where(and(eq(lives.id, id), sql`date_trunc('milliseconds', ${lives.updatedAt}) = ${version.toISOString()}::timestamptz`))
    .returning({ id: lives.id });
  return rows.length === 1;
}

export async function setPublication(tx: Tx, id: number, v: { status: 'published' | 'offline'; publishedAt?: Date }, now: Date): Promise<void> {
  await tx
    .update(lives)
    .set({ ...v, updatedAt: nextVersion(now) })
    .where(eq(lives.id, id));
}

export async function touch(tx: Tx, id: number, now: Date): Promise<void> {
  await tx.update(lives).set({ updatedAt: nextVersion(now) }).where(eq(lives.id, id));
}

// ---- references ----

export async function existingIds(db: Conn, table: 'speakers' | 'organizers' | 'departments', ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const t = { speakers, organizers, departments }[table];
  const rows = await db.select({ id: t.id }).from(t).where(inArray(t.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

export function speakerNames(db: Conn, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.select({ id: speakers.id, nameZh: speakers.nameZh }).from(speakers).where(inArray(speakers.id, [...ids]));
}

/** Speakers for the editor's picker: by name, published first. */
export function searchSpeakers(db: Conn, q: string | undefined, limit: number) {
  return db
    .select({ id: speakers.id, nameZh: speakers.nameZh, nameEn: speakers.nameEn })
    .from(speakers)
    .where(textSearch(q, speakers.nameZh, speakers.nameEn))
    .orderBy(sql`case when ${speakers.status} = 'published' then 0 else 1 end`, asc(speakers.sort), asc(speakers.id))
    .limit(limit);
}

export function allOrganizers(db: Conn) {
  return db.select({ id: organizers.id, nameZh: organizers.nameZh }).from(organizers).orderBy(asc(organizers.id)).limit(500);
}

export function allDepartments(db: Conn) {
  return db.select({ id: departments.id, nameZh: departments.nameZh }).from(departments).orderBy(asc(departments.sort), asc(departments.id)).limit(500);
}

/** Staff who may moderate a room: anyone with a console role. */
export function staffUsers(db: Conn) {
  return db
    .selectDistinct({ id: users.id, nickname: users.nickname })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(users.status, 'active'))
    .orderBy(asc(users.id))
    .limit(500);
}
