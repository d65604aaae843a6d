/**
 * The auth module's public entry: what app.ts wires and what other modules may use. Everything
 * else a module needs of accounts goes through the `app.accounts` decorator (issue a session,
 * set its cookie, verify a code, revoke tokens, look up users).
 */
export { default as accountsPlugin, type Accounts, type UserDirectory } from './accounts.plugin.ts';
export { default as authRoutes } from './auth.routes.ts';
export type { IdentityKind, UserRow } from './auth.repository.ts';
export { avatarOf, maskEmail, maskMobile, splitMobile } from './auth.repository.ts';
export type { BodyOf, LoginOutcome } from './auth.service.ts';
export { emailRecipient, mobileRecipient, type Recipient } from './codes.ts';
export { SESSION_COOKIE } from './session-cookie.ts';
