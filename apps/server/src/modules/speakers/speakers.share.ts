import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { hospitals, speakers } from '../../db/schema/index.ts';

/** What a speaker's share poster shows (published speakers only). */
export async function speakerShareInfo(db: Db, id: number) {
  const [row] = await db
    .select({
      nameZh: speakers.nameZh,
      nameEn: speakers.nameEn,
      avatar: speakers.avatar,
      titleZh: speakers.titleZh,
      titleEn: speakers.titleEn,
      hospitalZh: hospitals.nameZh,
      hospitalEn: hospitals.nameEn,
    })
    .from(speakers)
    .leftJoin(hospitals, eq(hospitals.id, speakers.hospitalId))
    .where(and(eq(speakers.id, id), eq(speakers.status, 'published')));
  return row ?? null;
}
