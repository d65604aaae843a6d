import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type MergeMoved, moveRows } from '../shared/merge-rows.ts';

/**
 * Account merge: learning progress, per chapter the further of the two (more seconds credited,
 * or completed); course learners once per course, resuming where the later of the two left off;
 * appraisals, the survivor's own where both rated a course.
 */
export async function mergeLearning(tx: Tx, fromUserId: number, toUserId: number, _now: Date): Promise<MergeMoved> {
  await tx.execute(sql`update chapter_progress mine set position_s = theirs.position_s, duration_s = theirs.duration_s,
      played_s = theirs.played_s, completed = theirs.completed or mine.completed, session_id = theirs.session_id,
      session_played_s = theirs.session_played_s, last_beat_at = theirs.last_beat_at, updated_at = theirs.updated_at
    from chapter_progress theirs
    where mine.user_id = ${toUserId} and theirs.user_id = ${fromUserId} and theirs.chapter_id = mine.chapter_id
      and (theirs.played_s > mine.played_s or (theirs.completed and not mine.completed))`);
  const chapters = await moveRows(tx, { table: 'chapter_progress', keys: ['chapter_id'], from: fromUserId, to: toUserId, dropRest: true });

  await tx.execute(sql`update course_learners mine set last_chapter_id = theirs.last_chapter_id, updated_at = theirs.updated_at
    from course_learners theirs
    where mine.user_id = ${toUserId} and theirs.user_id = ${fromUserId} and theirs.course_id = mine.course_id
      and theirs.updated_at > mine.updated_at`);
  // learn_count counts learners: a course both accounts learned now has one learner fewer.
  await tx.execute(sql`update courses set learn_count = greatest(learn_count - 1, 0)
    where id in (select theirs.course_id from course_learners theirs join course_learners mine
                 on mine.course_id = theirs.course_id and mine.user_id = ${toUserId} where theirs.user_id = ${fromUserId})`);
  const courses = await moveRows(tx, { table: 'course_learners', keys: ['course_id'], from: fromUserId, to: toUserId, dropRest: true });
  const appraisals = await moveRows(tx, { table: 'course_appraisals', keys: ['course_id'], from: fromUserId, to: toUserId, dropRest: true });
  return { chapters, courses, appraisals };
}
