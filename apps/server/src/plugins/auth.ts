import { ErrorCode } from '@medportal/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import { AppError } from '../lib/app-error.ts';
import { loadAppSecret } from '../lib/app-secret.ts';
import { findUserByIdentity } from '../modules/auth/auth.repository.ts';
import { Captchas } from '../modules/auth/captcha.ts';
import { VerificationCodes } from '../modules/auth/codes.ts';
import { RateLimiter } from '../modules/auth/rate-limit.ts';
import { Tokens } from '../modules/auth/tokens.ts';
import type { MessageSender } from '../modules/messages/messages.adapter.ts';
import { MessageOutbox } from '../modules/messages/messages.outbox.ts';
import { SandboxSender } from '../modules/messages/messages.sandbox.ts';

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
}

/** How a route treats the access token: `required` answers 200203 without a valid one. */
export type AuthMode = 'required' | 'optional';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts;
  }
  interface FastifyContextConfig {
    auth?: AuthMode;
  }
}

export const SESSION_COOKIE = 'mp_session';
const SWEEP_INTERVAL_MS = 15 * 60 * 1000;

export interface AuthPluginOptions {
  config: AppConfig;
  now: () => Date;
  sender?: MessageSender;
}

/**
 * Tokens, captchas, codes and limits, plus the one place that resolves `req.ctx.user`: routes whose
 * config says `auth` (set by endpointRoute from the contract's `auth: true`) get the access token
 * looked up before validation; `required` ones answer 200203 (HTTP 200) without a valid token.
 */
export default fp<AuthPluginOptions>(
  async (app, { config, now, sender }) => {
    const secret = await loadAppSecret(app.db, config.appSecret);
    const messages = sender ?? new SandboxSender(app.db, now);
    const outbox = new MessageOutbox(app.db, messages, now, {
      log: app.log,
      hasAccount: async (channel, to) => (await findUserByIdentity(app.db, channel === 'sms' ? 'mobile' : 'email', to)) !== null,
    });
    const accounts: Accounts = {
      config,
      now,
      secret,
      tokens: new Tokens(config.auth, now),
      captchas: new Captchas(app.db, secret, now, config.env !== 'production'),
      codes: new VerificationCodes(app.db, secret, outbox, now),
      limiter: new RateLimiter(now),
      sender: messages,
      outbox,
    };
    app.decorate('accounts', accounts);

    // The outbox worker runs while the app does; onClose stops it before the database closes
    // (the db plugin registered its onClose first, and onClose hooks run last-in, first-out).
    app.addHook('onReady', async () => outbox.start());
    app.addHook('onClose', async () => outbox.stop());

    // Housekeeping without a scheduler: drop long-expired tokens and counters, wipe successor
    // pairs past the grace window. Every process may run it; the statements are idempotent.
    const sweep = () => {
      Promise.all([accounts.tokens.sweep(app.db), accounts.limiter.sweep(app.db), outbox.sweep()]).catch((err: unknown) => app.log.warn({ err }, 'auth sweep failed'));
    };
    const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));

    // After the context plugin's preValidation (which reads a token from the body too).
    app.addHook('preValidation', async (req: FastifyRequest) => {
      const mode = req.routeOptions.config.auth;
      if (!mode) return;
      const token = req.ctx.accessToken;
      const user = token ? await accounts.tokens.authenticate(app.db, token) : null;
      if (user) req.ctx.user = user;
      else if (mode === 'required') throw new AppError(ErrorCode.NOT_LOGGED_IN);
    });
  },
  { name: 'auth', dependencies: ['db', 'context'] },
);

/** The logged-in user of a route with `auth: 'required'` (the hook guarantees it). */
export function currentUser(req: FastifyRequest) {
  const user = req.ctx.user;
  if (!user) throw new AppError(ErrorCode.NOT_LOGGED_IN);
  return user;
}
