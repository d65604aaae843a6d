import { index, integer, pgEnum, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './common.ts';
import { users } from './users.ts';

/**
 * A token family: one login on one device. Refresh rotation stays inside the family; revoking the
 * family (logout, reuse of a rotated refresh token, password change) kills every token in it.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text().notNull().default('web'),
    /** SHA-256 of the httpOnly session cookie's secret (server session check). */
    cookieHash: text().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The family ends when its newest refresh token would expire. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    revokeReason: text(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const tokenKind = pgEnum('token_kind', ['access', 'refresh']);

/** Access and refresh tokens, by SHA-256 of the raw value (the raw value is never stored). */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text().primaryKey(),
    kind: tokenKind().notNull(),
    sessionId: integer()
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    /** Refresh tokens: when it was exchanged for a successor pair. */
    rotatedAt: timestamp({ withTimezone: true }),
    /**
     * The successor pair, AES-256-GCM encrypted under a key derived from THIS refresh token's raw
     * value (which only its holder knows), so a repeat inside the grace window gets the same pair
     * while the database alone cannot recover any token. Wiped when the window has passed.
     */
    successorEnc: text(),
  },
  (t) => [index('auth_tokens_session_idx').on(t.sessionId), index('auth_tokens_expires_idx').on(t.expiresAt)],
);

/** Image captchas: the answer is stored as an HMAC; one attempt per captcha. */
export const captchas = pgTable(
  'captchas',
  {
    key: text().primaryKey(),
    answerHash: text().notNull(),
    /** The plain answer, kept only outside production for GET /v1/dev/captcha/:key. */
    devAnswer: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('captchas_expires_idx').on(t.expiresAt)],
);

export const codeChannel = pgEnum('code_channel', ['sms', 'email']);

/** SMS and email verification codes (HMAC of the code), one row per send. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    channel: codeChannel().notNull(),
    /** Canonical: E.164 `+8613800138000` or a lower-case email. */
    recipient: text().notNull(),
    scene: text().notNull(),
    codeHash: text().notNull(),
    ip: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Used, or invalidated by too many wrong attempts. */
    consumedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_recipient_idx').on(t.recipient, t.createdAt), index('verification_codes_ip_idx').on(t.ip, t.createdAt)],
);

/**
 * Failure counters with a window (brute-force limits). Kept in the database so a restart does not
 * reset them and several API processes share them.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

export const wechatLoginStatus = pgEnum('wechat_login_status', ['waiting', 'scanned', 'confirmed', 'cancelled']);

/** WeChat QR logins, by SHA-256 of the ticket. The login result is issued once, at the first poll after confirm. */
export const wechatLogins = pgTable('wechat_logins', {
  ticketHash: text().primaryKey(),
  status: wechatLoginStatus().notNull().default('waiting'),
  platform: text().notNull().default('web'),
  userId: integer().references(() => users.id, { onDelete: 'cascade' }),
  isNewUser: integer().notNull().default(0),
  /** When the browser that asked for the QR ticked the agreement box (recorded for the user on confirm). */
  agreedAt: timestamp({ withTimezone: true }),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  /** When the polling browser received its tokens (then the ticket is spent). */
  consumedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Which version of the user agreement ('contract') and privacy policy ('privacy') a user agreed
 * to, and when: one row per agreement, kept as the record consent law asks for.
 */
export const userConsents = pgTable(
  'user_consents',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    document: text().notNull(),
    version: text().notNull(),
    agreedAt: timestamp({ withTimezone: true }).notNull(),
    ip: text(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.document, t.version] })],
);
