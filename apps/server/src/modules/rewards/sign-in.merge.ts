import type { Tx } from '../../db/client.ts';
import { type MergeMoved, moveRows } from '../shared/merge-rows.ts';

/**
 * Account merge: daily sign-ins of days the survivor has none move to it (their points move
 * through the points ledger, mergePoints). A day both signed in stays with the merged account,
 * as the record of the points that account was given that day.
 */
export async function mergeSignIns(tx: Tx, fromUserId: number, toUserId: number, _now: Date): Promise<MergeMoved> {
  return { sign_ins: await moveRows(tx, { table: 'sign_ins', keys: ['day'], from: fromUserId, to: toUserId }) };
}
