import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './common.ts';
import { users } from './users.ts';

/**
 * Online service conversations: one per logged-in user, or one per anonymous visitor (whose signed
 * token names the row by `visitor_key`). Unread counts are kept on the row, each side's reset by
 * that side reading, so the agents' list needs no count over the messages.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    /** Random key of an anonymous visitor (the token carries it with a signature). */
    visitorKey: text(),
    visitorUnread: integer().notNull().default(0),
    agentUnread: integer().notNull().default(0),
    lastMessageAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('support_conversations_user_idx').on(t.userId),
    uniqueIndex('support_conversations_visitor_idx').on(t.visitorKey),
    index('support_conversations_recent_idx').on(t.lastMessageAt),
    check('support_conversations_owner_check', sql`(${t.userId} is null) <> (${t.visitorKey} is null)`),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    conversationId: integer()
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    sender: text().notNull(),
    /** The answering agent (agent messages). */
    agentId: integer().references(() => users.id, { onDelete: 'set null' }),
    kind: text().notNull(),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_messages_conversation_idx').on(t.conversationId, t.id),
    check('support_messages_sender_check', sql`${t.sender} in ('visitor', 'agent')`),
    check('support_messages_kind_check', sql`${t.kind} in ('text', 'image')`),
  ],
);
