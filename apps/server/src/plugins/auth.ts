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
    // After the context plugin's preValidation (which reads a token from the body too).
    app.addHook('preValidation', async (req: FastifyRequest) => {
      const mode = req.routeOptions.config.auth;
      if (!mode) return;
      const token = req.ctx.accessToken;
      const user = token ? await authenticate(token) : null;
      if (user) req.ctx.user = user;
      else if (mode === 'required') throw new AppError(ErrorCode.NOT_LOGGED_IN);
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
