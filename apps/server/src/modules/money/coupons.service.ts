import { type ApiLanguage, type CouponCampaign, type CouponRemain, type CouponStatus, type CreateCampaignBody, ErrorCode, type UserCoupon, type UsableCoupons } from '@medportal/contract';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { type CampaignRow, couponDiscount, couponRule, presentCoupon } from './money.present.ts';
import { type PageQ, pageOf } from '../shared/paginate.ts';
import { writeAudit } from '../staff/index.ts';
import * as repo from './coupons.repository.ts';

const DAY_MS = 86_400_000;

/** Coupons: campaigns, claiming, the user's list, and which ones fit a purchase (decision record 0026). */
export class CouponService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  presentCampaign(c: CampaignRow, lang: ApiLanguage, claimed: number): CouponCampaign {
    return {
      ...couponRule(c),
      id: c.id,
      title: lang === 'en' && c.titleEn ? c.titleEn : c.titleZh,
      remaining: c.total === null ? null : Math.max(0, c.total - c.issued),
      per_user_limit: c.perUserLimit,
      claimed,
      claim_starts_at: c.claimStartsAt.toISOString(),
      claim_ends_at: c.claimEndsAt.toISOString(),
      valid_days: c.validDays,
      valid_until: c.validUntil?.toISOString() ?? null,
    };
  }

  /**
   * Claims one coupon of a campaign. The campaign row is locked for the claim, so a user's limit
   * holds under concurrent claims, and `issued` never passes `total`.
   */
  async claim(userId: number, campaignId: number, lang: ApiLanguage): Promise<UserCoupon> {
    return transaction(this.db, async (tx) => {
      const now = this.now();
      const c = await repo.lockCampaign(tx, campaignId);
      if (!c || !c.active) throw new AppError(ErrorCode.NOT_FOUND);
      if (c.claimStartsAt > now || c.claimEndsAt <= now) throw new AppError(ErrorCode.COUPON_SOLD_OUT);
      if ((await repo.heldOfCampaign(tx, c.id, userId)) >= c.perUserLimit) throw new AppError(ErrorCode.COUPON_ALREADY_CLAIMED);
      if (!(await repo.issueOne(tx, c.id))) throw new AppError(ErrorCode.COUPON_SOLD_OUT);
      const until = new Date(Math.min(now.getTime() + c.validDays * DAY_MS, c.validUntil?.getTime() ?? Number.MAX_SAFE_INTEGER));
      const row = await repo.insertCoupon(tx, { campaignId: c.id, userId, status: 'unused', validFrom: now, validUntil: until, claimedAt: now });
      return presentCoupon(row, c, lang, now);
    });
  }

  async list(userId: number, status: CouponStatus, q: PageQ, lang: ApiLanguage) {
    const now = this.now();
    const { rows, total } = await repo.couponPage(this.db, userId, status, now, q);
    return pageOf(
      rows.map((r) => presentCoupon(r.coupon, r.campaign, lang, now)),
      q,
      total,
    );
  }

  /** The user's unused coupons and the campaigns open for claims now (with how many the user holds of each). */
  async remain(userId: number | null, lang: ApiLanguage): Promise<CouponRemain> {
    const now = this.now();
    const open = await repo.openCampaigns(this.db, now);
    let unused = 0;
    const mine = new Map<number, number>();
    if (userId !== null) {
      unused = await repo.unusedCount(this.db, userId, now);
      for (const h of await repo.heldByCampaign(this.db, userId)) mine.set(h.campaignId, h.n);
    }
    return { unused, campaigns: open.map((c) => this.presentCampaign(c, lang, mine.get(c.id) ?? 0)) };
  }

  /** The user's coupons that fit a course at `price`, best (largest discount, then soonest to expire) first. */
  async usable(userId: number, courseId: number, price: number, originalPrice: number, lang: ApiLanguage): Promise<UsableCoupons> {
    const now = this.now();
    const rows = await repo.validUnused(this.db, userId, now);
    const items = rows
      .map((r) => ({ r, off: couponDiscount(r.campaign, price, courseId) }))
      .filter((x): x is { r: (typeof rows)[number]; off: number } => x.off !== null && x.off > 0)
      .sort((a, b) => b.off - a.off || a.r.coupon.validUntil.getTime() - b.r.coupon.validUntil.getTime() || a.r.coupon.id - b.r.coupon.id)
      .map(({ r, off }) => ({ coupon: presentCoupon(r.coupon, r.campaign, lang, now), discount: off, amount: price - off }));
    return { price, original_price: originalPrice, items, best_coupon_id: items[0]?.coupon.id ?? null };
  }

  // ---- operators ----

  async createCampaign(actorId: number, body: CreateCampaignBody, lang: ApiLanguage) {
    const now = this.now();
    return transaction(this.db, async (tx) => {
      const c = await repo.insertCampaign(tx, {
        titleZh: body.title_zh,
        titleEn: body.title_en ?? null,
        kind: body.kind,
        value: body.value,
        maxDiscount: body.max_discount,
        minSpend: body.min_spend,
        scope: body.scope,
        courseIds: body.scope === 'courses' ? body.course_ids : [],
        total: body.total ?? null,
        perUserLimit: body.per_user_limit ?? 1,
        claimStartsAt: body.claim_starts_at ? new Date(body.claim_starts_at) : now,
        claimEndsAt: new Date(body.claim_ends_at),
        validDays: body.valid_days,
        validUntil: body.valid_until ? new Date(body.valid_until) : null,
        createdBy: actorId,
        createdAt: now,
      });
      await writeAudit(tx, { actorId, action: 'coupon_campaign.create', target: `coupon_campaign:${c.id}`, before: null, after: body, now });
      return this.presentAdmin(c, lang);
    });
  }

  presentAdmin(c: CampaignRow, lang: ApiLanguage) {
    return { ...this.presentCampaign(c, lang, 0), title_zh: c.titleZh, title_en: c.titleEn, total: c.total, issued: c.issued, active: c.active };
  }

  async allCampaigns(lang: ApiLanguage) {
    const rows = await repo.allCampaigns(this.db);
    return rows.map((c) => this.presentAdmin(c, lang));
  }
}
