import { and, asc, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { supportConversations, supportMessages, users } from '../../db/schema/index.ts';

type Conn = Db | Tx;
export type ConversationRow = typeof supportConversations.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect & { agentName: string | null };

/** The owner's conversation, created on first use (the unique index makes a race one row). */
export async function ensureConversation(db: Conn, owner: { userId: number } | { visitorKey: string }, now: Date): Promise<ConversationRow> {
  const where = 'userId' in owner ? eq(supportConversations.userId, owner.userId) : eq(supportConversations.visitorKey, owner.visitorKey);
  const [known] = await db.select().from(supportConversations).where(where);
  if (known) return known;
  await db
    .insert(supportConversations)
    .values({ ...('userId' in owner ? { userId: owner.userId } : { visitorKey: owner.visitorKey }), createdAt: now })
    .onConflictDoNothing();
  const [row] = await db.select().from(supportConversations).where(where);
  if (!row) throw new Error('support conversation not created');
  return row;
}

export async function conversationById(db: Conn, id: number): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(supportConversations).where(eq(supportConversations.id, id));
  return row;
}

const messageColumns = {
  id: supportMessages.id,
  conversationId: supportMessages.conversationId,
  sender: supportMessages.sender,
  agentId: supportMessages.agentId,
  kind: supportMessages.kind,
  body: supportMessages.body,
  createdAt: supportMessages.createdAt,
  agentName: users.nickname,
};

export function messagesAfter(db: Conn, conversationId: number, afterId: number, limit: number): Promise<MessageRow[]> {
  return db
    .select(messageColumns)
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.agentId))
    .where(and(eq(supportMessages.conversationId, conversationId), gt(supportMessages.id, afterId)))
    .orderBy(asc(supportMessages.id))
    .limit(limit);
}

/** The latest `limit` messages, oldest first. */
export async function latestMessages(db: Conn, conversationId: number, limit: number): Promise<MessageRow[]> {
  const rows = await db
    .select(messageColumns)
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.agentId))
    .where(eq(supportMessages.conversationId, conversationId))
    .orderBy(desc(supportMessages.id))
    .limit(limit);
  return rows.reverse();
}

/** Stores a message and counts it unread for the other side, in one transaction. */
export async function insertMessage(
  tx: Tx,
  m: { conversationId: number; sender: 'visitor' | 'agent'; agentId: number | null; kind: 'text' | 'image'; body: string; now: Date },
): Promise<MessageRow> {
  const [saved] = await tx
    .insert(supportMessages)
    .values({ conversationId: m.conversationId, sender: m.sender, agentId: m.agentId, kind: m.kind, body: m.body, createdAt: m.now })
    .returning();
  if (!saved) throw new Error('support message not stored');
  await tx
    .update(supportConversations)
    .set(
      m.sender === 'visitor'
        ? { agentUnread: sql`${supportConversations.agentUnread} + 1`, lastMessageAt: m.now }
        : { visitorUnread: sql`${supportConversations.visitorUnread} + 1`, lastMessageAt: m.now },
    )
    .where(eq(supportConversations.id, m.conversationId));
  let agentName: string | null = null;
  if (m.agentId !== null) {
    const [u] = await tx.select({ nickname: users.nickname }).from(users).where(eq(users.id, m.agentId));
    agentName = u?.nickname ?? null;
  }
  return { ...saved, agentName };
}

export async function markRead(db: Conn, conversationId: number, reader: 'visitor' | 'agent'): Promise<void> {
  await db
    .update(supportConversations)
    .set(reader === 'visitor' ? { visitorUnread: 0 } : { agentUnread: 0 })
    .where(eq(supportConversations.id, conversationId));
}

/** Conversations that have messages, most recent first, with the visitor's nickname when logged in. */
export function recentConversations(db: Conn, limit: number) {
  return db
    .select({ conv: supportConversations, nickname: users.nickname })
    .from(supportConversations)
    .leftJoin(users, eq(users.id, supportConversations.userId))
    .where(isNotNull(supportConversations.lastMessageAt))
    .orderBy(desc(supportConversations.lastMessageAt), desc(supportConversations.id))
    .limit(limit);
}

export async function nicknameOf(db: Conn, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [u] = await db.select({ nickname: users.nickname }).from(users).where(eq(users.id, userId));
  return u?.nickname ?? null;
}

/** The last message of each of these conversations. */
export async function lastMessages(db: Conn, conversationIds: number[]): Promise<Map<number, MessageRow>> {
  if (conversationIds.length === 0) return new Map();
  const lastIds = db
    .select({ id: sql<number>`max(${supportMessages.id})`.as('id') })
    .from(supportMessages)
    .where(inArray(supportMessages.conversationId, conversationIds))
    .groupBy(supportMessages.conversationId);
  const rows = await db
    .select(messageColumns)
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.agentId))
    .where(inArray(supportMessages.id, lastIds));
  return new Map(rows.map((r) => [r.conversationId, r]));
}

/** Visitor messages no agent has read, over every conversation. */
export async function totalAgentUnread(db: Conn): Promise<number> {
  const [row] = await db.select({ n: sql<number>`coalesce(sum(${supportConversations.agentUnread}), 0)::int` }).from(supportConversations);
  return row?.n ?? 0;
}
