import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { userIdentities, users } from '../../db/schema/index.ts';
import { parseE164 } from '../../lib/phone.ts';

export type UserRow = typeof users.$inferSelect;
export type IdentityKind = 'mobile' | 'email' | 'wechat';

/** Shown when a user has not uploaded an avatar (generated artwork, served by the media module). */
export const DEFAULT_AVATAR = '/media/cover/speaker/default-user.svg';

export const avatarOf = (u: Pick<UserRow, 'avatarUrl'>): string => u.avatarUrl || DEFAULT_AVATAR;

/** The active user holding an identity (E.164 mobile `+86138…`, lower-case email, WeChat openid). */
export async function findUserByIdentity(db: Db | Tx, kind: IdentityKind, value: string): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.kind, kind), eq(userIdentities.value, value), eq(users.status, 'active')));
  return row?.user ?? null;
}

export async function getUser(db: Db | Tx, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function identitiesOf(db: Db | Tx, userId: number): Promise<Partial<Record<IdentityKind, string>>> {
  const rows = await db.select({ kind: userIdentities.kind, value: userIdentities.value }).from(userIdentities).where(eq(userIdentities.userId, userId));
  return Object.fromEntries(rows.map((r) => [r.kind, r.value]));
}

export async function createUser(tx: Tx | Db, nickname: string, identity: { kind: IdentityKind; value: string }, now: Date): Promise<UserRow> {
  const [user] = await tx.insert(users).values({ nickname, createdAt: now, updatedAt: now }).returning();
  if (!user) throw new Error('user insert returned nothing');
  await tx.insert(userIdentities).values({ userId: user.id, kind: identity.kind, value: identity.value, createdAt: now });
  return user;
}

/**
 * `+8613800138000` → { countryCode: '86', mobile: '13800138000' }. Also reads the older
 * `86-13800138000` form, which only duplicates left for an operator still have.
 */
export function splitMobile(value: string | undefined): { countryCode: string; mobile: string } | null {
  if (!value) return null;
  const e164 = parseE164(value);
  if (e164) return { countryCode: e164.countryCode, mobile: e164.national };
  const dash = value.indexOf('-');
  return dash > 0 ? { countryCode: value.slice(0, dash), mobile: value.slice(dash + 1) } : null;
}

export function maskMobile(mobile: string): string {
  return mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : `${mobile.slice(0, 1)}****`;
}

export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
