import type { HomeItemKind } from '@medportal/contract';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { banners, columns, courses, homeBlocks, homeDrafts, introTexts, lives, news, newsCategories, papers, speakers, specials } from '../../db/schema/index.ts';

type Conn = Db | Tx;

/** The home page's draft (one row) and the published blocks, for the console (decision record 0067). */

const DRAFT_ID = 1;

export async function findDraft(db: Conn, forUpdate = false) {
  const q = db.select().from(homeDrafts).where(eq(homeDrafts.id, DRAFT_ID)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/** Creates the draft unless one exists: false when another operator's draft is already there. */
export async function insertDraft(db: Conn, blocks: unknown[], by: number, now: Date): Promise<boolean> {
  const rows = await db
    .insert(homeDrafts)
    .values({ id: DRAFT_ID, blocks, updatedBy: by, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: homeDrafts.id });
  return rows.length === 1;
}

/** Replaces the draft if it is still the version `expected`. */
export async function updateDraftIfUnchanged(db: Conn, blocks: unknown[], by: number, expected: Date, now: Date): Promise<boolean> {
  const rows = await db
    .update(homeDrafts)
    // Always later than the version it replaces, so two saves within one millisecond still differ.
    .set({ blocks, updatedBy: by, updatedAt: sql`greatest(${now.toISOString()}::timestamptz, date_trunc('milliseconds', ${homeDrafts.updatedAt}) + interval '1 millisecond')` })
    .where(and(eq(homeDrafts.id, DRAFT_ID), sql`date_trunc('milliseconds', ${homeDrafts.updatedAt}) = ${expected.toISOString()}::timestamptz`))
    .returning({ id: homeDrafts.id });
  return rows.length === 1;
}

export async function deleteDraft(db: Conn): Promise<void> {
  await db.delete(homeDrafts).where(eq(homeDrafts.id, DRAFT_ID));
}

/** Every published-layout row (hidden ones too), in order. */
export function listBlocks(db: Conn) {
  return db.select().from(homeBlocks).orderBy(asc(homeBlocks.sort), asc(homeBlocks.id));
}
export type HomeBlockRecord = Awaited<ReturnType<typeof listBlocks>>[number];

export type HomeBlockValues = Pick<typeof homeBlocks.$inferInsert, 'layout' | 'titleZh' | 'titleEn' | 'hide' | 'moreAction' | 'source' | 'sort'>;

export async function updateBlock(db: Conn, id: number, v: HomeBlockValues, now: Date): Promise<void> {
  await db.update(homeBlocks).set({ ...v, status: 'published', updatedAt: now }).where(eq(homeBlocks.id, id));
}
export async function insertBlock(db: Conn, v: HomeBlockValues, now: Date): Promise<void> {
  await db.insert(homeBlocks).values({ ...v, status: 'published', createdAt: now, updatedAt: now });
}
export async function deleteBlocks(db: Conn, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(homeBlocks).where(inArray(homeBlocks.id, ids));
}

interface ItemTable {
  table: PgTable;
  id: PgColumn;
  titleZh: PgColumn;
  titleEn: PgColumn;
  status: PgColumn;
  extra?: SQL;
}

/** Where each kind of block item lives. */
const ITEM_TABLES: Record<HomeItemKind, ItemTable> = {
  banner: { table: banners, id: banners.id, titleZh: banners.titleZh, titleEn: banners.titleEn, status: banners.status },
  news: { table: news, id: news.id, titleZh: news.titleZh, titleEn: news.titleEn, status: news.status },
  news_category: { table: newsCategories, id: newsCategories.id, titleZh: newsCategories.titleZh, titleEn: newsCategories.titleEn, status: newsCategories.status },
  speaker: { table: speakers, id: speakers.id, titleZh: speakers.nameZh, titleEn: speakers.nameEn, status: speakers.status },
  course: { table: courses, id: courses.id, titleZh: courses.titleZh, titleEn: courses.titleEn, status: courses.status },
  column: { table: columns, id: columns.id, titleZh: columns.titleZh, titleEn: columns.titleEn, status: columns.status },
  paper: { table: papers, id: papers.id, titleZh: papers.titleZh, titleEn: papers.titleEn, status: papers.status },
  intro_text: { table: introTexts, id: introTexts.id, titleZh: introTexts.titleZh, titleEn: introTexts.titleEn, status: introTexts.status },
  album: { table: specials, id: specials.id, titleZh: specials.titleZh, titleEn: specials.titleEn, status: specials.status, extra: eq(specials.kind, 'album') },
  topic: { table: specials, id: specials.id, titleZh: specials.titleZh, titleEn: specials.titleEn, status: specials.status, extra: eq(specials.kind, 'topic') },
  live: { table: lives, id: lives.id, titleZh: lives.titleZh, titleEn: lives.titleEn, status: lives.status },
};

/** Items of a kind: these ids, or matching `q` by either title (20 at most, newest ids first). */
export async function findItems(db: Conn, kind: HomeItemKind, opts: { ids?: number[] | undefined; q?: string | undefined }) {
  const t = ITEM_TABLES[kind];
  const where: Array<SQL | undefined> = [t.extra];
  if (opts.ids) where.push(inArray(t.id, opts.ids));
  if (opts.q) {
    const pattern = `%${opts.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(t.titleZh, pattern), ilike(t.titleEn, pattern)));
  }
  return db
    .select({ id: sql<number>`${t.id}`, titleZh: sql<string>`${t.titleZh}`, titleEn: sql<string | null>`${t.titleEn}`, status: sql<string>`${t.status}` })
    .from(t.table)
    .where(and(...where))
    .orderBy(sql`${t.id} desc`)
    .limit(opts.ids ? opts.ids.length : 20);
}
