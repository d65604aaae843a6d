import { and, asc, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authorLinkups, authorTalks, departments, papers } from '../../db/schema/index.ts';
import { paginate } from '../shared/paginate.ts';

const published = 'published' as const;

/** A talk with what its card shows of its field and paper. */
export interface TalkRow {
  talk: typeof authorTalks.$inferSelect;
  field: { id: number; nameZh: string; nameEn: string | null };
  paper: typeof papers.$inferSelect;
}

const talkColumns = {
  talk: authorTalks,
  field: { id: departments.id, nameZh: departments.nameZh, nameEn: departments.nameEn },
  paper: papers,
};

/** A talk is shown only while both it and its paper are published. */
const visible = and(eq(authorTalks.status, published), eq(papers.status, published));
const newest = [desc(authorTalks.publishedAt), desc(authorTalks.id)];

const talks = (db: Db) =>
  db.select(talkColumns).from(authorTalks).innerJoin(papers, eq(papers.id, authorTalks.paperId)).innerJoin(departments, eq(departments.id, authorTalks.departmentId));

export async function pageTalks(db: Db, f: { fieldId?: number | undefined; journal?: string | undefined }, page: number, pageSize: number): Promise<{ rows: TalkRow[]; total: number }> {
  const conds: SQL[] = [visible as SQL];
  if (f.fieldId !== undefined) conds.push(eq(authorTalks.departmentId, f.fieldId));
  if (f.journal !== undefined) conds.push(eq(papers.fullJournal, f.journal));
  const where = and(...conds);
  return paginate(
    talks(db).where(where).orderBy(...newest).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ n: count() }).from(authorTalks).innerJoin(papers, eq(papers.id, authorTalks.paperId)).where(where),
  );
}

export async function findTalk(db: Db, id: number): Promise<TalkRow | null> {
  const [row] = await talks(db).where(and(visible, eq(authorTalks.id, id)));
  return row ?? null;
}

export async function talksByIds(db: Db, ids: readonly number[]): Promise<Map<number, TalkRow>> {
  if (!ids.length) return new Map();
  const rows = await talks(db).where(and(visible, inArray(authorTalks.id, [...ids])));
  return new Map(rows.map((r) => [r.talk.id, r]));
}

export async function relatedTalks(db: Db, talk: { id: number; departmentId: number }, limit: number): Promise<TalkRow[]> {
  return talks(db)
    .where(and(visible, eq(authorTalks.departmentId, talk.departmentId), ne(authorTalks.id, talk.id)))
    .orderBy(...newest)
    .limit(limit);
}

/** Fields and journals that have at least one visible talk. */
export async function filterValues(db: Db): Promise<{ fields: TalkRow['field'][]; journals: string[] }> {
  const [fields, journals] = await Promise.all([
    db
      .selectDistinct({ id: departments.id, nameZh: departments.nameZh, nameEn: departments.nameEn, sort: departments.sort })
      .from(authorTalks)
      .innerJoin(papers, eq(papers.id, authorTalks.paperId))
      .innerJoin(departments, eq(departments.id, authorTalks.departmentId))
      .where(visible)
      .orderBy(asc(departments.sort), asc(departments.id)),
    db.selectDistinct({ journal: papers.fullJournal }).from(authorTalks).innerJoin(papers, eq(papers.id, authorTalks.paperId)).where(visible).orderBy(asc(papers.fullJournal)),
  ]);
  return { fields: fields.map(({ id, nameZh, nameEn }) => ({ id, nameZh, nameEn })), journals: journals.map((j) => j.journal) };
}

export interface LinkupRow {
  linkup: typeof authorLinkups.$inferSelect;
  field: TalkRow['field'];
}

const linkupColumns = { linkup: authorLinkups, field: talkColumns.field };
const linkupVisible = eq(authorLinkups.status, published);

export async function pageLinkups(db: Db, page: number, pageSize: number): Promise<{ rows: LinkupRow[]; total: number }> {
  return paginate(
    db
      .select(linkupColumns)
      .from(authorLinkups)
      .innerJoin(departments, eq(departments.id, authorLinkups.departmentId))
      .where(linkupVisible)
      .orderBy(desc(authorLinkups.heldAt), desc(authorLinkups.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(authorLinkups).where(linkupVisible),
  );
}

export async function findLinkup(db: Db, id: number): Promise<LinkupRow | null> {
  const [row] = await db
    .select(linkupColumns)
    .from(authorLinkups)
    .innerJoin(departments, eq(departments.id, authorLinkups.departmentId))
    .where(and(linkupVisible, eq(authorLinkups.id, id)));
  return row ?? null;
}

export async function countVisible(db: Db): Promise<{ talks: number; linkups: number }> {
  const [[t], [l]] = await Promise.all([
    db.select({ n: count() }).from(authorTalks).innerJoin(papers, eq(papers.id, authorTalks.paperId)).where(visible),
    db.select({ n: count() }).from(authorLinkups).where(linkupVisible),
  ]);
  return { talks: t?.n ?? 0, linkups: l?.n ?? 0 };
}
