import type { Platform } from '@medportal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { loadAppSecret } from '../../lib/app-secret.ts';
import type { AuthUser } from '../../plugins/context.ts';
import { MessageOutbox, type MessageSender, SandboxSender } from '../messages/index.ts';
import { createUser, findUserByIdentity, getUser, type IdentityKind, identitiesOf, type UserRow } from './auth.repository.ts';
import { AuthService, type LoginOutcome } from './auth.service.ts';
import { recordConsent, requireAgreement } from './consents.ts';
import { Captchas } from './captcha.ts';
import { type Recipient, VerificationCodes } from './codes.ts';
import { RateLimiter } from './rate-limit.ts';
import { setSessionCookie } from './session-cookie.ts';
import { Tokens } from './tokens.ts';
import { scheduleJob } from '../../plugins/jobs.ts';

/** Shared pieces of the accounts capability, built once per app. */
export interface Accounts {
  config: AppConfig;
  now: () => Date;
  /** APP_SECRET or the generated one in app_meta. */
  secret: string;
  tokens: Tokens;
  captchas: Captchas;
  codes: VerificationCodes;
  limiter: RateLimiter;
  /** The SMS/email provider; only the outbox worker calls it. */
  sender: MessageSender;
  /** Where every SMS and email goes first (requests enqueue; the worker delivers). */
  outbox: MessageOutbox;

  // What other modules need of accounts, so none of them reaches into this module's files.
  /** A new session (token pair, cookie secret, login data) for a user who just proved who they are. */
  issueSession(user: UserRow, platform: Platform, isNew: boolean): Promise<LoginOutcome>;
  /** Sets the httpOnly session cookie of a session just issued. */
  setSessionCookie(req: FastifyRequest, reply: FastifyReply, outcome: LoginOutcome): void;
  /** Checks and uses up a verification code sent to `recipient` for `scene`; throws the contract's error otherwise. */
  verifyCode(recipient: Recipient, scene: string, code: string): Promise<void>;
  /** The agreement tick box was ticked (CONSENT_REQUIRED otherwise). */
  requireAgreement(agreed: boolean | string | undefined): void;
  /** Records the user's agreement to the current user agreement and privacy policy, in the caller's transaction. */
  recordConsent(db: Db | Tx, userId: number, at: Date, ip: string | null): Promise<unknown>;
  /** Revokes every session of a user, inside the caller's transaction; then `tokens.forget` once it committed. */
  revokeTokens(tx: Db | Tx, userId: number, reason: string): Promise<void>;
  /** Checks a user's pay password: PAY_PASSWORD_NOT_SET, WRONG_PAY_PASSWORD (counted) or LOCKED otherwise. */
  checkPayPassword(me: AuthUser, payPassword: string): Promise<void>;
  users: UserDirectory;
}

/** Account lookups other modules may make (profile, WeChat). */
export interface UserDirectory {
  get(db: Db | Tx, id: number): Promise<UserRow | null>;
  /** The active user behind a request's login; NOT_LOGGED_IN when the account is gone. */
  current(me: AuthUser): Promise<UserRow>;
  byIdentity(db: Db | Tx, kind: IdentityKind, value: string): Promise<UserRow | null>;
  identities(db: Db | Tx, userId: number): Promise<Partial<Record<IdentityKind, string>>>;
  create(db: Db | Tx, nickname: string, identity: { kind: IdentityKind; value: string }, now: Date): Promise<UserRow>;
  /** Where the user's own codes go: the bound mobile, else the email. */
  ownRecipient(userId: number): Promise<Recipient>;
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts;
  }
}

const SWEEP_INTERVAL_MS = 15 * 60 * 1000;
/** How often the delivery job looks for due messages (other processes' and retries) when nothing woke it. */
const OUTBOX_POLL_MS = 1000;

export interface AccountsPluginOptions {
  config: AppConfig;
  now: () => Date;
  sender?: MessageSender;
}

/**
 * The accounts capability as the `app.accounts` decorator: tokens, captchas, codes and limits for
 * this module's routes, and the operations other modules need (issue a session, verify a code,
 * revoke tokens, look up users). app.ts hands `tokens.authenticate` to the auth plugin, which
 * resolves `req.ctx.user`.
 */
export default fp<AccountsPluginOptions>(
  async (app, { config, now, sender }) => {
    const secret = await loadAppSecret(app.db, config.appSecret);
    const messages = sender ?? new SandboxSender(app.db, now);
    const outbox = new MessageOutbox(app.db, messages, now, {
      log: app.log,
      hasAccount: async (channel, to) => (await findUserByIdentity(app.db, channel === 'sms' ? 'mobile' : 'email', to)) !== null,
    });
    // Revocations reach every process's access-token cache through the public cache's channel.
    const tokens = new Tokens(config.auth, now, (keys) => app.publicCache.revoke(keys));
    app.publicCache.onRevoke((keys) => tokens.forgetHere(keys));
    const codes = new VerificationCodes(app.db, secret, outbox, now);
    const accounts: Accounts = {
      config,
      now,
      secret,
      tokens,
      captchas: new Captchas(app.db, secret, now, config.env !== 'production'),
      codes,
      limiter: new RateLimiter(now),
      sender: messages,
      outbox,
      issueSession: (user, platform, isNew) => service.openSession(user, platform, isNew),
      setSessionCookie: (req, reply, outcome) => setSessionCookie(req, reply, outcome.cookieSecret, config.auth.refreshTtlS),
      verifyCode: (recipient, scene, code) => codes.require(recipient, scene, code),
      requireAgreement,
      recordConsent,
      revokeTokens: (tx, userId, reason) => tokens.revokeUser(tx, userId, reason),
      checkPayPassword: (me, payPassword) => service.checkPayPassword(me, payPassword),
      users: {
        get: getUser,
        current: (me) => service.userOf(me),
        byIdentity: findUserByIdentity,
        identities: identitiesOf,
        create: createUser,
        ownRecipient: (userId) => service.ownRecipient(userId),
      },
    };
    const service = new AuthService(app.db, accounts);
    app.decorate('accounts', accounts);

    // Delivery is a background job (one process at a time; a queued message wakes it at once). It
    // stops before the database closes: onClose hooks run last-in, first-out.
    const delivery = scheduleJob(app, { name: 'messages.outbox', everyMs: OUTBOX_POLL_MS, runAtStart: true, run: () => outbox.deliverDue(), logLevel: 'debug' });
    outbox.wakeWith(() => delivery.trigger());

    // Housekeeping: drop long-expired tokens and counters, wipe successor pairs past the grace window.
    scheduleJob(app, {
      name: 'auth.sweep',
      everyMs: SWEEP_INTERVAL_MS,
      run: () => Promise.all([accounts.tokens.sweep(app.db), accounts.limiter.sweep(app.db), outbox.sweep()]),
    });
  },
  { name: 'accounts', dependencies: ['db', 'jobs'] },
);
