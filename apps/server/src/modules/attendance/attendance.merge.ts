import { ATTEND_SLOT_S } from '@medportal/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { writeAudit } from '../staff/index.ts';
import { moveRows } from '../shared/merge-rows.ts';
import { appendEvidence } from './attendance.repository.ts';

export const MERGE_CORRECTION_REASON = 'account merge: on-air slots both accounts were credited for count once';

/**
 * Account merge. Evidence is append-only, so it is re-attributed (its owner changes, nothing
 * else) and an `attendance.merge` audit row names the rows moved. Slots both accounts were
 * credited for count once: the duplicates go, and per live one correction row, by the surviving
 * user, takes back the seconds the moved heartbeats had credited for them. A presence answer to a
 * check both answered stays with the merged account (the answered count reads the evidence).
 */
export async function mergeAttendance(tx: Tx, fromUserId: number, toUserId: number, now: Date): Promise<{ evidence: number; slots: number; corrected_s: number }> {
  const doubled = await queryRows<{ live_id: number; slots: number | string; seconds: number | string }>(
    tx,
    sql`select s.live_id, count(*) as slots,
          sum(greatest(0, least((s.slot + 1) * ${ATTEND_SLOT_S}, extract(epoch from l.end_at)) - greatest(s.slot * ${ATTEND_SLOT_S}, extract(epoch from l.start_at)))) as seconds
        from attendance_slots s
        join attendance_slots mine on mine.live_id = s.live_id and mine.slot = s.slot and mine.user_id = ${toUserId}
        join lives l on l.id = s.live_id
        where s.user_id = ${fromUserId}
        group by s.live_id`,
  );
  const moved = await queryRows<{ id: number | string; live_id: number }>(
    tx,
    sql`update attendance_evidence set user_id = ${toUserId} where user_id = ${fromUserId} returning id, live_id`,
  );
  const slots = await moveRows(tx, { table: 'attendance_slots', keys: ['live_id', 'slot'], from: fromUserId, to: toUserId, dropRest: true });
  await moveRows(tx, { table: 'attendance_sessions', keys: ['live_id', 'session_id'], from: fromUserId, to: toUserId, dropRest: true });
  await moveRows(tx, { table: 'presence_answers', keys: ['check_id'], from: fromUserId, to: toUserId });

  const corrections: Array<{ id: number; live_id: number; seconds: number; slots: number }> = [];
  for (const d of doubled) {
    const seconds = Math.round(Number(d.seconds));
    if (seconds <= 0) continue;
    const row = await appendEvidence(tx, {
      userId: toUserId,
      liveId: Number(d.live_id),
      kind: 'correction',
      at: now,
      seconds: -seconds,
      reason: MERGE_CORRECTION_REASON,
      actorId: toUserId,
      detail: { merged_from: fromUserId, slots: Number(d.slots) },
    });
    corrections.push({ id: row.id, live_id: Number(d.live_id), seconds: -seconds, slots: Number(d.slots) });
  }
  if (moved.length > 0 || corrections.length > 0) {
    const ids = moved.map((m) => Number(m.id)).sort((a, b) => a - b);
    const lives = [...new Set(moved.map((m) => Number(m.live_id)))].sort((a, b) => a - b);
    await writeAudit(tx, {
      actorId: toUserId,
      action: 'attendance.merge',
      target: `user:${fromUserId}`,
      before: { user_id: fromUserId, evidence_ids: ids, live_ids: lives },
      after: { user_id: toUserId, evidence: ids.length, slots_moved: slots, corrections },
      now,
    });
  }
  return { evidence: moved.length, slots, corrected_s: corrections.reduce((s, c) => s - c.seconds, 0) };
}
