import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lives, speakers } from '../../db/schema/index.ts';

/** What a live's share poster shows: visible lives only (published or reachable by link). */
export async function liveShareInfo(db: Db, id: number) {
  const [row] = await db
    .select({
      titleZh: lives.titleZh,
      titleEn: lives.titleEn,
      cover: lives.banner,
      startAt: lives.startAt,
      endAt: lives.endAt,
      speakerZh: speakers.nameZh,
      speakerEn: speakers.nameEn,
    })
    .from(lives)
    .leftJoin(speakers, eq(speakers.id, lives.speakerId))
    .where(and(eq(lives.id, id), inArray(lives.status, ['published', 'unlisted'])));
  return row ?? null;
}
