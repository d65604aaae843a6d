import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courses, courseTags, tags } from '../../db/schema/index.ts';
import type { CourseRow } from './content.present.ts';

/** The columns every course card is presented from (presentCourse), in every module that lists courses. */
export const courseColumns = {
  id: courses.id,
  courseType: courses.courseType,
  titleZh: courses.titleZh,
  titleEn: courses.titleEn,
  cover: courses.cover,
  priceType: courses.priceType,
  price: courses.price,
  originalPrice: courses.originalPrice,
  learnCount: courses.learnCount,
  courseUpdatedCount: courses.courseUpdatedCount,
};

type BareCourse = Omit<CourseRow, 'tags'>;

/** The rows with their tags, in tag order, in one query. */
export async function withTags<R extends BareCourse>(db: Db, rows: R[]): Promise<Array<R & Pick<CourseRow, 'tags'>>> {
  const tagRows = rows.length
    ? await db
        .select({ courseId: courseTags.courseId, id: tags.id, titleZh: tags.titleZh, titleEn: tags.titleEn, cover: tags.cover })
        .from(courseTags)
        .innerJoin(tags, eq(tags.id, courseTags.tagId))
        .where(inArray(courseTags.courseId, rows.map((r) => r.id)))
        .orderBy(asc(courseTags.sort), asc(tags.id))
    : [];
  return rows.map((r) => ({ ...r, tags: tagRows.filter((t) => t.courseId === r.id) }));
}

