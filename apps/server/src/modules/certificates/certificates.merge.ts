import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import type { MergeMoved } from '../shared/merge-rows.ts';

/**
 * Account merge: certificates follow the survivor unchanged (each keeps the legal name it was
 * issued with, its code and its validity). One stays with the merged account where the survivor
 * holds a certificate for the same activity of the same kind (with or without a claim): both
 * accounts claimed it, the claims stay apart (the credits share of the merge), and so do their
 * certificates, still verifiable. The ID card moves only if the survivor has none; otherwise the
 * survivor's is kept and the other's sealed number is erased.
 */
export async function mergeCertificates(tx: Tx, fromUserId: number, toUserId: number, _now: Date): Promise<MergeMoved> {
  const moved = await queryRows(tx, sql`update certificates set user_id = ${toUserId}
    where user_id = ${fromUserId} and not exists (
      select 1 from certificates mine where mine.user_id = ${toUserId} and mine.activity_kind = certificates.activity_kind
        and mine.activity_id = certificates.activity_id and (mine.claim_id is null) = (certificates.claim_id is null))
    returning 1 as one`);
  const card = await queryRows(tx, sql`update cert_id_cards set user_id = ${toUserId}
    where user_id = ${fromUserId} and not exists (select 1 from cert_id_cards mine where mine.user_id = ${toUserId})
    returning 1 as one`);
  await tx.execute(sql`delete from cert_id_cards where user_id = ${fromUserId}`);
  return { certificates: moved.length, id_card: card.length };
}
