import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { news } from '../../db/schema/index.ts';
import { newsItemListed } from './news.visibility.ts';

/** What a news item's share poster shows (items readers see now: a scheduled one from its instant). */
export async function newsShareInfo(db: Db, id: number, now: Date) {
  const [row] = await db
    .select({
      titleZh: news.titleZh,
      titleEn: news.titleEn,
      descriptionZh: news.descriptionZh,
      descriptionEn: news.descriptionEn,
      cover: news.cover,
      publishedAt: news.publishedAt,
      sourceZh: news.sourceZh,
      sourceEn: news.sourceEn,
    })
    .from(news)
    .where(and(eq(news.id, id), newsItemListed(now)));
  return row ?? null;
}
