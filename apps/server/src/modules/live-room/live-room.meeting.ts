import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { liveAccess, liveModerators, liveRooms } from '../../db/schema/index.ts';
import * as repo from './live-room.repository.ts';
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

/**
 * Whether a meeting's room is recorded (decision record 0058). Recorded (`auto`): the recording,
 * covering the schedule, is offered as soon as the meeting ends (the live's status turns to
 * replay then, by the clock or by the host's "end"). Not recorded (`off`): the room never offers
 * a replay and says so after the end; switching it off withdraws a recording already offered.
 * The media behind the recording is bound by the caller (media module).
 */
export async function setMeetingRecording(tx: Tx, liveId: number, recorded: boolean, times: { startAt: Date; endAt: Date }, now: Date): Promise<void> {
  await repo.setRoomRecording(tx, liveId, recorded ? 'auto' : 'off');
  await repo.moveLive(tx, liveId, { hasReplay: recorded }, now);
  if (recorded) {
    const durationS = Math.max(1, Math.round((times.endAt.getTime() - times.startAt.getTime()) / 1000));
    await repo.upsertRecording(tx, liveId, { recordedAt: times.startAt, durationS, ready: true });
  } else {
    await repo.withdrawRecording(tx, liveId);
  }
}
