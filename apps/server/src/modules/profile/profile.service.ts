import { type ApiLanguage, type DataOf, type DepartmentNode, ErrorCode, type PersonalInfo } from '@medportal/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { authSessions, departments, uploads, userIdentities, users } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { randomToken, signToken, verifyToken } from '../../lib/crypto.ts';
import { pick } from '../../lib/i18n.ts';
import { type CacheInvalidation, noInvalidation } from '../../lib/public-cache.ts';
import type { ImageType } from '../../lib/image-type.ts';
import type { Storage } from '../../lib/storage.ts';
import type { AuthUser } from '../../plugins/context.ts';
import { transaction } from '../../db/transaction.ts';
import { mergeAttendance } from '../attendance/index.ts';
import { mergeCalendar } from '../calendar/index.ts';
import { mergeCertificates } from '../certificates/index.ts';
import { mergeLearning } from '../courses/index.ts';
import { mergeCredits } from '../credits/index.ts';
import { mergeLiveRoom } from '../live-room/index.ts';
import { mergeReminders } from '../lives/index.ts';
import { mergeWatchLogs } from '../media/index.ts';
import { mergeMeetings } from '../meetings/index.ts';
import { mergeMember } from '../member/index.ts';
import { mergeMoney, refuseMoneyInFlight } from '../money/index.ts';
import { mergeNewsActivity } from '../news/index.ts';
import { mergePoints, mergeSignIns } from '../rewards/index.ts';
import { mergeSpeakerFollows } from '../speakers/index.ts';
import { Tag } from '../shared/cache-tags.ts';
import { writeAudit } from '../staff/index.ts';
import {
  type Accounts,
  avatarOf,
  type BodyOf,
  emailRecipient,
  type IdentityKind,
  maskEmail,
  maskMobile,
  mobileRecipient,
  type Recipient,
  splitMobile,
  type UserRow,
} from '../auth/index.ts';

export const MERGE_TOKEN_TTL_S = 600;
export const MEETING_SSO_TTL_S = 300;
export const CANCELLED_NICKNAME = '已注销用户';

