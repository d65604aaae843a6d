import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { hospitals, organizers, speakers } from '../../db/schema/index.ts';

/** The columns a speaker card needs, with its hospital and organisation names in both languages. */
export const speakerCardColumns = {
  id: speakers.id,
  nameZh: speakers.nameZh,
  nameEn: speakers.nameEn,
  avatar: speakers.avatar,
  titleZh: speakers.titleZh,
  titleEn: speakers.titleEn,
  followerCount: speakers.followerCount,
  hospitalZh: hospitals.nameZh,
  hospitalEn: hospitals.nameEn,
  organizationZh: organizers.nameZh,
  organizationEn: organizers.nameEn,
};

/** `select … from speakers` joined to hospital and organiser; callers add where and order. */
export function selectSpeakerCards(db: Db) {
  return db
    .select(speakerCardColumns)
    .from(speakers)
    .leftJoin(hospitals, eq(hospitals.id, speakers.hospitalId))
    .leftJoin(organizers, eq(organizers.id, speakers.organizationId));
}
