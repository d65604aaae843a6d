import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { news } from '../../db/schema/index.ts';

/** What a news item's share poster shows (published items only). */
export async function newsShareInfo(db: Db, id: number) {
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
    .where(and(eq(news.id, id), eq(news.status, 'published')));
  return row ?? null;
}
