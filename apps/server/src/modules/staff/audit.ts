import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export interface AuditEntryInput {
  actorId: number | null;
  /** `order.refund`, `wallet.adjust`, `coupon_campaign.create`, `withdrawal.approve`, `staff.roles`, ... */
  action: string;
  /** What it acted on: `order:<no>`, `user:<id>`, `coupon_campaign:<id>`, ... */
  target: string;
  before: unknown;
  after: unknown;
  now?: Date;
}

/** One audit row, in the caller's transaction (the action and its record commit together). */
export async function writeAudit(tx: Db | Tx, entry: AuditEntryInput): Promise<number> {
  const [row] = await tx
    .insert(auditLog)
    .values({
      actorId: entry.actorId,
      action: entry.action,
      target: entry.target,
      before: entry.before ?? null,
      after: entry.after ?? null,
      ...(entry.now ? { createdAt: entry.now } : {}),
    })
    .returning({ id: auditLog.id });
  if (!row) throw new Error('writeAudit: insert returned nothing');
  return row.id;
}

/** A page of the audit log, newest first, optionally of one action or target. */
export async function auditPage(db: Db, q: { page: number; page_size: number; action?: string | undefined; target?: string | undefined }) {
  const where = and(q.action ? eq(auditLog.action, q.action) : undefined, q.target ? eq(auditLog.target, q.target) : undefined);
  const [rows, [count]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(q.page_size).offset((q.page - 1) * q.page_size),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  const total = count?.n ?? 0;
  const items = rows.map((r) => ({ id: r.id, actor_id: r.actorId, action: r.action, target: r.target, before: r.before, after: r.after, created_at: r.createdAt.toISOString() }));
  return { items, page: q.page, page_size: q.page_size, total, has_more: q.page * q.page_size < total };
}
