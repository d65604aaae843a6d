import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lives, speakers } from '../../db/schema/index.ts';
import { liveReachable } from './lives.visibility.ts';

/** What a live's share poster shows: lives readers see now (published or reachable by link, from their instant). */
export async function liveShareInfo(db: Db, id: number, now: Date) {
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
    .where(and(eq(lives.id, id), liveReachable(now)));
  return row ?? null;
}
