import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { courseChapters, courses } from '../../db/schema/index.ts';

/** What the media library asks of a chapter it binds a video to (decision record 0064). */
export interface ChapterTarget {
  id: number;
  courseId: number;
  /** "Course · Chapter", in Chinese. */
  label: string;
}

export async function chapterTarget(db: Db | Tx, id: number): Promise<ChapterTarget | null> {
  const [row] = await db
    .select({ id: courseChapters.id, courseId: courseChapters.courseId, chapter: courseChapters.titleZh, course: courses.titleZh })
    .from(courseChapters)
    .innerJoin(courses, eq(courses.id, courseChapters.courseId))
    .where(eq(courseChapters.id, id));
  return row ? { id: row.id, courseId: row.courseId, label: `${row.course} · ${row.chapter}` } : null;
}

/** The chapter lasts as long as the video bound to it. */
export async function setChapterDuration(tx: Db | Tx, id: number, durationS: number): Promise<void> {
  await tx.update(courseChapters).set({ durationS }).where(eq(courseChapters.id, id));
}
