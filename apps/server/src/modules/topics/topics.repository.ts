import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TopicCounts, TopicModule } from '@medportal/contract';
import type { Db } from '../../db/client.ts';
import { courses, lives, news, newsCategories, papers, specialItems, specials } from '../../db/schema/index.ts';
import { courseColumns, withTags } from '../shared/course.columns.ts';
import type { CourseRow } from '../shared/content.present.ts';
import type { NewsRow } from '../shared/news.present.ts';
import { liveCardColumns, newsCardColumns } from '../shared/card.columns.ts';
import { paginate } from '../shared/paginate.ts';
import { courseListed } from '../courses/index.ts';
import { liveListed } from '../lives/index.ts';
import { newsItemListed } from '../news/index.ts';
import { paperListed } from '../papers/index.ts';

const published = 'published' as const;

export type TopicRow = typeof specials.$inferSelect;

const isTopic = and(eq(specials.kind, 'topic'), eq(specials.status, published)) as SQL;

/** Published topics in display order (sort, id). */
export async function pageTopics(db: Db, limit: number, offset: number): Promise<{ rows: TopicRow[]; total: number }> {
  return paginate(
    db.select().from(specials).where(isTopic).orderBy(asc(specials.sort), asc(specials.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(specials).where(isTopic),
  );
}

export async function findTopic(db: Db, id: number): Promise<TopicRow | null> {
  const [row] = await db
    .select()
    .from(specials)
    .where(and(eq(specials.id, id), isTopic))
    .limit(1);
  return row ?? null;
}

/** The item table of each module, and its publication condition (news also needs its category published). */
const moduleTables: Record<TopicModule, { table: PgTable; id: AnyPgColumn; visible: (now: Date) => SQL }> = {
  course: { table: courses, id: courses.id, visible: courseListed },
  live: { table: lives, id: lives.id, visible: liveListed },
  news: { table: news, id: news.id, visible: newsItemListed },
  paper: { table: papers, id: papers.id, visible: paperListed },
};

/** Per topic, how many visible items of each module it groups (items taken offline are not counted). */
export async function countItems(db: Db, topicIds: number[], now: Date): Promise<Map<number, TopicCounts>> {
  const out = new Map<number, TopicCounts>(topicIds.map((id) => [id, { course: 0, live: 0, news: 0, paper: 0 }]));
  if (topicIds.length === 0) return out;
  await Promise.all(
    (Object.keys(moduleTables) as TopicModule[]).map(async (module) => {
      const m = moduleTables[module];
      let q = db
        .select({ specialId: specialItems.specialId, n: count() })
        .from(specialItems)
        .innerJoin(m.table, eq(m.id, specialItems.itemId))
        .$dynamic();
      if (module === 'news') q = q.innerJoin(newsCategories, eq(newsCategories.id, news.categoryId));
      const rows = await q
        .where(
          and(
            inArray(specialItems.specialId, topicIds),
            eq(specialItems.module, module),
            m.visible(now),
            module === 'news' ? eq(newsCategories.status, published) : undefined,
          ),
        )
        .groupBy(specialItems.specialId);
      for (const r of rows) {
        const counts = out.get(r.specialId);
        if (counts) counts[module] = r.n;
      }
    }),
  );
  return out;
}

const inTopic = (topicId: number, module: TopicModule) => and(eq(specialItems.specialId, topicId), eq(specialItems.module, module));
const itemOrder = [asc(specialItems.sort), asc(specialItems.itemId)];

export async function pageCourses(db: Db, topicId: number, now: Date, limit: number, offset: number): Promise<{ rows: CourseRow[]; total: number }> {
  const where = and(inTopic(topicId, 'course'), courseListed(now));
  const { rows, total } = await paginate(
    db
      .select(courseColumns)
      .from(specialItems)
      .innerJoin(courses, eq(courses.id, specialItems.itemId))
      .where(where)
      .orderBy(...itemOrder)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(specialItems).innerJoin(courses, eq(courses.id, specialItems.itemId)).where(where),
  );
  return { rows: await withTags(db, rows), total };
}


export async function pageLives(db: Db, topicId: number, now: Date, limit: number, offset: number) {
  const where = and(inTopic(topicId, 'live'), liveListed(now));
  return paginate(
    db
      .select(liveCardColumns)
      .from(specialItems)
      .innerJoin(lives, eq(lives.id, specialItems.itemId))
      .where(where)
      .orderBy(...itemOrder)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(specialItems).innerJoin(lives, eq(lives.id, specialItems.itemId)).where(where),
  );
}

export async function pageNews(db: Db, topicId: number, now: Date, limit: number, offset: number): Promise<{ rows: NewsRow[]; total: number }> {
  const where = and(inTopic(topicId, 'news'), newsItemListed(now), eq(newsCategories.status, published));
  return paginate(
    db
      .select(newsCardColumns)
      .from(specialItems)
      .innerJoin(news, eq(news.id, specialItems.itemId))
      .innerJoin(newsCategories, eq(newsCategories.id, news.categoryId))
      .where(where)
      .orderBy(...itemOrder)
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(specialItems)
      .innerJoin(news, eq(news.id, specialItems.itemId))
      .innerJoin(newsCategories, eq(newsCategories.id, news.categoryId))
      .where(where),
  );
}

export async function pagePapers(db: Db, topicId: number, now: Date, limit: number, offset: number): Promise<{ rows: (typeof papers.$inferSelect)[]; total: number }> {
  const where = and(inTopic(topicId, 'paper'), paperListed(now));
  const { rows, total } = await paginate(
    db
      .select({ paper: papers })
      .from(specialItems)
      .innerJoin(papers, eq(papers.id, specialItems.itemId))
      .where(where)
      .orderBy(...itemOrder)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(specialItems).innerJoin(papers, eq(papers.id, specialItems.itemId)).where(where),
  );
  return { rows: rows.map((r) => r.paper), total };
}
