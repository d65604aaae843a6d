import { ErrorCode } from '@medportal/contract';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CouponGrants } from '../rewards/index.ts';
import * as repo from './coupons.repository.ts';

const DAY_MS = 86_400_000;

/**
 * Coupons given by the rewards module's voucher codes, written here (this module owns the coupon
 * tables) the way a claim writes them: valid for the campaign's days, never past its end. The
 * code is the permission: the campaign's claim window, stock (`issued`/`total`) and per-user
 * limit are for claims from the campaign page and do not apply.
 */
export function voucherCoupons(now: () => Date): CouponGrants {
  return {
    async campaignExists(db: Db | Tx, campaignId: number) {
      return (await repo.campaignById(db, campaignId)) !== null;
    },
    async grant(tx: Tx, userId: number, campaignId: number) {
      const at = now();
      const c = await repo.campaignById(tx, campaignId);
      if (!c || !c.active) throw new AppError(ErrorCode.VOUCHER_EXPIRED);
      const until = new Date(Math.min(at.getTime() + c.validDays * DAY_MS, c.validUntil?.getTime() ?? Number.MAX_SAFE_INTEGER));
      if (until <= at) throw new AppError(ErrorCode.VOUCHER_EXPIRED);
      const row = await repo.insertCoupon(tx, { campaignId: c.id, userId, status: 'unused', validFrom: at, validUntil: until, claimedAt: at });
      return row.id;
    },
  };
}
