import { type ApiLanguage, type CreditRuleData, POINTS_MAX_ORDER_PERCENT, POINTS_PER_YUAN, type ScoreLogItem, type ScoreLogPage, type ScoreReason, SIGN_IN_RULES } from '@medportal/contract';
import { and, count, desc, eq, gt, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scoreLogs } from '../../db/schema/index.ts';
import { type PageQ, pageOf, paginate } from '../shared/paginate.ts';
import { pointsBalance } from './points.ledger.ts';

const TITLES: Record<ScoreReason, { zh_CN: string; en: string }> = {
  sign_in: { zh_CN: '每日签到', en: 'Daily sign-in' },
  voucher: { zh_CN: '兑换码兑换', en: 'Voucher code' },
  order_spend: { zh_CN: '购买抵扣', en: 'Used for a purchase' },
  order_return: { zh_CN: '订单积分退回', en: 'Returned from an order' },
  merge: { zh_CN: '账号合并', en: 'Account merge' },
  adjust: { zh_CN: '积分调整', en: 'Adjustment' },
};

/** Reading the points ledger: the score log and the rule numbers. */
export class PointsService {
  constructor(private readonly db: Db) {}

  async log(userId: number, q: PageQ & { type: 'all' | 'earned' | 'spent' }, lang: ApiLanguage): Promise<ScoreLogPage> {
    const conds: SQL[] = [eq(scoreLogs.userId, userId)];
    if (q.type === 'earned') conds.push(gt(scoreLogs.change, 0));
    if (q.type === 'spent') conds.push(lt(scoreLogs.change, 0));
    const where = and(...conds);
    const { rows, total } = await paginate(
      this.db
        .select()
        .from(scoreLogs)
        .where(where)
        .orderBy(desc(scoreLogs.id))
        .limit(q.page_size)
        .offset((q.page - 1) * q.page_size),
      this.db.select({ n: count() }).from(scoreLogs).where(where),
    );
    const items: ScoreLogItem[] = rows.map((r) => ({
      id: r.id,
      change: r.change,
      balance_after: r.balanceAfter,
      reason: r.reason,
      title: TITLES[r.reason][lang],
      ref: r.reason === 'merge' ? '' : r.refId,
      created_at: r.createdAt.toISOString(),
    }));
    return { ...pageOf(items, q, total), availablescore: await pointsBalance(this.db, userId) };
  }
}

export function creditRule(): CreditRuleData {
  const s = SIGN_IN_RULES;
  return {
    points_per_yuan: POINTS_PER_YUAN,
    max_order_percent: POINTS_MAX_ORDER_PERCENT,
    sign_in: { base_points: s.basePoints, streak_step: s.streakStep, max_streak_extra: s.maxStreakExtra, bonus_every: s.bonusEvery, bonus_points: s.bonusPoints },
  };
}
