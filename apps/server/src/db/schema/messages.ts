import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { codeChannel } from './auth.ts';
import { createdAt } from './common.ts';

export const outboxStatus = pgEnum('outbox_status', ['pending', 'sending', 'sent', 'failed', 'skipped', 'expired']);

/**
 * Messages to deliver (SMS and email). Requests only insert here; the server's outbox worker
 * claims due rows and hands them to the provider, off the request path, retrying with back-off.
 * Once a row is finished its text and code are erased (the row stays as a delivery record).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    channel: codeChannel().notNull(),
    /** E.164 mobile (`+8613800138000`) or a lower-case email. */
    to: text().notNull(),
    /** Calling code of an SMS recipient (`86`), for providers that want it apart. */
    countryCode: text(),
    text: text().notNull(),
    /** The verification code it carries, if any (the sandbox shows it). */
    code: text(),
    scene: text(),
    status: outboxStatus().notNull().default('pending'),
    /** Deliver only if an active account holds `to` (reset-type codes): decided by the worker, never the request. */
    onlyToAccount: boolean().notNull().default(false),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** While `sending`: when the claim lapses (a worker that died), making the row due again. */
    lockedUntil: timestamp({ withTimezone: true }),
    /** Not worth sending after this (the code expired, the live ended). */
    deliverBefore: timestamp({ withTimezone: true }),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_to_idx').on(t.to, t.createdAt),
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
  ],
);

/** What the sandbox SMS/email provider "delivered": the developer's phone and inbox (GET /v1/dev/outbox). */
export const sandboxMessages = pgTable(
  'sandbox_messages',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    channel: codeChannel().notNull(),
    /** E.164 mobile or email, as the provider was given it. */
    to: text().notNull(),
    countryCode: text(),
    text: text().notNull(),
    code: text(),
    scene: text(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_messages_to_idx').on(t.to, t.createdAt)],
);
