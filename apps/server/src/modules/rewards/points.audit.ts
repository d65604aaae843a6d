import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export interface PointsViolation {
  rule: string;
  detail: Record<string, unknown>;
}

/**
 * The points ledger's invariants over the whole database: every balance equals the sum of its
 * user's score_logs rows, each row states the running sum after it, and no balance is negative.
 * An empty list means the points add up (for `npm run audit:ledger` next to the wallet audit).
 */
export async function auditPoints(db: Db): Promise<PointsViolation[]> {
  const out: PointsViolation[] = [];
  const check = async (rule: string, query: ReturnType<typeof sql>) => {
    const res = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
    for (const detail of res.rows) out.push({ rule, detail });
  };
  await check(
    'points balance equals the sum of its log',
    sql`select u.id as user_id, u.points_balance::text as balance, coalesce(s.total, 0)::text as log_total
        from users u left join (select user_id, sum(change) as total from score_logs group by user_id) s on s.user_id = u.id
        where u.points_balance <> coalesce(s.total, 0)`,
  );
  await check(
    'every points row states the balance after it',
    sql`select id, user_id from (
          select id, user_id, balance_after, sum(change) over (partition by user_id order by id) as run from score_logs) r
        where balance_after <> run`,
  );
  await check('no negative points', sql`select id as user_id from users where points_balance < 0`);
  return out;
}
