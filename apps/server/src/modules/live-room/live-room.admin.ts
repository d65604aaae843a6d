import type { ModerationItem } from '@medportal/contract';
import { and, count, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lives, liveTopics, users } from '../../db/schema/index.ts';
import { paginate } from '../shared/paginate.ts';

/** What the console's moderation queue asks of live questions. */
export interface TopicQueueFilter {
  status: 'pending' | 'approved' | 'hidden';
  liveId?: number | undefined;
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(f: TopicQueueFilter): SQL | undefined {
  return and(
    eq(liveTopics.status, f.status),
    f.liveId === undefined ? undefined : eq(liveTopics.liveId, f.liveId),
    f.q ? ilike(liveTopics.content, likeText(f.q)) : undefined,
    f.from ? gte(liveTopics.createdAt, new Date(f.from)) : undefined,
    f.to ? lt(liveTopics.createdAt, new Date(f.to)) : undefined,
  );
}

/** One page of live questions in a moderation state, newest first, with their author and live. */
export async function topicQueue(db: Db, f: TopicQueueFilter, limit: number, offset: number): Promise<{ items: ModerationItem[]; total: number }> {
  const { rows, total } = await paginate(
    db
      .select({
        id: liveTopics.id,
        status: liveTopics.status,
        content: liveTopics.content,
        userId: liveTopics.userId,
        nickname: users.nickname,
        liveId: lives.id,
        title: lives.titleZh,
        createdAt: liveTopics.createdAt,
      })
      .from(liveTopics)
      .innerJoin(users, eq(users.id, liveTopics.userId))
      .innerJoin(lives, eq(lives.id, liveTopics.liveId))
      .where(where(f))
      .orderBy(desc(liveTopics.createdAt), desc(liveTopics.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(liveTopics).where(where(f)),
  );
  return {
    items: rows.map((r) => ({
      kind: 'question' as const,
      id: r.id,
      status: r.status as ModerationItem['status'],
      content: r.content,
      author: { id: r.userId, nickname: r.nickname },
      target: { id: r.liveId, title: r.title },
      created_at: r.createdAt.toISOString(),
    })),
    total,
  };
}

/** Questions waiting for a moderator in every live. */
export async function pendingTopicCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(liveTopics).where(eq(liveTopics.status, 'pending'));
  return row?.n ?? 0;
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { liveAccess, liveModerators, liveRooms, liveSpeakers, users } from '../../db/schema/index.ts';
import { accessCodeHash } from './live-room.service.ts';

/**
 * The room as the console edits it (decision record 0066): access rules, moderators and the
 * speakers after the host. The room's own rules (login, code, check-in) are what every path to
 * its media already goes through.
 */

export interface RoomRules {
  moderated: boolean;
  requireLogin: boolean;
  requireSignIn: boolean;
  /** A new viewing code; null removes it; undefined keeps it. */
  accessCode?: string | null | undefined;
}

export async function roomRulesOf(db: Db | Tx, liveId: number) {
  const [row] = await db
    .select({ moderated: liveRooms.moderated, requireLogin: liveRooms.requireLogin, requireSignIn: liveRooms.requireSignIn, accessCodeHash: liveRooms.accessCodeHash })
    .from(liveRooms)
    .where(eq(liveRooms.liveId, liveId));
  return {
    moderated: row?.moderated ?? false,
    requireLogin: row?.requireLogin ?? false,
    requireSignIn: row?.requireSignIn ?? false,
    hasAccessCode: Boolean(row?.accessCodeHash),
  };
}

/** Writes the room's rules (making its row if it has none). A changed code withdraws access granted under the old one. */
export async function saveRoomRules(tx: Tx, liveId: number, r: RoomRules): Promise<void> {
  const set = {
    moderated: r.moderated,
    requireLogin: r.requireLogin,
    requireSignIn: r.requireSignIn,
    ...(r.accessCode === undefined ? {} : { accessCodeHash: r.accessCode ? accessCodeHash(liveId, r.accessCode) : null }),
  };
  await tx.insert(liveRooms).values({ liveId, ...set }).onConflictDoUpdate({ target: liveRooms.liveId, set });
  if (r.accessCode !== undefined) await tx.delete(liveAccess).where(eq(liveAccess.liveId, liveId));
}

/** The room's moderators with their nicknames, in the order they were named. */
export function moderatorsOf(db: Db | Tx, liveId: number) {
  return db
    .select({ id: users.id, name: users.nickname })
    .from(liveModerators)
    .innerJoin(users, eq(users.id, liveModerators.userId))
    .where(eq(liveModerators.liveId, liveId))
    .orderBy(asc(liveModerators.createdAt), asc(users.id));
}

/** Replaces the room's moderators (ids already checked to be users). */
export async function replaceModerators(tx: Tx, liveId: number, userIds: readonly number[], now: Date): Promise<void> {
  await tx.delete(liveModerators).where(eq(liveModerators.liveId, liveId));
  // One millisecond apart: the console's order is kept.
  if (userIds.length) await tx.insert(liveModerators).values(userIds.map((userId, i) => ({ liveId, userId, createdAt: new Date(now.getTime() + i) })));
}

/** The speakers after the host, in order. */
export async function roomSpeakerIds(db: Db | Tx, liveId: number): Promise<number[]> {
  const rows = await db.select({ id: liveSpeakers.speakerId }).from(liveSpeakers).where(eq(liveSpeakers.liveId, liveId)).orderBy(asc(liveSpeakers.sort), asc(liveSpeakers.speakerId));
  return rows.map((r) => r.id);
}

export async function replaceRoomSpeakers(tx: Tx, liveId: number, speakerIds: readonly number[]): Promise<void> {
  await tx.delete(liveSpeakers).where(eq(liveSpeakers.liveId, liveId));
  if (speakerIds.length) await tx.insert(liveSpeakers).values(speakerIds.map((speakerId, i) => ({ liveId, speakerId, sort: i + 1 })));
}

/** Which of these user ids are active accounts. */
export async function existingUsers(db: Db | Tx, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: users.id }).from(users).where(and(inArray(users.id, [...ids]), eq(users.status, 'active')));
  return new Set(rows.map((r) => r.id));
}
