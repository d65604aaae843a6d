import { and, desc, eq, gte, like, lt, sql } from 'drizzle-orm';
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

export interface AuditFilter {
  page: number;
  page_size: number;
  action?: string | undefined;
  target?: string | undefined;
  actor_id?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** `staff.` matches every action of that kind; LIKE's own wildcards in it match themselves. */
const actionMatch = (action: string) =>
  action.endsWith('.') ? like(auditLog.action, `${action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : eq(auditLog.action, action);

/** A page of the audit log, newest first, filtered by action (or kind), target, actor and time. */
export async function auditPage(db: Db, q: AuditFilter) {
  const where = and(
    q.action ? actionMatch(q.action) : undefined,
    q.target ? eq(auditLog.target, q.target) : undefined,
    q.actor_id !== undefined ? eq(auditLog.actorId, q.actor_id) : undefined,
    q.from ? gte(auditLog.createdAt, new Date(q.from)) : undefined,
    q.to ? lt(auditLog.createdAt, new Date(q.to)) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(q.page_size).offset((q.page - 1) * q.page_size),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  const total = count?.n ?? 0;
  const items = rows.map((r) => ({ id: r.id, actor_id: r.actorId, action: r.action, target: r.target, before: r.before, after: r.after, created_at: r.createdAt.toISOString() }));
  return { items, page: q.page, page_size: q.page_size, total, has_more: q.page * q.page_size < total };
}
