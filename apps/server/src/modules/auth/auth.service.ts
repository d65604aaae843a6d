import { type ApiLanguage, type DataOf, type Endpoints, ErrorCode, LOGIN_LIMITS, type LoginData, type Platform } from '@medportal/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { signToken } from '../../lib/crypto.ts';
import type { Accounts } from './accounts.plugin.ts';
import {
  avatarOf,
  createUser,
  findUserByIdentity,
  getUser,
  identitiesOf,
  maskEmail,
  maskMobile,
  splitMobile,
  type UserRow,
} from './auth.repository.ts';
import { canonicalMobile, parseE164 } from '../../lib/phone.ts';
import { consentRequired, recordConsent, requireAgreement } from './consents.ts';
import { e164Recipient, emailRecipient, mobileRecipient, type Recipient } from './codes.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';
import type { AuthUser, TokenPair } from './tokens.ts';

/** A request body after validation (defaults applied). */
export type BodyOf<N extends keyof Endpoints> = Endpoints[N] extends { body: z.ZodType } ? z.output<Endpoints[N]['body']> : never;


/** Pay password: five wrong in a row lock it for 30 minutes. */
export const PAY_LIMITS = { maxFailures: 5, lockS: 30 * 60 } as const;

/** Scenes whose code is only delivered to an address that has an account (the answer is the same either way). */
const KNOWN_ONLY_SCENES = new Set(['reset', 'pay_password', 'cancel']);

/** Slots one login attempt holds in its counters (see AuthService.reserve). */
interface Attempt {
  accountKey: string;
  ip: string;
  password: boolean;
  held: Array<{ key: string; count: number }>;
  perAccount: number;
  anyIp: number;
  captchaDue: boolean;
}

export interface Caller {
  ip: string;
  lang: ApiLanguage;
  platform: Platform;
}

export interface LoginOutcome {
  data: LoginData;
  /** Raw session-cookie secret to set (httpOnly). */
  cookieSecret: string;
}

/** Conditional updates: set only while unset (two concurrent "set" calls, one wins). */
const passwordUnset = (id: number) => and(eq(users.id, id), isNull(users.passwordHash));
const payPasswordUnset = (id: number) => and(eq(users.id, id), isNull(users.payPasswordHash));

const userInfo = (u: Pick<UserRow, 'avatarUrl' | 'nickname'>) => ({ avatar_url: avatarOf(u), nickname: u.nickname });

/** A default nickname for an account created by SMS or WeChat without one. */
export function defaultNickname(seed: string): string {
  return `用户${seed.slice(-4)}`;
}

