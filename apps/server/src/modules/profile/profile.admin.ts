import { type AdminPlainListQuery, type AdminUserDetail, type AdminUsersQuery, type DataOf, ErrorCode } from '@medportal/contract';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { authSessions, userIdentities, users } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CacheInvalidation } from '../../lib/public-cache.ts';
import { type Accounts, avatarOf, maskEmail, maskMobile, splitMobile, type UserRow } from '../auth/index.ts';
import { certificateCount } from '../certificates/index.ts';
import { orderSummary, walletOf } from '../money/index.ts';
import { Tag } from '../shared/cache-tags.ts';
import { pageOf } from '../shared/paginate.ts';
import { rolesOf, writeAudit } from '../staff/index.ts';
import type { ProfileService } from './profile.service.ts';

type Status = 'active' | 'disabled' | 'merged' | 'cancelled';
const statusOf = (u: Pick<UserRow, 'status' | 'disabledAt'>): Status => (u.status === 'active' && u.disabledAt ? 'disabled' : u.status);
const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const maskedMobile = (v: string | undefined) => {
  const m = splitMobile(v);
  return m ? maskMobile(m.mobile) : null;
};

/**
 * The console's users area: find, view, disable and enable users, merge a duplicate account into
 * another with the account-merge rules, and the log of cancelled accounts. Mobiles and emails are
 * shown masked: customer service finds a user by the full value the caller gives, and never needs
 * to read it back.
 */
export class UserAdmin {
  constructor(
    private readonly db: Db,
    private readonly a: Accounts,
    private readonly profile: ProfileService,
    private readonly cache: CacheInvalidation,
  ) {}

  /** Mobile (the number without its country code matches its end), email, id or nickname. */
  private search(q: string): SQL {
    const digits = q.replace(/[\s-]/g, '');
    const byIdentity = (kind: 'mobile' | 'email', cond: SQL) =>
      sql`exists (select 1 from ${userIdentities} where ${userIdentities.userId} = ${users.id} and ${userIdentities.kind} = ${kind} and ${cond})`;
    const alternatives: SQL[] = [ilike(users.nickname, likeText(q))];
    if (/^\+?\d{5,15}$/.test(digits)) alternatives.push(byIdentity('mobile', sql`${userIdentities.value} like ${`%${digits.replace(/^\+/, '')}`}`));
    if (q.includes('@')) alternatives.push(byIdentity('email', sql`${userIdentities.value} = ${q.toLowerCase()}`));
    if (/^\d{1,9}$/.test(q)) alternatives.push(eq(users.id, Number(q)));
    return or(...alternatives) as SQL;
  }