/** Profile, identities (bind, merge), cancellation, uploads. */
export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly a: Accounts,
    private readonly storage: Storage,
    private readonly cache: CacheInvalidation = noInvalidation,
  ) {}

  async personalInfo(me: AuthUser, lang: ApiLanguage): Promise<PersonalInfo> {
    const user = await this.a.users.current(me);
    return this.present(user, lang);
  }

  private async present(user: UserRow, lang: ApiLanguage): Promise<PersonalInfo> {
    const ids = await this.a.users.identities(this.db, user.id);
    const mobile = splitMobile(ids.mobile);
    const [dep] = user.departmentId
      ? await this.db.select().from(departments).where(eq(departments.id, user.departmentId))
      : [];
    return {
      id: user.id,
      avatar_url: avatarOf(user),
      nickname: user.status === 'cancelled' && lang === 'en' ? 'Deleted user' : user.nickname,
      real_name: user.realName,
      gender: user.gender,
      mobile: mobile ? maskMobile(mobile.mobile) : null,
      country_code: mobile?.countryCode ?? null,
      email: ids.email ? maskEmail(ids.email) : null,
      hospital: user.hospital,
      department: dep ? { id: dep.id, title: pick(lang, dep.nameZh, dep.nameEn) } : null,
      professional_title: user.professionalTitle,
      occupation: user.occupation,
      province: user.province,
      city: user.city,
      availablescore: user.pointsBalance,
      profile_completed: user.profileCompleted,
      created_at: user.createdAt.toISOString(),
    };
  }

  private async requireDepartment(id: number | null | undefined, lang: ApiLanguage): Promise<void> {
    if (id === null || id === undefined) return;
    const [dep] = await this.db.select({ id: departments.id }).from(departments).where(eq(departments.id, id));
    if (!dep) throw fieldError(lang, 'department_id', { zh: '科室不存在', en: 'is not a known department' });
  }

  async update(me: AuthUser, body: BodyOf<'updatePersonalInfo'>, lang: ApiLanguage): Promise<PersonalInfo> {
    await this.requireDepartment(body.department_id, lang);
    if (body.avatar_url?.startsWith('/uploads/')) {
      const [own] = await this.db
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.url, body.avatar_url), eq(uploads.userId, me.id)));
      if (!own) throw fieldError(lang, 'avatar_url', { zh: '请先上传图片', en: 'must be an image you uploaded' });
    }
    const set: Partial<typeof users.$inferInsert> = {};
    if (body.avatar_url !== undefined) set.avatarUrl = body.avatar_url;
    if (body.nickname !== undefined) set.nickname = body.nickname;
    if (body.real_name !== undefined) set.realName = body.real_name;
    if (body.gender !== undefined) set.gender = body.gender;
    if (body.hospital !== undefined) set.hospital = body.hospital;
    if (body.department_id !== undefined) set.departmentId = body.department_id;
    if (body.professional_title !== undefined) set.professionalTitle = body.professional_title;
    if (body.occupation !== undefined) set.occupation = body.occupation;
    if (body.province !== undefined) set.province = body.province;
    if (body.city !== undefined) set.city = body.city;
    if (Object.keys(set).length > 0) await this.db.update(users).set(set).where(eq(users.id, me.id));
    // Comments and appraisals show the name and avatar.
    if (set.nickname !== undefined || set.avatarUrl !== undefined) this.cache.invalidate([Tag.people]);
    return this.personalInfo(me, lang);
  }

  async departmentTree(lang: ApiLanguage): Promise<DepartmentNode[]> {
    const rows = await this.db.select().from(departments).orderBy(asc(departments.sort), asc(departments.id));
    const byParent = new Map<number | null, typeof rows>();
    for (const r of rows) {
      const list = byParent.get(r.parentId) ?? [];
      list.push(r);
      byParent.set(r.parentId, list);
    }
    const build = (parent: number | null, depth: number): DepartmentNode[] =>
      (byParent.get(parent) ?? []).map((r) => ({
        id: r.id,
        title: pick(lang, r.nameZh, r.nameEn),
        children: depth < 4 ? build(r.id, depth + 1) : [],
      }));
    return build(null, 0);
  }

  async submitForm(me: AuthUser, body: BodyOf<'profileForm'>, lang: ApiLanguage): Promise<{ profile_completed: boolean }> {
    await this.requireDepartment(body.department_id, lang);
    await this.db
      .update(users)
      .set({
        realName: body.real_name,
        occupation: body.occupation,
        ...(body.hospital !== undefined ? { hospital: body.hospital } : {}),
        ...(body.department_id !== undefined ? { departmentId: body.department_id } : {}),
        ...(body.professional_title !== undefined ? { professionalTitle: body.professional_title } : {}),
        ...(body.province !== undefined ? { province: body.province } : {}),
        ...(body.city !== undefined ? { city: body.city } : {}),
        ...(body.research_field !== undefined ? { researchField: body.research_field } : {}),
        ...(body.accept_updates !== undefined ? { acceptUpdates: body.accept_updates } : {}),
        profileForm: body.form,
        profileCompleted: true,
      })
      .where(eq(users.id, me.id));
    return { profile_completed: true };
  }

  // ---- bind and merge ------------------------------------------------------------------------

  /**
   * Binds a mobile or email proven by a code of scene `bind`. If another account holds it, answers
   * ACCOUNT_TAKEN with a signed, short-lived merge token bound to both user ids and the identity.
   */
  async bind(me: AuthUser, kind: 'mobile' | 'email', r: Recipient, code: string, lang: ApiLanguage): Promise<PersonalInfo> {
    await this.a.verifyCode(r, 'bind', code.trim());
    const holder = await this.a.users.byIdentity(this.db, kind, r.key);
    if (holder && holder.id !== me.id) {
      const exp = Math.floor(this.a.now().getTime() / 1000) + MERGE_TOKEN_TTL_S;
      const merge_token = signToken(this.a.secret, 'merge', { a: me.id, b: holder.id, k: kind, v: r.key, exp });
      throw new AppError(ErrorCode.ACCOUNT_TAKEN, { data: { merge_token, other_nickname: holder.nickname } });
    }
    if (!holder) {
      await this.db.transaction(async (tx) => {
        // A value held by a merged or cancelled account is free again.
        await tx.delete(userIdentities).where(and(eq(userIdentities.kind, kind), eq(userIdentities.value, r.key)));
        await tx.delete(userIdentities).where(and(eq(userIdentities.userId, me.id), eq(userIdentities.kind, kind)));
        await tx.insert(userIdentities).values({ userId: me.id, kind, value: r.key, createdAt: this.a.now() });
      });
    }
    return this.personalInfo(me, lang);
  }

  bindMobile(me: AuthUser, body: BodyOf<'bindMobile'>, lang: ApiLanguage) {
    return this.bind(me, 'mobile', mobileRecipient(body.mobile.trim(), body.country_code, lang), body.code, lang);
  }

  bindEmail(me: AuthUser, body: BodyOf<'bindEmail'>, lang: ApiLanguage) {
    return this.bind(me, 'email', emailRecipient(body.email), body.code, lang);
  }

  /**
   * Folds the other account into this one, in one transaction: its identities (the bound one
   * replacing ours, others where we have none), points, uploads, balance, orders, coupons and
   * courses move here (money through the ledger, with an audit row), and so does everything else
   * it owns, each through the owning module's merge function; its sessions are revoked and it is
   * marked merged. Refused while it has an order or a withdrawal in flight.
   */
  async merge(me: AuthUser, token: string, lang: ApiLanguage): Promise<{ merged_user_id: number }> {
    const p = verifyToken(this.a.secret, 'merge', token);
    const invalid = () => fieldError(lang, 'merge_token', { zh: '合并凭证无效或已过期', en: 'is invalid or has expired' });
    if (!p || p.a !== me.id || typeof p.b !== 'number' || typeof p.exp !== 'number' || typeof p.v !== 'string') throw invalid();
    if (p.exp * 1000 < this.a.now().getTime()) throw invalid();
    const otherId = p.b;
    const kind = p.k === 'email' ? 'email' : 'mobile';
    const value = p.v;
    let movedRooms: number[] = [];
    await transaction(this.db, async (tx) => {
      // Lock both rows in id order (no deadlock with a merge the other way round).
      const locked = await tx
        .select()
        .from(users)
        .where(inArray(users.id, [me.id, otherId]))
        .orderBy(asc(users.id))
        .for('update');
      const mine = locked.find((u) => u.id === me.id);
      const other = locked.find((u) => u.id === otherId);
      if (!mine || mine.status !== 'active' || !other || other.status !== 'active') throw invalid();
      const theirs = await tx.select().from(userIdentities).where(eq(userIdentities.userId, otherId));
      if (!theirs.some((i) => i.kind === kind && i.value === value)) throw invalid();
      movedRooms = await this.fold(tx, mine, other, kind);
    });
    this.a.tokens.forget({ userIds: [otherId] });
    // The merged account's name leaves the public lists; follower and learner counts changed, and
    // the moved meetings' rooms name their new host.
    this.cache.invalidate([Tag.people, Tag.speakers, Tag.courses, ...movedRooms.map((id) => Tag.live(id))]);
    return { merged_user_id: otherId };
  }

  /**
   * Folds `other` into `mine` inside the caller's transaction (both rows locked, both active):
   * identities (the `replace` kind of `other` replacing ours, others where we have none), uploads,
   * passwords we lack, points and money through their ledgers (refused while money is in flight),
   * and everything else each owning module moves; then `other` is marked merged and its sessions
   * revoked. The caller calls `tokens.forget` once committed. Returns the moved meetings' rooms.
   */
  async fold(tx: Tx, mine: UserRow, other: UserRow, replace: IdentityKind | null): Promise<number[]> {
      const theirs = await tx.select().from(userIdentities).where(eq(userIdentities.userId, other.id));
      const ours = new Set((await tx.select({ kind: userIdentities.kind }).from(userIdentities).where(eq(userIdentities.userId, mine.id))).map((i) => i.kind));

      if (replace) {
        await tx.delete(userIdentities).where(and(eq(userIdentities.userId, mine.id), eq(userIdentities.kind, replace)));
        ours.delete(replace);
      }
      for (const identity of theirs) {
        if (ours.has(identity.kind as IdentityKind)) {
          await tx.delete(userIdentities).where(eq(userIdentities.id, identity.id));
        } else {
          await tx.update(userIdentities).set({ userId: mine.id }).where(eq(userIdentities.id, identity.id));
        }
      }
      await tx.update(uploads).set({ userId: mine.id }).where(eq(uploads.userId, other.id));
      const keep = {
        ...(mine.passwordHash ? {} : { passwordHash: other.passwordHash }),
        ...(mine.payPasswordHash ? {} : { payPasswordHash: other.payPasswordHash }),
      };
      if (Object.keys(keep).length) await tx.update(users).set(keep).where(eq(users.id, mine.id));
      // Points and money move through their ledgers (a row on each side), not by rewriting balances.
      const now = this.a.now();
      await mergePoints(tx, other.id, mine.id);
      await mergeMoney(tx, other.id, mine.id, now);
      // Everything else the account owns, each table by its owning module. Left with the merged
      // account on purpose: ledger rows (bills, points, withdrawals and their bank cards: each
      // account's running sums stay its own, decision record 0044), consents (the record of what
      // that account agreed to), payment idempotency keys, contact messages to the operators, and
      // columns naming who acted (auditors, answerers, reviewers), which record history.
      await mergeSignIns(tx, other.id, mine.id, now);
      await mergeMember(tx, other.id, mine.id, now);
      await mergeSpeakerFollows(tx, other.id, mine.id, now);
      await mergeNewsActivity(tx, other.id, mine.id, now);
      await mergeLearning(tx, other.id, mine.id, now);
      await mergeWatchLogs(tx, other.id, mine.id, now);
      await mergeReminders(tx, other.id, mine.id, now);
      await mergeLiveRoom(tx, other.id, mine.id, now);
      const movedRooms = (await mergeMeetings(tx, other.id, mine.id, now)).liveIds;
      await mergeCalendar(tx, other.id, mine.id, now);
      await mergeAttendance(tx, other.id, mine.id, now);
      await mergeCredits(tx, other.id, mine.id, now);
      await mergeCertificates(tx, other.id, mine.id, now);
      await tx.update(users).set({ status: 'merged', mergedInto: mine.id }).where(eq(users.id, other.id));
      await this.a.revokeTokens(tx, other.id, 'merged');
      return movedRooms;
  }

  // ---- settings, meeting, uploads ----------------------------------------------------------

  async config(me: AuthUser, lang: ApiLanguage, tz: string): Promise<DataOf<'userConfig'>> {
    const user = await this.a.users.current(me);
    return { language: lang, timezone: tz, notify_live: user.notifyLive, notify_course: user.notifyCourse, meeting_base_url: this.a.config.meetingBaseUrl };
  }

  /** A link into the meeting product carrying an HMAC-signed, 5-minute token with the user id. */
  syncToMeeting(me: AuthUser): { url: string } {
    const exp = Math.floor(this.a.now().getTime() / 1000) + MEETING_SSO_TTL_S;
    const token = signToken(this.a.secret, 'meeting-sso', { uid: me.id, exp });
    return { url: `${this.a.config.meetingBaseUrl}/sso?token=${encodeURIComponent(token)}` };
  }

  /**
   * Reserves the upload first (its row, under a lock on the user's row, so a burst of uploads is
   * counted one by one against the hourly rate and the quota), then stores the bytes.
   */
  async saveImage(me: AuthUser, bytes: Buffer, type: ImageType): Promise<DataOf<'uploadImage'>> {
    const now = this.a.now();
    const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const key = `${month}/${randomToken(18)}.${type.ext}`;
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const { uploadQuotaBytes, uploadsPerHour } = this.a.config;
    const id = await this.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, me.id)).for('update');
      const [used] = await tx
        .select({
          bytes: sql<string>`coalesce(sum(${uploads.size}), 0)`,
          recent: sql<number>`(count(*) filter (where ${uploads.createdAt} > ${hourAgo}))::int`,
          oldestRecent: sql<string | null>`min(${uploads.createdAt}) filter (where ${uploads.createdAt} > ${hourAgo})`,
        })
        .from(uploads)
        .where(eq(uploads.userId, me.id));
      if (used && used.recent >= uploadsPerHour) {
        const freeAt = new Date(used.oldestRecent ?? now).getTime() + 3_600_000;
        throw new AppError(ErrorCode.RATE_LIMITED, { data: { retry_after: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) } });
      }
      if (Number(used?.bytes ?? 0) + bytes.length > uploadQuotaBytes) {
        throw new AppError(ErrorCode.UPLOAD_QUOTA_EXCEEDED, { data: { quota_mb: Math.floor(uploadQuotaBytes / (1024 * 1024)) } });
      }
      const [row] = await tx
        .insert(uploads)
        .values({ userId: me.id, key, url: '', contentType: type.mime, size: bytes.length, width: type.width, height: type.height, createdAt: now })
        .returning({ id: uploads.id });
      return row?.id ?? 0;
    });
    let url: string;
    try {
      url = await this.storage.put(key, bytes, type.mime);
    } catch (err) {
      await this.db.delete(uploads).where(eq(uploads.id, id));
      throw err;
    }
    await this.db.update(uploads).set({ url }).where(eq(uploads.id, id));
    return { url, width: type.width, height: type.height };
  }

  /**
   * A console upload (news bodies and covers, live posters): the same store and checks as a
   * reader's, without the reader's quota (staff are trusted with space), audited with the upload.
   */
  async saveStaffImage(me: AuthUser, bytes: Buffer, type: ImageType): Promise<DataOf<'adminImageUpload'>> {
    const now = this.a.now();
    const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const key = `${month}/${randomToken(18)}.${type.ext}`;
    const url = await this.storage.put(key, bytes, type.mime);
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(uploads)
        .values({ userId: me.id, key, url, contentType: type.mime, size: bytes.length, width: type.width, height: type.height, createdAt: now })
        .returning({ id: uploads.id });
      await writeAudit(tx, {
        actorId: me.id,
        action: 'image.upload',
        target: `upload:${row?.id ?? 0}`,
        before: null,
        after: { url, content_type: type.mime, size: bytes.length, width: type.width, height: type.height },
        now,
      });
    });
    return { url, width: type.width, height: type.height };
  }

  // ---- cancellation ------------------------------------------------------------------------

  /**
   * Deletes the account with a code (scene cancel) sent to its own mobile or email: every token is
   * revoked, identities and password hashes removed, personal fields erased. The row stays (orders
   * and ledger rows keep pointing at it). Refused while the wallet has a balance, a withdrawal is
   * being processed or an order waits for payment (checked before the code is used, and again
   * under the user's lock, which new orders also take first).
   */
  async cancel(me: AuthUser, code: string): Promise<void> {
    const recipient = await this.a.users.ownRecipient(me.id);
    await transaction(this.db, (tx) => refuseMoneyInFlight(tx, me.id, { balance: true }));
    await this.a.verifyCode(recipient, 'cancel', code.trim());
    const now = this.a.now();
    await transaction(this.db, async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, me.id)).for('no key update');
      await refuseMoneyInFlight(tx, me.id, { balance: true });
      await tx.delete(userIdentities).where(eq(userIdentities.userId, me.id));
      await tx
        .update(users)
        .set({
          status: 'cancelled',
          cancelledAt: now,
          nickname: CANCELLED_NICKNAME,
          avatarUrl: '',
          realName: '',
          gender: 0,
          hospital: '',
          departmentId: null,
          professionalTitle: '',
          occupation: '',
          province: '',
          city: '',
          researchField: '',
          acceptUpdates: false,
          passwordHash: null,
          payPasswordHash: null,
          payFailures: 0,
          payLockedUntil: null,
        })
        .where(eq(users.id, me.id));
      await tx.update(authSessions).set({ revokedAt: now, revokeReason: 'account_cancelled', cookieHash: null }).where(eq(authSessions.userId, me.id));
    });
    this.a.tokens.forget({ userIds: [me.id] });
    // The name and avatar leave every public list at once.
    this.cache.invalidate([Tag.people]);
  }

  async userRow(id: number) {
    return this.a.users.get(this.db, id);
  }
}
