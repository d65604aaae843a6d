import { ErrorCode } from '@medportal/contract';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { couponCampaigns, coupons } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CouponGrants } from './vouchers.service.ts';

const DAY_MS = 86_400_000;

/**
 * Coupons given by voucher codes, written to the money module's coupon tables the way a claim
 * writes them (valid for the campaign's days, never past its end). The code is the permission:
 * the campaign's claim window, stock (`issued`/`total`) and per-user limit are for claims from
 * the campaign page and do not apply.
 */
export function voucherCoupons(now: () => Date): CouponGrants {
  return {
    async campaignExists(db: Db | Tx, campaignId: number) {
      const [c] = await db.select({ id: couponCampaigns.id }).from(couponCampaigns).where(eq(couponCampaigns.id, campaignId));
      return c !== undefined;
    },
    async grant(tx: Tx, userId: number, campaignId: number) {
      const at = now();
      const [c] = await tx.select().from(couponCampaigns).where(eq(couponCampaigns.id, campaignId));
      if (!c || !c.active) throw new AppError(ErrorCode.VOUCHER_EXPIRED);
      const until = new Date(Math.min(at.getTime() + c.validDays * DAY_MS, c.validUntil?.getTime() ?? Number.MAX_SAFE_INTEGER));
      if (until <= at) throw new AppError(ErrorCode.VOUCHER_EXPIRED);
      const [row] = await tx.insert(coupons).values({ campaignId: c.id, userId, status: 'unused', validFrom: at, validUntil: until, claimedAt: at }).returning({ id: coupons.id });
      if (!row) throw new Error('coupon insert returned nothing');
      return row.id;
    },
  };
}
