import { randomInt } from 'node:crypto';
import { type ApiLanguage, ErrorCode, type VoucherBatch, type VoucherBatchBody, type VoucherRedeemData, VOUCHER_LIMITS } from '@medportal/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { courses, voucherBatches, vouchers } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { hmac } from '../../lib/crypto.ts';
import { pick } from '../../lib/i18n.ts';
import { grantEntitlement, hasEntitlement } from '../courses/index.ts';
import type { PageQ } from '../shared/paginate.ts';
import { pageOf } from '../shared/paginate.ts';
import { pointsBalance, postPoints } from './points.ledger.ts';

/** Crockford-like alphabet without 0/O, 1/I/L: codes read aloud or typed from paper survive. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_GROUPS = 4;

/** 16 characters (about 79 bits), shown as XXXX-XXXX-XXXX-XXXX. */
export function newVoucherCode(): string {
  const chars = Array.from({ length: CODE_GROUPS * 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** Upper case without spaces or dashes: how a code is hashed and compared. */
export function normaliseVoucherCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/** What a coupon voucher needs from the money module's coupons. */
export interface CouponGrants {
  campaignExists(db: Db | Tx, campaignId: number): Promise<boolean>;
  /** Issues one coupon of the campaign to the user inside `tx`; returns the coupon id. */
  grant(tx: Tx, userId: number, campaignId: number, ref: string): Promise<number>;
}

export interface Limiter {
  reserve(db: Db | Tx, key: string, max: number, windowS: number): Promise<{ ok: true; count: number } | { ok: false; expiresAt: Date | null }>;
  release(db: Db | Tx, key: string): Promise<void>;
  retryAfter(expiresAt: Date | null): number;
}

const FAILURES = new Set<number>([ErrorCode.VOUCHER_INVALID, ErrorCode.VOUCHER_USED, ErrorCode.VOUCHER_EXPIRED]);

type BatchRow = typeof voucherBatches.$inferSelect;

export class VoucherService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly limiter: Limiter,
    private readonly now: () => Date,
    private readonly coupons: CouponGrants,
  ) {}

  private hash(code: string): string {
    return hmac(this.secret, 'voucher-code', normaliseVoucherCode(code));
  }

  /**
   * Redeems a code once: the row flips from unused to redeemed with a conditional UPDATE, so of
   * concurrent redemptions exactly one wins. Wrong, used and expired codes count against the
   * caller and the address (VOUCHER_LIMITS): each try takes its slot in both counters before the
   * code is looked up, so a burst gets at most the limit checked; past it every try is refused
   * for the window. A try that was no failure hands its slots back.
   */
  async redeem(userId: number, ip: string, code: string, lang: ApiLanguage): Promise<VoucherRedeemData> {
    const limits = [
      [`voucher:user:${userId}`, VOUCHER_LIMITS.userFailures],
      [`voucher:ip:${ip}`, VOUCHER_LIMITS.ipFailures],
    ] as const;
    const held: string[] = [];
    for (const [key, max] of limits) {
      const slot = await this.limiter.reserve(this.db, key, max, VOUCHER_LIMITS.windowS);
      if (!slot.ok) {
        for (const k of held) await this.limiter.release(this.db, k);
        throw new AppError(ErrorCode.RATE_LIMITED, { data: { retry_after: this.limiter.retryAfter(slot.expiresAt) } });
      }
      held.push(key);
    }
    try {
      const done = await this.db.transaction((tx) => this.apply(tx, userId, this.hash(code), lang));
      for (const k of held) await this.limiter.release(this.db, k);
      return done;
    } catch (err) {
      if (!(err instanceof AppError && FAILURES.has(err.code))) for (const k of held) await this.limiter.release(this.db, k);
      throw err;
    }
  }

  private async apply(tx: Tx, userId: number, codeHash: string, lang: ApiLanguage): Promise<VoucherRedeemData> {
    const [found] = await tx
      .select({ voucher: vouchers, batch: voucherBatches })
      .from(vouchers)
      .innerJoin(voucherBatches, eq(voucherBatches.id, vouchers.batchId))
      .where(eq(vouchers.codeHash, codeHash));
    if (!found) throw new AppError(ErrorCode.VOUCHER_INVALID);
    const { voucher, batch } = found;
    if (voucher.status !== 'unused') throw new AppError(ErrorCode.VOUCHER_USED);
    if (batch.expiresAt && batch.expiresAt <= this.now()) throw new AppError(ErrorCode.VOUCHER_EXPIRED);

    let course: { id: number; title: string } | null = null;
    if (batch.kind === 'course') {
      const [c] = await tx.select({ id: courses.id, titleZh: courses.titleZh, titleEn: courses.titleEn }).from(courses).where(eq(courses.id, batch.courseId!));
      if (!c) throw new AppError(ErrorCode.VOUCHER_INVALID);
      if (await hasEntitlement(tx, userId, c.id)) throw new AppError(ErrorCode.ALREADY_PURCHASED);
      course = { id: c.id, title: pick(lang, c.titleZh, c.titleEn) };
    }

    const [won] = await tx
      .update(vouchers)
      .set({ status: 'redeemed', redeemedBy: userId, redeemedAt: this.now() })
      .where(and(eq(vouchers.id, voucher.id), eq(vouchers.status, 'unused')))
      .returning({ id: vouchers.id });
    if (!won) throw new AppError(ErrorCode.VOUCHER_USED);

    let points: number | null = null;
    let couponId: number | null = null;
    const ref = String(voucher.id);
    if (batch.kind === 'points') {
      points = batch.points!;
      await postPoints(tx, { userId, change: points, reason: 'voucher', refType: 'voucher', refId: ref });
    } else if (batch.kind === 'course') {
      await grantEntitlement(tx, { userId, courseId: course!.id, source: 'voucher' });
    } else {
      couponId = await this.coupons.grant(tx, userId, batch.couponCampaignId!, `voucher:${ref}`);
    }
    return { kind: batch.kind, points, course, coupon_id: couponId, availablescore: await pointsBalance(tx, userId) };
  }

  /** A batch of fresh codes; the answer is the only place they appear in clear. */
  async createBatch(operatorId: number, body: z.output<typeof VoucherBatchBody>, lang: ApiLanguage, tx: Tx): Promise<{ batch: VoucherBatch; codes: string[] }> {
    if (body.course_id !== undefined) {
      const [c] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, body.course_id));
      if (!c) throw fieldError(lang, 'course_id', { zh: '课程不存在', en: 'no such course' });
    }
    if (body.coupon_campaign_id !== undefined) {
      if (!(await this.coupons.campaignExists(tx, body.coupon_campaign_id))) throw fieldError(lang, 'coupon_campaign_id', { zh: '优惠券活动不存在', en: 'no such coupon campaign' });
    }
    const [batch] = await tx
      .insert(voucherBatches)
      .values({
        kind: body.kind,
        count: body.count,
        points: body.points ?? null,
        courseId: body.course_id ?? null,
        couponCampaignId: body.coupon_campaign_id ?? null,
        expiresAt: body.expires_at ? new Date(body.expires_at) : null,
        memo: body.memo,
        createdBy: operatorId,
      })
      .returning();
    const codes = new Set<string>();
    while (codes.size < body.count) codes.add(newVoucherCode());
    const list = [...codes];
    // A clash with an older code (about 2^-79 per pair) fails the unique index and the batch: retry.
    await tx.insert(vouchers).values(list.map((c) => ({ batchId: batch!.id, codeHash: this.hash(c) })));
    return { batch: presentBatch(batch!, 0), codes: list };
  }

  async listBatches(q: PageQ): Promise<ReturnType<typeof pageOf<VoucherBatch>>> {
    const redeemed = sql<number>`(select count(*)::int from ${vouchers} where ${vouchers.batchId} = ${voucherBatches.id} and ${vouchers.status} = 'redeemed')`;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ batch: voucherBatches, redeemed })
        .from(voucherBatches)
        .orderBy(desc(voucherBatches.id))
        .limit(q.page_size)
        .offset((q.page - 1) * q.page_size),
      this.db.select({ n: count() }).from(voucherBatches),
    ]);
    return pageOf(
      rows.map((r) => presentBatch(r.batch, Number(r.redeemed))),
      q,
      total?.n ?? 0,
    );
  }
}

function presentBatch(b: BatchRow, redeemed: number): VoucherBatch {
  return {
    id: b.id,
    kind: b.kind,
    count: b.count,
    redeemed,
    points: b.points,
    course_id: b.courseId,
    coupon_campaign_id: b.couponCampaignId,
    expires_at: b.expiresAt?.toISOString() ?? null,
    memo: b.memo,
    created_by: b.createdBy,
    created_at: b.createdAt.toISOString(),
  };
}
