import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { idList, type MergeMoved } from '../shared/merge-rows.ts';

/**
 * Account merge. Per designation one account's learner state is taken as a whole (progress,
 * test attempts, evaluation, claim): the merged account's when the survivor has no claim for it
 * and the other has a claim or got further (passed, then evaluated, then best score); otherwise
 * the survivor's. Claims never change: where both accounts claimed the same designation, each
 * keeps its own, so no credit is counted twice. What is not taken stays with the merged account
 * as the record of what that account did.
 */
export async function mergeCredits(tx: Tx, fromUserId: number, toUserId: number, _now: Date): Promise<MergeMoved> {
  const taken = await queryRows<{ designation_id: number }>(
    tx,
    sql`with theirs as (
          select designation_id from credit_claims where user_id = ${fromUserId}
          union
          select p.designation_id from credit_progress p
          left join credit_progress m on m.designation_id = p.designation_id and m.user_id = ${toUserId}
          where p.user_id = ${fromUserId} and (m.user_id is null
            or (p.passed_at is not null, p.evaluated_at is not null, p.best_score_pct) > (m.passed_at is not null, m.evaluated_at is not null, m.best_score_pct))
          union
          select designation_id from credit_evaluations where user_id = ${fromUserId}
        )
        select designation_id from theirs
        where not exists (select 1 from credit_claims c where c.user_id = ${toUserId} and c.designation_id = theirs.designation_id)`,
  );
  const ids = taken.map((t) => Number(t.designation_id));
  if (ids.length === 0) return { designations: 0, claims: 0 };
  const w = idList(ids);
  // The survivor's attempts at a designation taken from the other account are kept, numbered
  // after the other's, and count towards the attempts used.
  // Through negative numbers: a shift in place would meet the next row's key mid-statement.
  await tx.execute(sql`update credit_test_attempts a set attempt_no = -(a.attempt_no + p.attempts_used)
    from credit_progress p
    where a.user_id = ${toUserId} and a.designation_id in ${w} and p.user_id = ${fromUserId} and p.designation_id = a.designation_id`);
  await tx.execute(sql`update credit_test_attempts set attempt_no = -attempt_no where user_id = ${toUserId} and attempt_no < 0`);
  await tx.execute(sql`update credit_progress p set attempts_used = p.attempts_used + m.attempts_used
    from credit_progress m
    where p.user_id = ${fromUserId} and p.designation_id in ${w} and m.user_id = ${toUserId} and m.designation_id = p.designation_id`);
  await tx.execute(sql`delete from credit_progress m where m.user_id = ${toUserId} and m.designation_id in ${w}
    and exists (select 1 from credit_progress p where p.user_id = ${fromUserId} and p.designation_id = m.designation_id)`);
  await tx.execute(sql`delete from credit_evaluations m where m.user_id = ${toUserId} and m.designation_id in ${w}
    and exists (select 1 from credit_evaluations e where e.user_id = ${fromUserId} and e.designation_id = m.designation_id)`);
  for (const table of ['credit_progress', 'credit_test_attempts', 'credit_evaluations'] as const) {
    await tx.execute(sql`update ${sql.identifier(table)} set user_id = ${toUserId} where user_id = ${fromUserId} and designation_id in ${w}`);
  }
  const claims = await queryRows(tx, sql`update credit_claims set user_id = ${toUserId} where user_id = ${fromUserId} and designation_id in ${w} returning 1 as one`);
  return { designations: ids.length, claims: claims.length };
}
