import { randomInt } from 'node:crypto';
import { type ApiLanguage, ErrorCode, type Page, type VoucherBatch, type VoucherBatchBody, type VoucherRedeemData, VOUCHER_LIMITS } from '@medportal/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { hmac } from '../../lib/crypto.ts';
import { pick } from '../../lib/i18n.ts';
import { grantEntitlement, hasEntitlement } from '../courses/index.ts';
import { type PageQ, pageOf } from '../shared/paginate.ts';
import { writeAudit } from '../staff/index.ts';
import { pointsBalance, postPoints } from './points.ledger.ts';
import * as repo from './vouchers.repository.ts';

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
    const found = await repo.voucherByHash(tx, codeHash);
    if (!found) throw new AppError(ErrorCode.VOUCHER_INVALID);
    const { voucher, batch } = found;
    if (voucher.status !== 'unused') throw new AppError(ErrorCode.VOUCHER_USED);
    if (batch.expiresAt && batch.expiresAt <= this.now()) throw new AppError(ErrorCode.VOUCHER_EXPIRED);

    let course: { id: number; title: string } | null = null;
    if (batch.kind === 'course') {
      const c = await repo.courseTitles(tx, batch.courseId!);
      if (!c) throw new AppError(ErrorCode.VOUCHER_INVALID);
      if (await hasEntitlement(tx, userId, c.id)) throw new AppError(ErrorCode.ALREADY_PURCHASED);
      course = { id: c.id, title: pick(lang, c.titleZh, c.titleEn) };
    }

    if (!(await repo.redeemVoucher(tx, voucher.id, userId, this.now()))) throw new AppError(ErrorCode.VOUCHER_USED);

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

  /** A batch of fresh codes, audited; the answer is the only place they appear in clear. */
  async createBatch(operatorId: number, body: z.output<typeof VoucherBatchBody>, lang: ApiLanguage): Promise<{ batch: VoucherBatch; codes: string[] }> {
    return this.db.transaction(async (tx) => {
      if (body.course_id !== undefined && !(await repo.courseTitles(tx, body.course_id))) throw fieldError(lang, 'course_id', { zh: '课程不存在', en: 'no such course' });
      if (body.coupon_campaign_id !== undefined) {
        if (!(await this.coupons.campaignExists(tx, body.coupon_campaign_id))) throw fieldError(lang, 'coupon_campaign_id', { zh: '优惠券活动不存在', en: 'no such coupon campaign' });
      }
      const row = await repo.insertBatch(tx, {
        kind: body.kind,
        count: body.count,
        points: body.points ?? null,
        courseId: body.course_id ?? null,
        couponCampaignId: body.coupon_campaign_id ?? null,
        expiresAt: body.expires_at ? new Date(body.expires_at) : null,
        memo: body.memo,
        createdBy: operatorId,
      });
      const codes = new Set<string>();
      while (codes.size < body.count) codes.add(newVoucherCode());
      const list = [...codes];
      await repo.insertCodes(
        tx,
        row.id,
        list.map((c) => this.hash(c)),
      );
      const batch = presentBatch(row, 0);
      // The codes themselves stay out of the audit log: only their count and what they give.
      await writeAudit(tx, { actorId: operatorId, action: 'voucher_batch.create', target: `voucher_batch:${batch.id}`, before: null, after: { ...batch }, now: this.now() });
      return { batch, codes: list };
    });
  }

  async listBatches(q: PageQ): Promise<Page<VoucherBatch>> {
    const { rows, total } = await repo.batchPage(this.db, q);
    return pageOf(
      rows.map((r) => presentBatch(r.batch, Number(r.redeemed))),
      q,
      total,
    );
  }
}

function presentBatch(b: repo.BatchRow, redeemed: number): VoucherBatch {
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
