import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courseListed } from '../courses/index.ts';
import { liveListed } from '../lives/index.ts';
import { newsItemListed } from '../news/index.ts';
import { paperListed } from '../papers/index.ts';
import {
  columns,
  congresses,
  courses,
  hospitals,
  lives,
  news,
  newsCategories,
  organizers,
  papers,
  recordings,
  relateSites,
  sitePages,
  specials,
  speakers,
  tags,
} from '../../db/schema/index.ts';

/** A public page of the web app and when its content last changed. */
export interface SitemapPage {
  /** Path with the query that selects the content (`/topic?id=3`), without `lang`. */
  path: string;
  lastmod: Date;
}

/** The web paths of the site documents (apps/web/src/config/paths.ts); the others need a login. */
const DOCUMENT_PATHS: Record<string, string> = {
  about: '/about_us',
  contact: '/contact_us',
  contract: '/contract',
  privacy: '/privacy',
  'privacy-sdk': '/privacy/sdk',
};

function latest(dates: ReadonlyArray<Date | null>, fallback: Date): Date {
  let best: Date | null = null;
  for (const d of dates) if (d && (!best || d > best)) best = d;
  return best ?? fallback;
}

const asDate = (v: unknown): Date | null => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));

/**
 * Every public page a visitor can reach without a login: the published content (what its pages
 * show), the places, the site documents, the product pages and the lists, each with the time its
 * content last changed (`now` where nothing says).
 */
export async function sitemapPages(db: Db, now: Date): Promise<SitemapPage[]> {
  const published = 'published' as const;
  const [courseRows, newsRows, categoryRows, liveRows, recordingRows, speakerRows, hospitalRows, organizerRows, tagRows, topicRows, paperRows, docRows, productRows, columnRows] =
    await Promise.all([
      db.select({ id: courses.id, at: courses.updatedAt }).from(courses).where(courseListed(now)).orderBy(asc(courses.id)),
      db
        .select({ id: news.id, at: news.updatedAt })
        .from(news)
        .innerJoin(newsCategories, eq(newsCategories.id, news.categoryId))
        .where(and(newsItemListed(now), eq(newsCategories.status, published)))
        .orderBy(asc(news.id)),
      db
        .select({ id: newsCategories.id, created: newsCategories.createdAt, at: max(news.updatedAt) })
        .from(newsCategories)
        .leftJoin(news, and(eq(news.categoryId, newsCategories.id), newsItemListed(now)))
        .where(eq(newsCategories.status, published))
        .groupBy(newsCategories.id)
        .orderBy(asc(newsCategories.id)),
      db.select({ id: lives.id, at: lives.updatedAt }).from(lives).where(liveListed(now)).orderBy(asc(lives.id)),
      db
        .select({ id: recordings.id, at: recordings.createdAt })
        .from(recordings)
        .where(and(eq(recordings.status, published), eq(recordings.ready, true)))
        .orderBy(asc(recordings.id)),
      db.select({ id: speakers.id, at: speakers.updatedAt }).from(speakers).where(eq(speakers.status, published)).orderBy(asc(speakers.id)),
      db.select({ id: hospitals.id, at: hospitals.createdAt }).from(hospitals).orderBy(asc(hospitals.id)),
      db.select({ id: organizers.id, at: organizers.createdAt }).from(organizers).orderBy(asc(organizers.id)),
      db.select({ id: tags.id, at: tags.createdAt }).from(tags).orderBy(asc(tags.id)),
      db
        .select({ id: specials.id, at: specials.updatedAt })
        .from(specials)
        .where(and(eq(specials.kind, 'topic'), eq(specials.status, published)))
        .orderBy(asc(specials.sort), asc(specials.id)),
      db
        .select({ id: papers.id, at: sql<Date>`coalesce(${papers.publishedAt}, ${papers.createdAt})` })
        .from(papers)
        .where(paperListed(now))
        .orderBy(asc(papers.id)),
      db
        .select({ slug: sitePages.slug, at: sitePages.updatedAt })
        .from(sitePages)
        .where(and(eq(sitePages.status, published), inArray(sitePages.slug, Object.keys(DOCUMENT_PATHS))))
        .orderBy(asc(sitePages.slug)),
      db.select({ key: relateSites.key, at: relateSites.createdAt }).from(relateSites).where(eq(relateSites.status, published)).orderBy(asc(relateSites.sort), asc(relateSites.id)),
      db.select({ at: max(columns.updatedAt) }).from(columns).where(eq(columns.status, published)),
    ]);

  const congressRows = await db.select({ id: congresses.id, at: congresses.updatedAt }).from(congresses).where(eq(congresses.status, published)).orderBy(asc(congresses.id));

  const item = (path: string, at: unknown): SitemapPage => ({ path, lastmod: asDate(at) ?? now });
  const newest = (rows: Array<{ at: unknown }>) => latest(rows.map((r) => asDate(r.at)), now);
  const courseAt = newest(courseRows);
  const newsAt = newest(newsRows);
  const liveAt = newest(liveRows);
  const topicAt = newest(topicRows);
  const speakerAt = newest(speakerRows);
  const columnAt = asDate(columnRows[0]?.at) ?? now;
  return [
    item('/', latest([courseAt, newsAt, liveAt, topicAt, speakerAt, columnAt], now)),
    item('/course', courseAt),
    item('/live', liveAt),
    item('/live/history', liveAt),
    item('/news', newsAt),
    item('/column/index', columnAt),
    item('/topic', topicAt),
    ...courseRows.map((r) => item(`/course/${r.id}`, r.at)),
    ...categoryRows.map((r) => item(`/news_cate/${r.id}`, r.at ?? r.created)),
    ...newsRows.map((r) => item(`/news/${r.id}`, r.at)),
    ...liveRows.map((r) => item(`/w/o/live/${r.id}`, r.at)),
    ...recordingRows.map((r) => item(`/w/o/vod/${r.id}`, r.at)),
    ...speakerRows.map((r) => item(`/speaker/${r.id}`, r.at)),
    ...hospitalRows.map((r) => item(`/hospital/${r.id}`, r.at)),
    ...organizerRows.map((r) => item(`/organizer/${r.id}`, r.at)),
    ...tagRows.map((r) => item(`/keywords/${r.id}`, r.at)),
    ...topicRows.map((r) => item(`/topic?id=${r.id}`, r.at)),
    ...paperRows.map((r) => item(`/paper/${r.id}`, r.at)),
    ...docRows.flatMap((r) => (DOCUMENT_PATHS[r.slug] ? [item(DOCUMENT_PATHS[r.slug] as string, r.at)] : [])),
    ...productRows.map((r) => item(`/${encodeURIComponent(r.key)}`, r.at)),
    item('/meeting/calendar', newest(congressRows)),
    ...congressRows.map((r) => item(`/meeting/calendar/${r.id}`, r.at)),
  ];
}
