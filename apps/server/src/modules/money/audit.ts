import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export interface LedgerViolation {
  rule: string;
  detail: Record<string, unknown>;
}

export interface LedgerAudit {
  wallets: number;
  transactions: number;
  orders: number;
  violations: LedgerViolation[];
}

async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const res = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return res.rows;
}

/**
 * The ledger's invariants over the whole database (decision record 0026). Each query lists what
 * breaks a rule; an empty list everywhere means the books balance.
 */
export async function auditLedger(db: Db): Promise<LedgerAudit> {
  const violations: LedgerViolation[] = [];
  const check = async (rule: string, query: ReturnType<typeof sql>) => {
    for (const detail of await rows(db, query)) violations.push({ rule, detail });
  };
  // balance = Σ amount and frozen = Σ frozen_delta of the user's bill (so balance + frozen = Σ both).
  await check(
    'wallet equals the sum of its bill',
    sql`select w.user_id, w.balance::text as balance, w.frozen::text as frozen, coalesce(t.amount, 0)::text as bill_amount, coalesce(t.frozen, 0)::text as bill_frozen
        from wallets w
        full join (select user_id, sum(amount) as amount, sum(frozen_delta) as frozen from wallet_transactions group by user_id) t on t.user_id = w.user_id
        where coalesce(w.balance, 0) <> coalesce(t.amount, 0) or coalesce(w.frozen, 0) <> coalesce(t.frozen, 0)`,
  );
  await check('no negative balance', sql`select user_id, balance::text, frozen::text from wallets where balance < 0 or frozen < 0`);
  // Each row's "after" equals the running sum up to it (the bill reads true line by line).
  await check(
    'every bill row states the balance after it',
    sql`select id, user_id from (
          select id, user_id, balance_after, frozen_after,
                 sum(amount) over (partition by user_id order by id) as run_amount,
                 sum(frozen_delta) over (partition by user_id order by id) as run_frozen
          from wallet_transactions) r
        where balance_after <> run_amount or frozen_after <> run_frozen`,
  );
  // An order is paid at most once: one purchase (balance) or one provider payment, one recharge credit.
  await check(
    'a balance-paid order is debited exactly once, for its amount',
    sql`select o.order_no, o.amount::text, count(t.id)::int as rows, coalesce(sum(t.amount), 0)::text as debited
        from orders o left join wallet_transactions t on t.ref_type = 'order' and t.ref_id = o.order_no and t.type = 'purchase'
        where o.channel = 'balance' and o.status in ('paid', 'refunded') and o.amount > 0
        group by o.order_no, o.amount having count(t.id) <> 1 or coalesce(sum(t.amount), 0) <> -o.amount`,
  );
  await check(
    'a paid recharge is credited exactly once, for its amount',
    sql`select o.order_no, o.amount::text, count(t.id)::int as rows
        from orders o left join wallet_transactions t on t.ref_type = 'order' and t.ref_id = o.order_no and t.type = 'recharge'
        where o.module = 'recharge' and o.status in ('paid', 'refunded')
        group by o.order_no, o.amount having count(t.id) <> 1 or coalesce(sum(t.amount), 0) <> o.amount`,
  );
  await check(
    'nothing is credited or debited for an order that was never paid',
    sql`select t.id, t.ref_id from wallet_transactions t join orders o on o.order_no = t.ref_id
        where t.ref_type = 'order' and t.type in ('purchase', 'recharge') and o.status not in ('paid', 'refunded')`,
  );
  await check(
    'a provider payment belongs to one order',
    sql`select channel, provider_txn_id, count(*)::int as orders from orders where provider_txn_id is not null group by channel, provider_txn_id having count(*) > 1`,
  );
  await check(
    'a notification was applied at most once',
    sql`select order_no, count(*)::int as applied from payment_notifications where outcome = 'applied' group by order_no having count(*) > 1`,
  );
  await check(
    'a refunded order has one refund, and a balance refund is credited once',
    sql`select o.order_no from orders o left join refunds r on r.order_no = o.order_no
        where o.status = 'refunded' and (r.id is null or (o.channel = 'balance' and o.amount > 0 and
          (select count(*) from wallet_transactions t where t.type = 'refund' and t.ref_type = 'order' and t.ref_id = o.order_no) <> 1))`,
  );
  await check(
    'a coupon is used by at most one paid order',
    sql`select coupon_id, count(*)::int as orders from orders where coupon_id is not null and status in ('paid', 'refunded', 'pending') group by coupon_id having count(*) > 1`,
  );
  const [counts] = await rows(
    db,
    sql`select (select count(*) from wallets)::int as wallets, (select count(*) from wallet_transactions)::int as transactions, (select count(*) from orders)::int as orders`,
  );
  return {
    wallets: Number(counts?.wallets ?? 0),
    transactions: Number(counts?.transactions ?? 0),
    orders: Number(counts?.orders ?? 0),
    violations,
  };
}
