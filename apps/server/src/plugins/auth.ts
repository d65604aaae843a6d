import { ErrorCode } from '@medportal/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import type { AuthUser } from './context.ts';

/** How a route treats the access token: `required` answers 200203 without a valid one. */
export type AuthMode = 'required' | 'optional';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
  }
}

export interface AuthPluginOptions {
  /** Who an access token belongs to, or null (unknown, expired, revoked); the auth module supplies it. */
  authenticate: (token: string) => Promise<AuthUser | null>;
}

/**
 * The one place that resolves `req.ctx.user`: routes whose config says `auth` (set by
 * endpointRoute from the route table's `auth: true`) get the access token looked up before
 * validation; `required` ones answer 200203 (HTTP 200) without a valid token.
 */
export default fp<AuthPluginOptions>(
  async (app, { authenticate }) => {
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
      const own = route.preValidation;
      route.preValidation = [resolveUser, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
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