/** Ways in, tokens and passwords. Routes stay thin; every multi-step change runs in one transaction. */
export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly a: Accounts,
  ) {}

  private get now(): Date {
    return this.a.now();
  }

  private get scryptN(): number {
    return this.a.config.auth.passwordScryptN;
  }

  private loginData(u: UserRow, pair: TokenPair, platform: Platform, isNew: boolean): LoginData {
    return {
      user_access_token: pair.access,
      user_refresh_token: pair.refresh,
      user_info: userInfo(u),
      platform,
      is_new_user: isNew,
      has_password: u.passwordHash !== null,
    };
  }

  /** Opens a token family for `user` and the login answer. */
  async openSession(user: UserRow, platform: Platform, isNew: boolean): Promise<LoginOutcome> {
    // Every way in (password, code, WeChat) ends here: an account an operator disabled gets no session.
    if (user.disabledAt) throw new AppError(ErrorCode.ACCOUNT_DISABLED);
    const issued = await this.a.tokens.open(this.db, user.id, platform);
    return { data: this.loginData(user, issued, platform, isNew), cookieSecret: issued.cookieSecret };
  }

  // ---- brute-force limits -------------------------------------------------------------------

  private keys(accountKey: string, ip: string) {
    return { account: `login:acct:${accountKey}:${ip}`, anyIp: `login:acct-all:${accountKey}`, ip: `login:ip:${ip}` };
  }

  /**
   * Takes this attempt's slot in each counter before anything is verified: the address (any
   * accounts), this account from this address and, for passwords, this account from every
   * address. A counter that is full refuses the attempt, so a burst of concurrent guesses gets at
   * most the limit checked. Keyed by what was typed, never by whether the account exists, so
   * known and unknown accounts get the same answers. Tells whether a captcha is due.
   */
  private async reserve(accountKey: string, ip: string, password: boolean): Promise<Attempt> {
    const k = this.keys(accountKey, ip);
    const limits: Array<[string, number, number, ErrorCode]> = [
      [k.ip, LOGIN_LIMITS.ipMax, LOGIN_LIMITS.ipWindowS, ErrorCode.RATE_LIMITED],
      [k.account, LOGIN_LIMITS.lockAfter, LOGIN_LIMITS.accountWindowS, ErrorCode.LOCKED],
      ...(password ? [[k.anyIp, LOGIN_LIMITS.accountLockAfter, LOGIN_LIMITS.accountWindowS, ErrorCode.LOCKED] as [string, number, number, ErrorCode]] : []),
    ];
    const held: Array<{ key: string; count: number }> = [];
    for (const [key, max, windowS, refusal] of limits) {
      const slot = await this.a.limiter.reserve(this.db, key, max, windowS);
      if (!slot.ok) {
        for (const h of held) await this.a.limiter.release(this.db, h.key);
        throw new AppError(refusal, { data: { retry_after: this.a.limiter.retryAfter(slot.expiresAt) } });
      }
      held.push({ key, count: slot.count });
    }
    const perAccount = held[1]?.count ?? 0;
    const anyIp = held[2]?.count ?? 0;
    // Counts include this attempt: the captcha is due once the earlier failures reach the mark.
    return { accountKey, ip, password, held, perAccount, anyIp, captchaDue: perAccount > LOGIN_LIMITS.captchaAfter || anyIp > LOGIN_LIMITS.accountCaptchaAfter };
  }

  /** The attempt was no failure (it succeeded, or was refused before any check): its slots go back. */
  private async release(attempt: Attempt): Promise<void> {
    for (const h of attempt.held) await this.a.limiter.release(this.db, h.key);
  }

  /** The attempt failed: its slots stay counted, a counter that is now full locks for `lockS`. */
  private async fail(attempt: Attempt, code: ErrorCode): Promise<never> {
    const k = this.keys(attempt.accountKey, attempt.ip);
    if (attempt.perAccount >= LOGIN_LIMITS.lockAfter) await this.a.limiter.lock(this.db, k.account, LOGIN_LIMITS.lockS);
    if (attempt.password && attempt.anyIp >= LOGIN_LIMITS.accountLockAfter) await this.a.limiter.lock(this.db, k.anyIp, LOGIN_LIMITS.lockS);
    throw new AppError(code, {
      data: { captcha_required: attempt.perAccount >= LOGIN_LIMITS.captchaAfter || attempt.anyIp >= LOGIN_LIMITS.accountCaptchaAfter },
    });
  }

  /** A success: this address's counter for the account starts again, the others keep only failures. */
  private async succeed(attempt: Attempt): Promise<void> {
    const k = this.keys(attempt.accountKey, attempt.ip);
    for (const h of attempt.held) {
      if (h.key === k.account) await this.a.limiter.clear(this.db, h.key);
      else await this.a.limiter.release(this.db, h.key);
    }
  }

  /** A slot in the address's counter of code checks (RATE_LIMITED when full); released on success. */
  private async reserveIp(ip: string): Promise<string> {
    const key = `login:ip:${ip}`;
    const slot = await this.a.limiter.reserve(this.db, key, LOGIN_LIMITS.ipMax, LOGIN_LIMITS.ipWindowS);
    if (!slot.ok) throw new AppError(ErrorCode.RATE_LIMITED, { data: { retry_after: this.a.limiter.retryAfter(slot.expiresAt) } });
    return key;
  }

  /**
   * The key a password login counts and looks up under: a lower-case email, or the E.164 form of a
   * mobile (typed nationally with country_code, or as +E.164). Text that is no valid number keeps a
   * key of its own and simply finds no account.
   */
  private passwordAccount(account: string, countryCode: string): { kind: 'email' | 'mobile'; key: string } {
    if (account.includes('@')) return { kind: 'email', key: account.toLowerCase() };
    const international = account.startsWith('+') ? parseE164(account) : null;
    const m = international ? canonicalMobile(international.national, international.countryCode) : canonicalMobile(account, countryCode);
    return { kind: 'mobile', key: m?.e164 ?? `unparsed:${countryCode}:${account}` };
  }

  // ---- login ---------------------------------------------------------------------------------

  async login(body: BodyOf<'login'>, caller: Caller): Promise<LoginOutcome> {
    if (body.type === 'sms') {
      const r = mobileRecipient(body.mobile.trim(), body.country_code, caller.lang);
      // Before the code is spent: a visitor who has not ticked the box keeps their code.
      requireAgreement(body.agree_terms);
      const attempt = await this.reserve(r.key, caller.ip, false);
      if (!(await this.a.codes.check(r, 'login', body.code.trim()))) {
        // A code sent for registration also lets the number in.
        if (!(await this.a.codes.check(r, 'register', body.code.trim()))) await this.fail(attempt, ErrorCode.CODE_INVALID);
      }
      await this.succeed(attempt);
      const existing = await findUserByIdentity(this.db, 'mobile', r.key);
      if (existing) {
        await recordConsent(this.db, existing.id, this.now, caller.ip);
        return this.openSession(existing, caller.platform, false);
      }
      const created = await this.db.transaction(async (tx) => {
        // Another request may have created it a moment ago: the unique identity decides.
        const again = await findUserByIdentity(tx, 'mobile', r.key);
        const user = again ?? (await createUser(tx, defaultNickname(r.to), { kind: 'mobile', value: r.key }, this.now));
        await recordConsent(tx, user.id, this.now, caller.ip);
        return { user, isNew: !again };
      });
      return this.openSession(created.user, caller.platform, created.isNew);
    }

    const { kind, key: accountKey } = this.passwordAccount(body.account.trim(), body.country_code);
    const attempt = await this.reserve(accountKey, caller.ip, true);
    if (attempt.captchaDue) {
      if (!body.captcha_key || !body.captcha_code) {
        await this.release(attempt);
        throw new AppError(ErrorCode.CAPTCHA_REQUIRED, { data: { captcha_required: true } });
      }
      if (!(await this.a.captchas.verify(body.captcha_key, body.captcha_code))) await this.fail(attempt, ErrorCode.CAPTCHA_INVALID);
    }
    const user = await findUserByIdentity(this.db, kind, accountKey);
    if (!user?.passwordHash) {
      await burnPasswordCheck(body.password, this.scryptN);
      return this.fail(attempt, ErrorCode.WRONG_CREDENTIALS);
    }
    if (!(await verifyPassword(body.password, user.passwordHash))) return this.fail(attempt, ErrorCode.WRONG_CREDENTIALS);
    // This address's counter starts again; the account-wide one keeps its earlier failures and
    // runs out by itself, so one success does not hand a guesser spread over many addresses a
    // fresh set of captcha-free tries.
    await this.succeed(attempt);
    return this.openSession(user, caller.platform, false);
  }

  // ---- codes ---------------------------------------------------------------------------------

  private async requireCaptcha(key: string, code: string): Promise<void> {
    if (!(await this.a.captchas.verify(key, code))) throw new AppError(ErrorCode.CAPTCHA_INVALID);
  }

  /** The same path for every address: known or not, the code is stored and queued (see VerificationCodes.send). */
  private async sendCode(r: Recipient, scene: string, caller: Caller) {
    return this.a.codes.send(r, scene, { ip: caller.ip, lang: caller.lang, onlyToAccount: KNOWN_ONLY_SCENES.has(scene) });
  }

  async sendSms(body: BodyOf<'sendSms'>, caller: Caller) {
    await this.requireCaptcha(body.captcha_key, body.captcha_code);
    return this.sendCode(mobileRecipient(body.mobile.trim(), body.country_code, caller.lang), body.scene, caller);
  }

  async sendEmailCode(body: BodyOf<'sendEmailCode'>, caller: Caller) {
    await this.requireCaptcha(body.captcha_key, body.captcha_code);
    return this.sendCode(emailRecipient(body.email), body.scene, caller);
  }

  /** Checks and spends a code (codes are single use everywhere) and returns a signed ticket. */
  async smsVerify(body: BodyOf<'smsVerify'>, caller: Caller): Promise<DataOf<'smsVerify'>> {
    const r = mobileRecipient(body.mobile.trim(), body.country_code, caller.lang);
    const ip = await this.reserveIp(caller.ip);
    if (!(await this.a.codes.check(r, body.scene, body.code.trim()))) throw new AppError(ErrorCode.CODE_INVALID);
    await this.a.limiter.release(this.db, ip);
    const expires_in = 600;
    const verify_ticket = signToken(this.a.secret, 'verify-ticket', { r: r.key, s: body.scene, exp: Math.floor(this.now.getTime() / 1000) + expires_in });
    return { verify_ticket, expires_in };
  }

  // ---- tokens and session -------------------------------------------------------------------

  async refresh(raw: string): Promise<DataOf<'refreshToken'>> {
    const outcome = await this.a.tokens.refresh(this.db, raw);
    if (!outcome.ok) throw new AppError(ErrorCode.NOT_LOGGED_IN);
    const user = await getUser(this.db, outcome.userId);
    if (!user) throw new AppError(ErrorCode.NOT_LOGGED_IN);
    const platform = outcome.platform === 'wechat' ? 'wechat' : 'web';
    return { user_access_token: outcome.pair.access, user_refresh_token: outcome.pair.refresh, user_info: userInfo(user), platform };
  }

  async sessionCheck(cookieSecret: string | undefined): Promise<DataOf<'sessionCheck'>> {
    const found = cookieSecret ? await this.a.tokens.fromCookie(this.db, cookieSecret) : null;
    if (!found) throw new AppError(ErrorCode.NOT_LOGGED_IN);
    const user = found.user;
    return {
      user_access_token: found.pair.access,
      user_refresh_token: found.pair.refresh,
      user_info: userInfo(user),
      platform: found.platform === 'wechat' ? 'wechat' : 'web',
    };
  }

  /** Revokes the family of the presented access token and of the session cookie, if any. */
  async logout(accessToken: string | undefined, cookieSecret: string | undefined): Promise<void> {
    const ids = new Set<number>();
    if (accessToken) {
      const id = await this.a.tokens.sessionOfAccessToken(this.db, accessToken);
      if (id) ids.add(id);
    }
    if (cookieSecret) {
      const id = await this.a.tokens.sessionOfCookie(this.db, cookieSecret);
      if (id) ids.add(id);
    }
    for (const id of ids) await this.a.tokens.revokeSession(this.db, id, 'logout');
    this.a.tokens.forget({ sessionIds: [...ids] });
  }

  async loginInfo(me: AuthUser, platform: Platform): Promise<DataOf<'loginInfo'>> {
    const user = await this.userOf(me);
    const ids = await identitiesOf(this.db, user.id);
    const mobile = splitMobile(ids.mobile);
    return {
      user_id: user.id,
      nickname: user.nickname,
      avatar_url: avatarOf(user),
      mobile: mobile ? maskMobile(mobile.mobile) : null,
      country_code: mobile?.countryCode ?? null,
      email: ids.email ? maskEmail(ids.email) : null,
      has_password: user.passwordHash !== null,
      has_pay_password: user.payPasswordHash !== null,
      wechat_bound: Boolean(ids.wechat),
      profile_completed: user.profileCompleted,
      platform,
      consent_required: await consentRequired(this.db, user.id),
    };
  }

  /** The user agrees to the current user agreement and privacy policy (asked again after a change). */
  async agreeConsent(me: AuthUser, agreed: boolean, caller: Caller): Promise<DataOf<'agreeConsent'>> {
    requireAgreement(agreed);
    const user = await this.userOf(me);
    const at = this.now;
    const v = await recordConsent(this.db, user.id, at, caller.ip);
    return { contract_version: v.contract, privacy_version: v.privacy, agreed_at: at.toISOString() };
  }

  async userOf(me: AuthUser): Promise<UserRow> {
    const user = await getUser(this.db, me.id);
    if (!user || user.status !== 'active' || user.disabledAt) throw new AppError(ErrorCode.NOT_LOGGED_IN);
    return user;
  }

  // ---- login password ------------------------------------------------------------------------

  async setPassword(me: AuthUser, password: string): Promise<void> {
    const hash = await hashPassword(password, this.scryptN);
    const done = await this.db
      .update(users)
      .set({ passwordHash: hash })
      .where(passwordUnset(me.id))
      .returning({ id: users.id });
    if (done.length === 0) throw new AppError(ErrorCode.PASSWORD_ALREADY_SET);
  }

  /** Changes the password; the user's other sessions end, this one gets a fresh pair. */
  async resetPassword(me: AuthUser, oldPassword: string, password: string, caller: Caller): Promise<DataOf<'resetPassword'>> {
    const user = await this.userOf(me);
    const attempt = await this.reserve(`pwchange:${user.id}`, caller.ip, true);
    if (!user.passwordHash || !(await verifyPassword(oldPassword, user.passwordHash))) {
      if (!user.passwordHash) await burnPasswordCheck(oldPassword, this.scryptN);
      return this.fail(attempt, ErrorCode.WRONG_CREDENTIALS);
    }
    await this.succeed(attempt);
    const hash = await hashPassword(password, this.scryptN);
    const pair = await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, user.id));
      await this.a.tokens.revokeUser(tx, user.id, 'password_changed', me.sessionId);
      return this.a.tokens.renew(tx, me.sessionId, user.id);
    });
    this.a.tokens.forget({ userIds: [user.id] });
    return { user_access_token: pair.access, user_refresh_token: pair.refresh, user_info: userInfo(user), platform: caller.platform };
  }

  /** New password by SMS or email code; every session ends. Same answer for unknown addresses. */
  async forgetPassword(body: BodyOf<'forgetPassword'>, caller: Caller): Promise<void> {
    const r = 'email' in body ? emailRecipient(body.email) : mobileRecipient(body.mobile.trim(), body.country_code, caller.lang);
    const k = this.keys(r.key, caller.ip);
    await this.reserveIp(caller.ip);
    // Hash first, whatever happens next, so known and unknown addresses take the same time.
    const hash = await hashPassword(body.password, this.scryptN);
    if (!(await this.a.codes.check(r, 'reset', body.code.trim()))) throw new AppError(ErrorCode.CODE_INVALID);
    await this.a.limiter.release(this.db, k.ip);
    const user = await findUserByIdentity(this.db, r.channel === 'sms' ? 'mobile' : 'email', r.key);
    if (!user) throw new AppError(ErrorCode.CODE_INVALID);
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, user.id));
      await this.a.tokens.revokeUser(tx, user.id, 'password_reset');
    });
    this.a.tokens.forget({ userIds: [user.id] });
    await this.a.limiter.clear(this.db, k.account);
  }

  // ---- pay password ------------------------------------------------------------------------

  /** Where the user's own codes go: the bound mobile, else the bound email. */
  async ownRecipient(userId: number): Promise<Recipient> {
    const ids = await identitiesOf(this.db, userId);
    const mobile = ids.mobile ? parseE164(ids.mobile) : null;
    if (mobile) return e164Recipient(mobile);
    if (ids.email) return emailRecipient(ids.email);
    throw new AppError(ErrorCode.CODE_INVALID);
  }

  async setPayPassword(me: AuthUser, payPassword: string, code: string): Promise<void> {
    const user = await this.userOf(me);
    if (user.payPasswordHash) throw new AppError(ErrorCode.PAY_PASSWORD_ALREADY_SET);
    await this.a.codes.require(await this.ownRecipient(user.id), 'pay_password', code.trim());
    const hash = await hashPassword(payPassword, this.scryptN);
    const done = await this.db
      .update(users)
      .set({ payPasswordHash: hash, payFailures: 0, payLockedUntil: null })
      .where(payPasswordUnset(user.id))
      .returning({ id: users.id });
    if (done.length === 0) throw new AppError(ErrorCode.PAY_PASSWORD_ALREADY_SET);
  }

  async changePayPassword(me: AuthUser, oldPay: string, payPassword: string): Promise<void> {
    await this.checkPayPassword(me, oldPay);
    await this.db.update(users).set({ payPasswordHash: await hashPassword(payPassword, this.scryptN) }).where(eq(users.id, me.id));
  }

  async forgetPayPassword(me: AuthUser, code: string, payPassword: string): Promise<void> {
    const user = await this.userOf(me);
    if (!user.payPasswordHash) throw new AppError(ErrorCode.PAY_PASSWORD_NOT_SET);
    await this.a.codes.require(await this.ownRecipient(user.id), 'pay_password', code.trim());
    await this.db
      .update(users)
      .set({ payPasswordHash: await hashPassword(payPassword, this.scryptN), payFailures: 0, payLockedUntil: null })
      .where(eq(users.id, user.id));
  }

  /** Verifies the pay password: WRONG_PAY_PASSWORD with data.remaining_attempts; LOCKED after 5 in a row. */
  async checkPayPassword(me: AuthUser, payPassword: string): Promise<void> {
    const user = await this.userOf(me);
    if (!user.payPasswordHash) throw new AppError(ErrorCode.PAY_PASSWORD_NOT_SET);
    const now = this.now;
    if (user.payLockedUntil && user.payLockedUntil > now) {
      throw new AppError(ErrorCode.LOCKED, { data: { retry_after: Math.ceil((user.payLockedUntil.getTime() - now.getTime()) / 1000) } });
    }
    if (await verifyPassword(payPassword, user.payPasswordHash)) {
      if (user.payFailures > 0 || user.payLockedUntil) await this.db.update(users).set({ payFailures: 0, payLockedUntil: null }).where(eq(users.id, user.id));
      return;
    }
    // Count in the database (atomic increment): concurrent wrong tries all count.
    const [row] = await this.db
      .update(users)
      .set({ payFailures: sql`case when ${users.payLockedUntil} is not null and ${users.payLockedUntil} <= ${now.toISOString()}::timestamptz then 1 else ${users.payFailures} + 1 end`, payLockedUntil: null })
      .where(eq(users.id, user.id))
      .returning({ failures: users.payFailures });
    const failures = row?.failures ?? PAY_LIMITS.maxFailures;
    if (failures >= PAY_LIMITS.maxFailures) {
      await this.db
        .update(users)
        .set({ payLockedUntil: new Date(now.getTime() + PAY_LIMITS.lockS * 1000) })
        .where(eq(users.id, user.id));
      throw new AppError(ErrorCode.LOCKED, { data: { retry_after: PAY_LIMITS.lockS, remaining_attempts: 0 } });
    }
    throw new AppError(ErrorCode.WRONG_PAY_PASSWORD, { data: { remaining_attempts: PAY_LIMITS.maxFailures - failures } });
  }
}

