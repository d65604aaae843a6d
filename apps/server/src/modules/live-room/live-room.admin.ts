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
