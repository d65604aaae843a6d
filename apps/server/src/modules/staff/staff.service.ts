import { type AdminArea, ErrorCode, ROLE_AREAS, STAFF_ROLES, type StaffRole } from '@medportal/contract';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { userRoles, users } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { currentUser } from '../../plugins/auth.ts';
import { writeAudit } from './audit.ts';

const ORDER = new Map<string, number>(STAFF_ROLES.map((r, i) => [r, i]));
const byRank = (a: string, b: string) => (ORDER.get(a) ?? 99) - (ORDER.get(b) ?? 99);

export async function rolesOf(db: Db | Tx, userId: number): Promise<StaffRole[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.role as StaffRole).sort(byRank);
}

export function areasOf(roles: readonly StaffRole[]): AdminArea[] {
  const areas = new Set<AdminArea>();
  for (const r of roles) for (const a of ROLE_AREAS[r]) areas.add(a);
  return [...areas];
}

export async function hasRole(db: Db | Tx, userId: number, role: StaffRole): Promise<boolean> {
  const [row] = await db.select({ userId: userRoles.userId }).from(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)));
  return row !== undefined;
}

/** Whether one of the user's roles reaches `area`. */
export async function hasArea(db: Db | Tx, userId: number, area: AdminArea): Promise<boolean> {
  const granting = STAFF_ROLES.filter((r) => ROLE_AREAS[r].includes(area));
  const [row] = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), inArray(userRoles.role, granting)))
    .limit(1);
  return row !== undefined;
}

/**
 * A preHandler for an admin call of `area`: 200203 without a login, FORBIDDEN without a role that
 * reaches it. Read from the database on every call, so a role taken away stops at once.
 */
export function requireArea(area: AdminArea) {
  return async (req: FastifyRequest): Promise<void> => {
    if (!(await hasArea(req.server.db, currentUser(req).id, area))) throw new AppError(ErrorCode.FORBIDDEN);
  };
}

export async function staffList(db: Db): Promise<Array<{ user_id: number; nickname: string; roles: StaffRole[] }>> {
  const rows = await db
    .select({ userId: userRoles.userId, role: userRoles.role, nickname: users.nickname })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .orderBy(asc(userRoles.userId));
  const out = new Map<number, { user_id: number; nickname: string; roles: StaffRole[] }>();
  for (const r of rows) {
    const m = out.get(r.userId) ?? { user_id: r.userId, nickname: r.nickname, roles: [] };
    m.roles.push(r.role as StaffRole);
    out.set(r.userId, m);
  }
  return [...out.values()].map((m) => ({ ...m, roles: m.roles.sort(byRank) }));
}

/**
 * Replaces a user's roles, audited. Changes are serialised by a transaction-scoped advisory lock,
 * so two administrators taking each other's role at once cannot leave the console with none.
 */
export async function setRoles(db: Db, actorId: number, userId: number, roles: readonly StaffRole[], now: Date): Promise<StaffRole[]> {
  const wanted = [...new Set(roles)].sort(byRank);
  return transaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staff_roles'))`);
    // The actor may have lost the role since the route's check (another administrator's change).
    if (!(await hasArea(tx, actorId, 'roles'))) throw new AppError(ErrorCode.FORBIDDEN);
    const [target] = await tx.select({ id: users.id, status: users.status }).from(users).where(eq(users.id, userId));
    if (!target || target.status !== 'active') throw new AppError(ErrorCode.NOT_FOUND);
    const before = await rolesOf(tx, userId);
    if (before.includes('administrator') && !wanted.includes('administrator')) {
      const [other] = await tx
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .where(and(eq(userRoles.role, 'administrator'), ne(userRoles.userId, userId)))
        .limit(1);
      if (!other) throw new AppError(ErrorCode.STAFF_LAST_ADMINISTRATOR);
    }
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    if (wanted.length > 0) await tx.insert(userRoles).values(wanted.map((role) => ({ userId, role, createdAt: now })));
    await writeAudit(tx, { actorId, action: 'staff.roles', target: `user:${userId}`, before: { roles: before }, after: { roles: wanted }, now });
    return wanted;
  });
}