  async list(q: AdminUsersQuery): Promise<DataOf<'adminUsers'>> {
    const status: SQL | undefined =
      q.status === undefined
        ? undefined
        : q.status === 'disabled'
          ? and(eq(users.status, 'active'), isNotNull(users.disabledAt))
          : q.status === 'active'
            ? and(eq(users.status, 'active'), isNull(users.disabledAt))
            : eq(users.status, q.status);
    const where = and(q.q ? this.search(q.q) : undefined, status);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(q.order === 'asc' ? asc(users.id) : desc(users.id))
        .limit(q.page_size)
        .offset((q.page - 1) * q.page_size),
      this.db.select({ n: count() }).from(users).where(where),
    ]);
    const ids = rows.map((r) => r.id);
    const identities = ids.length
      ? await this.db.select({ userId: userIdentities.userId, kind: userIdentities.kind, value: userIdentities.value }).from(userIdentities).where(inArray(userIdentities.userId, ids))
      : [];
    const of = (id: number, kind: 'mobile' | 'email') => identities.find((i) => i.userId === id && i.kind === kind)?.value;
    const items = rows.map((u) => {
      const email = of(u.id, 'email');
      return { id: u.id, nickname: u.nickname, mobile: maskedMobile(of(u.id, 'mobile')), email: email ? maskEmail(email) : null, status: statusOf(u), created_at: u.createdAt.toISOString() };
    });
    return pageOf(items, q, total?.n ?? 0);
  }

  async detail(id: number): Promise<AdminUserDetail> {
    const u = await this.a.users.get(this.db, id);
    if (!u) throw new AppError(ErrorCode.NOT_FOUND);
    const now = this.a.now();
    const [ids, roles, orders, wallet, certificates, sessions] = await Promise.all([
      this.a.users.identities(this.db, id),
      rolesOf(this.db, id),
      orderSummary(this.db, id),
      walletOf(this.db, id),
      certificateCount(this.db, id),
      this.db
        .select()
        .from(authSessions)
        .where(and(eq(authSessions.userId, id), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, now)))
        .orderBy(desc(authSessions.lastUsedAt))
        .limit(50),
    ]);
    return {
      id: u.id,
      nickname: u.nickname,
      mobile: maskedMobile(ids.mobile),
      email: ids.email ? maskEmail(ids.email) : null,
      status: statusOf(u),
      created_at: u.createdAt.toISOString(),
      avatar: avatarOf(u),
      real_name: u.realName,
      hospital: u.hospital,
      professional_title: u.professionalTitle,
      wechat_bound: ids.wechat !== undefined,
      roles,
      disabled_at: u.disabledAt?.toISOString() ?? null,
      disabled_reason: u.disabledReason ?? null,
      merged_into: u.mergedInto,
      cancelled_at: u.cancelledAt?.toISOString() ?? null,
      orders: { total: orders.total, paid: orders.paid, paid_fen: orders.paidFen },
      wallet_fen: wallet.balance,
      points: u.pointsBalance,
      certificates,
      sessions: sessions.map((s) => ({
        id: s.id,
        platform: s.platform,
        created_at: s.createdAt.toISOString(),
        last_used_at: s.lastUsedAt.toISOString(),
        expires_at: s.expiresAt.toISOString(),
      })),
    };
  }

  /** Locks the user's row; NOT_FOUND unless it exists and is active (merged and cancelled accounts are past this). */
  private async lockActive(tx: Tx, id: number): Promise<UserRow> {
    const [u] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!u) throw new AppError(ErrorCode.NOT_FOUND);
    if (u.status !== 'active') throw new AppError(ErrorCode.ADMIN_BAD_STATE);
    return u;
  }

  /**
   * Disables the account and revokes every session in the same transaction; once committed every
   * process forgets its cached tokens, so the next request with any of them is refused, and every
   * login answers ACCOUNT_DISABLED until an operator enables it again. Disabling a disabled
   * account is refused (ADMIN_BAD_STATE), so a double click audits once.
   */
  async disable(actorId: number, id: number, reason: string): Promise<AdminUserDetail> {
    if (actorId === id) throw new AppError(ErrorCode.ADMIN_BAD_STATE);
    const now = this.a.now();
    await transaction(this.db, async (tx) => {
      const u = await this.lockActive(tx, id);
      if (u.disabledAt) throw new AppError(ErrorCode.ADMIN_BAD_STATE);
      await tx.update(users).set({ disabledAt: now, disabledReason: reason }).where(eq(users.id, id));
      await this.a.revokeTokens(tx, id, 'disabled');
      await writeAudit(tx, { actorId, action: 'user.disable', target: `user:${id}`, before: { status: 'active' }, after: { status: 'disabled', reason }, now });
    });
    this.a.tokens.forget({ userIds: [id] });
    return this.detail(id);
  }

  async enable(actorId: number, id: number, reason: string): Promise<AdminUserDetail> {
    const now = this.a.now();
    await transaction(this.db, async (tx) => {
      const u = await this.lockActive(tx, id);
      if (!u.disabledAt) throw new AppError(ErrorCode.ADMIN_BAD_STATE);
      await tx.update(users).set({ disabledAt: null, disabledReason: null }).where(eq(users.id, id));
      await writeAudit(tx, {
        actorId,
        action: 'user.enable',
        target: `user:${id}`,
        before: { status: 'disabled', reason: u.disabledReason },
        after: { status: 'active', ...(reason ? { reason } : {}) },
        now,
      });
    });
    return this.detail(id);
  }

  /**
   * Folds account `fromId` into account `id` with the same machinery as a user's own merge (each
   * owning module's merge function; points and money through their ledgers; refused while the
   * merged account has an order waiting for payment or a withdrawal in flight). Both rows are
   * locked in id order; both must be active (a disabled one may be merged, and the survivor stays
   * as it was). Audited with what each side looked like.
   */
  async merge(actorId: number, id: number, fromId: number, reason: string): Promise<DataOf<'adminUserMerge'>> {
    if (id === fromId) throw new AppError(ErrorCode.ADMIN_MERGE_REFUSED);
    const now = this.a.now();
    let movedRooms: number[] = [];
    await transaction(this.db, async (tx) => {
      const locked = await tx
        .select()
        .from(users)
        .where(inArray(users.id, [id, fromId]))
        .orderBy(asc(users.id))
        .for('update');
      const mine = locked.find((u) => u.id === id);
      const other = locked.find((u) => u.id === fromId);
      if (!mine || !other) throw new AppError(ErrorCode.NOT_FOUND);
      if (mine.status !== 'active' || other.status !== 'active') throw new AppError(ErrorCode.ADMIN_MERGE_REFUSED);
      const [before, otherIds] = await Promise.all([this.a.users.identities(tx, id), this.a.users.identities(tx, fromId)]);
      movedRooms = await this.profile.fold(tx, mine, other, null);
      await writeAudit(tx, {
        actorId,
        action: 'user.merge',
        target: `user:${id}`,
        before: { user_id: id, kinds: Object.keys(before), merged_user_id: fromId, merged_kinds: Object.keys(otherIds) },
        after: { user_id: id, kinds: Object.keys(await this.a.users.identities(tx, id)), merged_user_id: fromId, reason },
        now,
      });
    });
    this.a.tokens.forget({ userIds: [fromId] });
    this.cache.invalidate([Tag.people, Tag.speakers, Tag.courses, ...movedRooms.map((r) => Tag.live(r))]);
    return { user_id: id, merged_user_id: fromId };
  }

  /** Cancellation is immediate (the owner confirms with a code): the log of cancelled accounts. */
  async cancellations(q: AdminPlainListQuery): Promise<DataOf<'adminCancellations'>> {
    const where = eq(users.status, 'cancelled');
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ id: users.id, cancelledAt: users.cancelledAt, createdAt: users.createdAt })
        .from(users)
        .where(where)
        .orderBy(q.order === 'asc' ? asc(users.cancelledAt) : desc(users.cancelledAt), desc(users.id))
        .limit(q.page_size)
        .offset((q.page - 1) * q.page_size),
      this.db.select({ n: count() }).from(users).where(where),
    ]);
    const items = rows.map((r) => ({ id: r.id, cancelled_at: (r.cancelledAt ?? r.createdAt).toISOString(), created_at: r.createdAt.toISOString() }));
    return pageOf(items, q, total?.n ?? 0);
  }
}
