import { ErrorCode } from '@medportal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { ReadCoalescer, type SharedAnswer } from '../lib/read-coalescing.ts';
import type { AuthUser } from './context.ts';

/** How a route treats the access token: `required` answers 200203 without a valid one. */
export type AuthMode = 'required' | 'optional';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
    /**
     * false: the answer shows other users' rows (an agent's queue), whose writes move only those
     * users' epochs: shared while built, never kept. Console routes (`area`) never keep either.
     */
    keepAnswers?: false;
  }
  interface FastifyInstance {
    /** The logged-in answers kept (decision record 0076): told of writes made outside a user's requests. */
    personalReads: {
      /** A committed write to a row of `userId`'s: their kept answers are no longer served. */
      wrote(userId: number): void;
      /** Writes may have gone unheard: no kept answer is served again. */
      changedAll(): void;
    };
  }
}

export interface AuthPluginOptions {
  /** Who an access token belongs to, or null (unknown, expired, revoked); the auth module supplies it. */
  authenticate: (token: string) => Promise<AuthUser | null>;
  /**
   * How long a logged-in GET's answer may serve the same login's identical reads (0: only while
   * built); writes end it sooner, so this bounds only what changes with the clock.
   */
  personalReadKeepMs?: number;
  /** Moves whenever public data changed (the public cache's invalidations): kept answers embed it. */
  publicMark?: () => number;
  /** The app's clock (a dev or test clock may jump): the keep bounds answers computed from it. */
  now?: () => Date;
}

const PERSONAL_READ_KEEP_MS = 1_000;
/** Logged-in answers kept at most (each lives a second, lapsed ones are dropped each second; the oldest go first). */
const PERSONAL_READS_KEPT = 2_000;

/**
 * The one place that resolves `req.ctx.user`: routes whose config says `auth` (set by
 * endpointRoute from the route table's `auth: true`) get the access token looked up before
 * validation; `required` ones answer 200203 (HTTP 200) without a valid token.
 */
export default fp<AuthPluginOptions>(
  async (app, { authenticate, personalReadKeepMs = PERSONAL_READ_KEEP_MS, publicMark, now }) => {
    const reads = new ReadCoalescer({
      keepMs: personalReadKeepMs,
      maxKept: PERSONAL_READS_KEPT,
      ...(publicMark ? { mark: publicMark } : {}),
      ...(now ? { now: () => now().getTime() } : {}),
    });
    app.decorate('personalReads', { wrote: (userId: number) => reads.wrote(userId), changedAll: () => reads.changedAll() });
    /**
     * A logged-in GET shares the answer of an identical one of the same login already being built
     * (decision record 0076): same user and session, URL, language, zone, platform, and the
     * headers a handler may answer differently to.
     */
    const readKey = (req: FastifyRequest, userId: number, sessionId: number): string => {
      const h = req.headers;
      return `${userId}\u0001${sessionId}\u0001${reads.epoch(userId)}\u0001${req.ctx.lang}\u0001${req.ctx.tz}\u0001${req.ctx.platform}\u0001${req.ctx.appVersion ?? ''}\u0001${h.accept ?? ''}\u0001${h.range ?? ''}\u0001${h['if-none-match'] ?? ''}\u0001${h['if-modified-since'] ?? ''}\u0001${req.url}`;
    };
    const builds = new WeakMap<FastifyRequest, { settle: (answer: SharedAnswer | null) => void; before: Set<string> }>();
    // First of the route's preHandlers (before the public cache lays personal fields over a kept
    // payload): a kept or shared answer ends the request here.
    const shareRead = async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
      const user = req.ctx.user;
      if (req.method !== 'GET' || !user) return undefined;
      const key = readKey(req, user.id, user.sessionId);
      const answer = reads.kept(key) ?? (await reads.pending(key));
      // An answer sent from an async hook is returned, so the request goes no further.
      if (answer) return reply.headers(answer.headers).send(answer.value);
      // A console's reads show other users' rows, whose writes move only those users' epochs:
      // shared while built, never kept.
      const config = req.routeOptions.config;
      builds.set(req, { settle: reads.begin(key, !config.area && config.keepAnswers !== false), before: new Set(Object.keys(reply.getHeaders())) });
      return undefined;
    };
    // The answer object, from the handler or a hook, before any serializer: shared when a success.
    const keepRead = (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void): void => {
      const build = builds.get(req);
      if (build) {
        builds.delete(req);
        if (reply.statusCode === 200 && (payload as { code?: unknown } | null)?.code === 0) {
          const headers: SharedAnswer['headers'] = {};
          for (const [name, v] of Object.entries(reply.getHeaders())) if (!build.before.has(name) && v !== undefined) headers[name] = v;
          build.settle({ value: payload, headers });
        } else {
          build.settle(null);
        }
      }
      done(null, payload);
    };
    // Any other end (a failure, a stream, a client that left) lets the waiters build their own.
    const dropRead = (req: FastifyRequest): void => {
      builds.get(req)?.settle(null);
      builds.delete(req);
    };
    // A write by a user: their reads sent after its answer never join a build begun before it.
    const wrote = (req: FastifyRequest, _reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void): void => {
      if (req.ctx.user && req.method !== 'GET' && req.method !== 'HEAD') reads.wrote(req.ctx.user.id);
      done(null, payload);
    };
    const resolveUser = async (req: FastifyRequest): Promise<void> => {
      const mode = req.routeOptions.config.auth;
      const token = req.ctx.accessToken;
      const user = token ? await authenticate(token) : null;
      if (user) req.ctx.user = user;
      else if (mode === 'required') throw new AppError(ErrorCode.NOT_LOGGED_IN);
    };
    // Only on routes that say `auth`, so the others never pay for the hook. A route's own hooks
    // run after the global ones, so this comes after the context plugin's preValidation (which
    // reads a token from the body too).
    app.addHook('onRoute', (route) => {
      if (!route.config?.auth) return;
      const list = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);
      route.preValidation = [resolveUser, ...list(route.preValidation)] as typeof route.preValidation;
      const methods = list(route.method);
      if (methods.includes('GET')) {
        route.preHandler = [shareRead, ...list(route.preHandler)] as typeof route.preHandler;
        route.preSerialization = [keepRead, ...list(route.preSerialization)] as typeof route.preSerialization;
        route.onSend = [
          (req: FastifyRequest, _reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
            dropRead(req);
            done(null, payload);
          },
          ...list(route.onSend),
        ] as typeof route.onSend;
        route.onRequestAbort = [...list(route.onRequestAbort), (req: FastifyRequest, done: () => void) => (dropRead(req), done())] as typeof route.onRequestAbort;
      }
      if (methods.some((m) => m !== 'GET' && m !== 'HEAD')) route.onSend = [wrote, ...list(route.onSend)] as typeof route.onSend;
    });
  },
  { name: 'auth', dependencies: ['context'] },
);

/** The logged-in user of a route with `auth: 'required'` (the hook guarantees it). */
export function currentUser(req: FastifyRequest): AuthUser {
  const user = req.ctx.user;
  if (!user) throw new AppError(ErrorCode.NOT_LOGGED_IN);
  return user;
}
