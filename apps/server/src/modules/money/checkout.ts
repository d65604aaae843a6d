import { randomInt } from 'node:crypto';
import { ErrorCode, PriceType } from '@medportal/contract';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import * as coupons from './coupons.repository.ts';
import { couponDiscount } from './money.present.ts';
import * as repo from './money.repository.ts';
import type { OrderPoints } from './money.service.ts';

/** What placing a course order takes, whether it is paid by QR or from the balance. */

export type CourseForSale = NonNullable<Awaited<ReturnType<typeof repo.reachableCourse>>>;

/** `20261124091502` + 10 random digits: unique, sortable, within WeChat Pay's 32 characters. */
export function newOrderNo(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}${String(randomInt(0, 100_000)).padStart(5, '0')}${String(randomInt(0, 100_000)).padStart(5, '0')}`;
}

/** A paid course readers can reach now (not before a scheduled publication) and its price from the catalogue (never from the client). */
export async function courseForSale(db: Db, courseId: number, now: Date): Promise<CourseForSale> {
  const c = await repo.reachableCourse(db, courseId, now);
  if (!c || c.priceType !== PriceType.PAID || c.price <= 0) throw new AppError(ErrorCode.NOT_FOR_SALE);
  return c;
}

/** Holds a coupon for an order (`use`: used at once, a balance purchase); answers the discount. */
async function takeCoupon(tx: Tx, h: { userId: number; couponId: number; orderNo: string; price: number; courseId: number; use: boolean; now: Date }): Promise<number> {
  const campaignId = await coupons.holdCoupon(tx, h);
  if (campaignId === null) throw new AppError(ErrorCode.COUPON_UNAVAILABLE);
  const campaign = await coupons.campaignById(tx, campaignId);
  const off = campaign ? couponDiscount(campaign, h.price, h.courseId) : null;
  if (off === null) throw new AppError(ErrorCode.COUPON_NOT_APPLICABLE);
  return off;
}

/**
 * What a course order costs and holds: the catalogue price, less the coupon (taken for it; `use`
 * marks it used at once, for a balance purchase) and the points it spends.
 */
export async function priceCourseOrder(
  tx: Tx,
  o: { points: OrderPoints; now: Date; userId: number; course: CourseForSale; orderNo: string; body: { coupon_id?: number | null; points?: number }; use: boolean },
) {
  const { userId, course, orderNo, body } = o;
  const discount = body.coupon_id ? await takeCoupon(tx, { userId, couponId: body.coupon_id, orderNo, price: course.price, courseId: course.id, use: o.use, now: o.now }) : 0;
  const points = await o.points.spend(tx, { userId, orderNo, priceFen: course.price - discount, points: body.points ?? 0 });
  return {
    orderNo,
    userId,
    module: 'course' as const,
    moduleId: course.id,
    title: course.titleZh,
    titleEn: course.titleEn,
    originalAmount: course.price,
    couponId: body.coupon_id ?? null,
    couponDiscount: discount,
    pointsUsed: points.points,
    pointsDeduction: points.fen,
    amount: course.price - discount - points.fen,
  };
}
