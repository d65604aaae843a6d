import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { liveAccess, liveModerators, liveRooms } from '../../db/schema/index.ts';
import { accessCodeHash } from './live-room.service.ts';

/**
 * The room of a created meeting (decision record 0050): login required, not moderated, the host
 * its moderator, the meeting password its access code (none: open to any logged-in user).
 */
export async function openMeetingRoom(tx: Tx, liveId: number, hostId: number, password: string | null): Promise<void> {
  await tx
    .insert(liveRooms)
    .values({ liveId, requireLogin: true, accessCodeHash: password ? accessCodeHash(liveId, password) : null })
    .onConflictDoNothing();
  await tx.insert(liveModerators).values({ liveId, userId: hostId }).onConflictDoNothing();
}

/** A new access code (or none). Access granted under the old code is withdrawn: attendees enter the new one. */
export async function setRoomAccessCode(tx: Tx, liveId: number, password: string | null): Promise<void> {
  await tx
    .update(liveRooms)
    .set({ accessCodeHash: password ? accessCodeHash(liveId, password) : null })
    .where(eq(liveRooms.liveId, liveId));
  await tx.delete(liveAccess).where(eq(liveAccess.liveId, liveId));
}
