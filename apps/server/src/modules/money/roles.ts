import { ErrorCode } from '@medportal/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog, userRoles } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { currentUser } from '../../plugins/auth.ts';

/** operator: the money console; service: answers the online service chat. */
export type Role = 'operator' | 'service';

export async function hasRole(db: Db | Tx, userId: number, role: Role): Promise<boolean> {
  const [row] = await db.select({ userId: userRoles.userId }).from(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)));
  return row !== undefined;
}

/**
 * A preHandler for routes only users with `role` may call: 200203 without a login, FORBIDDEN
 * without the role. Roles are read from the database on every call (a revoked role stops at once).
 */
export function requireRole(role: Role) {
  return async (req: FastifyRequest): Promise<void> => {
    const me = currentUser(req);
    if (!(await hasRole(req.server.db, me.id, role))) throw new AppError(ErrorCode.FORBIDDEN);
  };
}

export interface AuditEntryInput {
  actorId: number | null;
  /** `order.refund`, `wallet.adjust`, `coupon_campaign.create`, `withdrawal.approve`, ... */
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
