import { z } from 'zod';
import { CountryCode, MobileNumber, PayPassword } from './accounts.ts';
import type { EndpointSchemas } from './api.ts';
import { Id, Page, PageQuery } from './common.ts';
import { SIGN_IN_RULES, VOUCHER_BATCH_MAX, isValidMobile } from './constants.ts';

/**
 * Credit points, daily sign-in, vouchers, bank cards and withdrawals (issue 12; spec §2 "Wallet,
 * credit, vouchers", §7 "Sign-in", "Bank cards", "Wallet", `score_log`). Decision record 0028.
 * Amounts of money are integer fen; points are integers.
 */


/** Points a sign-in earns on day `streak` of a run of consecutive days (1 = the first day). */
export function signInPoints(streak: number): { points: number; bonus: number } {
  const r = SIGN_IN_RULES;
  const points = r.basePoints + Math.min(Math.max(streak - 1, 0), r.maxStreakExtra) * r.streakStep;
  const bonus = streak > 0 && streak % r.bonusEvery === 0 ? r.bonusPoints : 0;
  return { points, bonus };
}

// ---------------------------------------------------------------- points

/** Why points changed. `order_return`: points of an order given back (closed unpaid or refunded). */
export const SCORE_REASONS = ['sign_in', 'voucher', 'order_spend', 'order_return', 'merge', 'adjust'] as const;
export const ScoreReason = z.enum(SCORE_REASONS);
export type ScoreReason = z.infer<typeof ScoreReason>;

export const ScoreLogItem = z.object({
  id: z.number().int(),
  /** Signed: earned > 0, spent < 0. */
  change: z.number().int(),
  balance_after: z.number().int(),
  reason: ScoreReason,
  /** The reason in the caller's language ("每日签到", "Daily sign-in"). */
  title: z.string(),
  /** What it refers to: an order number, a sign-in day, a voucher; empty when none. */
  ref: z.string(),
  /** ISO 8601 instant. */
  created_at: z.string(),
});
export type ScoreLogItem = z.infer<typeof ScoreLogItem>;
export const ScoreLogQuery = PageQuery.extend({ type: z.enum(['all', 'earned', 'spent']).default('all') });
export const ScoreLogPage = Page(ScoreLogItem).extend({ availablescore: z.number().int() });
export type ScoreLogPage = z.infer<typeof ScoreLogPage>;

/** The numbers behind /credit/rule (its text is the site page `credit-rule`). */
export const CreditRuleData = z.object({
  points_per_yuan: z.number().int(),
  max_order_percent: z.number().int(),
  sign_in: z.object({
    base_points: z.number().int(),
    streak_step: z.number().int(),
    max_streak_extra: z.number().int(),
    bonus_every: z.number().int(),
    bonus_points: z.number().int(),
  }),
});
export type CreditRuleData = z.infer<typeof CreditRuleData>;

// ---------------------------------------------------------------- sign-in

const YearMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM');
export const SignInQuery = z.object({ month: YearMonth.optional() });

export const SignInState = z.object({
  /** Today (YYYY-MM-DD) in the request's timezone (common parameter `timezone`, default +08:00). */
  today: z.string(),
  signed_today: z.boolean(),
  /** Consecutive days up to today (or yesterday when today is not signed yet). */
  streak: z.number().int(),
  /** Points the next sign-in earns (today's if not signed, else tomorrow's), bonus included. */
  next_points: z.number().int(),
  /** YYYY-MM of the calendar below. */
  month: z.string(),
  /** Days of `month` signed in, ascending. */
  days: z.array(z.object({ date: z.string(), points: z.number().int() })),
  availablescore: z.number().int(),
});
export type SignInState = z.infer<typeof SignInState>;

export const SignInResult = z.object({
  date: z.string(),
  streak: z.number().int(),
  /** Points of this sign-in including the streak bonus; 0 when `newly` is false. */
  points: z.number().int(),
  bonus: z.number().int(),
  /** False when today was already signed in (nothing more was awarded). */
  newly: z.boolean(),
  availablescore: z.number().int(),
});
export type SignInResult = z.infer<typeof SignInResult>;

// ---------------------------------------------------------------- vouchers

export const VOUCHER_KINDS = ['coupon', 'points', 'course'] as const;
export const VoucherKind = z.enum(VOUCHER_KINDS);
export type VoucherKind = z.infer<typeof VoucherKind>;

/** As typed: spaces and dashes are ignored, letters are case-insensitive. */
export const VoucherCode = z.string().trim().min(4).max(40);
export const VoucherRedeemBody = z.object({ code: VoucherCode });
export const VoucherRedeemData = z.object({
  kind: VoucherKind,
  /** kind points: points credited. */
  points: z.number().int().nullable(),
  /** kind course: the course now owned. */
  course: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  /** kind coupon: the coupon added to the wallet. */
  coupon_id: z.number().int().nullable(),
  availablescore: z.number().int(),
});
export type VoucherRedeemData = z.infer<typeof VoucherRedeemData>;

export const VoucherBatchBody = z
  .object({
    kind: VoucherKind,
    count: z.number().int().min(1).max(VOUCHER_BATCH_MAX),
    points: z.number().int().min(1).max(1_000_000).optional(),
    course_id: z.number().int().positive().optional(),
    coupon_campaign_id: z.number().int().positive().optional(),
    /** ISO 8601 instant after which the codes are refused; none = no end. */
    expires_at: z.iso.datetime({ offset: true }).optional(),
    memo: z.string().trim().max(200).default(''),
  })
  .refine((b) => (b.kind === 'points') === (b.points !== undefined), { message: 'points is required for (only) points vouchers', path: ['points'] })
  .refine((b) => (b.kind === 'course') === (b.course_id !== undefined), { message: 'course_id is required for (only) course vouchers', path: ['course_id'] })
  .refine((b) => (b.kind === 'coupon') === (b.coupon_campaign_id !== undefined), {
    message: 'coupon_campaign_id is required for (only) coupon vouchers',
    path: ['coupon_campaign_id'],
  });

export const VoucherBatch = z.object({
  id: z.number().int(),
  kind: VoucherKind,
  count: z.number().int(),
  redeemed: z.number().int(),
  points: z.number().int().nullable(),
  course_id: z.number().int().nullable(),
  coupon_campaign_id: z.number().int().nullable(),
  expires_at: z.string().nullable(),
  memo: z.string(),
  created_by: z.number().int(),
  created_at: z.string(),
});
export type VoucherBatch = z.infer<typeof VoucherBatch>;
/** The codes are in this answer only: the database keeps their keyed hashes. */
export const VoucherBatchCreated = VoucherBatch.extend({ codes: z.array(z.string()) });
export const VoucherBatchPage = Page(VoucherBatch);

// ---------------------------------------------------------------- bank cards

/** Digits as typed; spaces and dashes are ignored. */
export const CardNumber = z
  .string()
  .trim()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{12,19}$/, 'card_number must be 12–19 digits'));
export const HolderName = z.string().trim().min(1).max(40);

const withCardMobileRule = <S extends z.ZodType<{ mobile?: string | undefined; country_code: string }>>(schema: S): S =>
  schema.refine((v) => v.mobile === undefined || isValidMobile(v.mobile, v.country_code), {
    message: 'mobile is not valid for this country',
    path: ['mobile'],
  });

export const BankCardBody = withCardMobileRule(
  z.object({
    holder_name: HolderName,
    card_number: CardNumber,
    /** The mobile number the bank has for this card. */
    mobile: MobileNumber,
    country_code: CountryCode,
    is_default: z.boolean().default(false),
  }),
);
export const BankCardUpdateBody = withCardMobileRule(
  z.object({ holder_name: HolderName.optional(), mobile: MobileNumber.optional(), country_code: CountryCode }),
);
export const CheckBankCardBody = z.object({ card_number: CardNumber });

export const CARD_TYPES = ['debit', 'credit'] as const;
export const CardType = z.enum(CARD_TYPES);

export const BankInfo = z.object({
  /** Short code: ICBC, CCB, ABC, BOC, BOCOM, CMB, PSBC, CITIC, CEB, CMBC, CIB, SPDB, PAB, GDB, HXB. */
  bank_code: z.string(),
  bank_name: z.string(),
  card_type: CardType,
});
export const CheckBankCardData = BankInfo.extend({ masked_number: z.string(), last4: z.string() });
export type CheckBankCardData = z.infer<typeof CheckBankCardData>;

export const BankCard = BankInfo.extend({
  id: z.number().int(),
  holder_name: z.string(),
  /** "6222 **** **** 1234": the full number is never sent back. */
  masked_number: z.string(),
  last4: z.string(),
  /** Masked: "138****8000". */
  mobile: z.string(),
  is_default: z.boolean(),
  created_at: z.string(),
});
export type BankCard = z.infer<typeof BankCard>;
export const BankCardList = z.object({ items: z.array(BankCard) });
export type BankCardList = z.infer<typeof BankCardList>;

// ---------------------------------------------------------------- withdrawals

export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'paid', 'rejected', 'failed'] as const;
export const WithdrawalStatus = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatus>;

export const WithdrawalBody = z.object({
  /** Fen. */
  amount: z.number().int().min(1),
  bankcard_id: z.number().int().positive(),
  pay_password: PayPassword,
});

export const Withdrawal = z.object({
  id: z.number().int(),
  withdrawal_no: z.string(),
  amount: z.number().int(),
  status: WithdrawalStatus,
  bank_name: z.string(),
  masked_number: z.string(),
  reject_reason: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  paid_at: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof Withdrawal>;
export const WithdrawalQuery = PageQuery.extend({ status: WithdrawalStatus.optional() });
export const WithdrawalPage = Page(Withdrawal);
export type WithdrawalPage = z.infer<typeof WithdrawalPage>;

/** The operator's view adds who asked and who reviewed. */
export const AdminWithdrawal = Withdrawal.extend({
  user_id: z.number().int(),
  holder_name: z.string(),
  reviewed_by: z.number().int().nullable(),
  payout_ref: z.string().nullable(),
});
export const AdminWithdrawalPage = Page(AdminWithdrawal);
export const RejectWithdrawalBody = z.object({ reason: z.string().trim().min(2).max(200) });

// ---------------------------------------------------------------- endpoints

const define = <const E extends EndpointSchemas>(e: E) => e;
const IdParams = z.object({ id: Id });

export const rewardsSchemas = {
  scoreLog: define({
    summary: 'Credit points earned and spent, newest first, with the balance after each change',
    tags: ['credit'],
    query: ScoreLogQuery,
    data: ScoreLogPage,
  }),
  creditRule: define({
    summary: 'The numbers of the credit rules (points per yuan, share of an order, sign-in points); the text is site page credit-rule',
    tags: ['credit'],
    data: CreditRuleData,
  }),
  signInState: define({
    summary: "Today's sign-in state, the streak and a month's calendar (days in the request's timezone)",
    tags: ['credit'],
    query: SignInQuery,
    data: SignInState,
  }),
  signIn: define({
    summary: 'Sign in for today: points once per day (streak bonus); repeating answers the same day with newly=false',
    tags: ['credit'],
    data: SignInResult,
  }),
  voucherRedeem: define({
    summary: 'Redeem a voucher code for a coupon, points or a course; each code works once; wrong codes are rate limited',
    tags: ['credit'],
    body: VoucherRedeemBody,
    data: VoucherRedeemData,
  }),
  bankcardList: define({ summary: 'My bank cards (masked), default first', tags: ['bank cards'], data: BankCardList }),
  bankcardAdd: define({
    summary: 'Add a bank card: Luhn-checked, bank from the BIN table, stored encrypted',
    tags: ['bank cards'],
    body: BankCardBody,
    data: BankCard,
  }),
  bankcardUpdate: define({
    summary: "Change a card's holder name or mobile",
    tags: ['bank cards'],
    params: IdParams,
    body: BankCardUpdateBody,
    data: BankCard,
  }),
  bankcardDefault: define({ summary: 'Make a card the default', tags: ['bank cards'], params: IdParams, data: BankCardList }),
  bankcardDelete: define({ summary: 'Remove a card', tags: ['bank cards'], params: IdParams, data: BankCardList }),
  checkBankcard: define({
    summary: 'Check a card number (Luhn, BIN) and name its bank',
    tags: ['bank cards'],
    body: CheckBankCardBody,
    data: CheckBankCardData,
  }),
  cashWithdrawal: define({
    summary: 'Ask to withdraw balance to a bank card (pay password; Idempotency-Key header): the amount is frozen until reviewed',
    tags: ['wallet'],
    body: WithdrawalBody,
    data: Withdrawal,
  }),
  withdrawalDetail: define({ summary: 'One of my withdrawals', tags: ['wallet'], params: IdParams, data: Withdrawal }),
  withdrawalList: define({ summary: 'My withdrawals, newest first', tags: ['wallet'], query: WithdrawalQuery, data: WithdrawalPage }),
  adminWithdrawals: define({
    summary: 'Operator: withdrawals by status, oldest first',
    tags: ['admin'],
    query: WithdrawalQuery,
    data: AdminWithdrawalPage,
  }),
  adminWithdrawalApprove: define({
    summary: 'Operator: approve a pending withdrawal; the payout provider pays it and reports back',
    tags: ['admin'],
    params: IdParams,
    data: AdminWithdrawal,
  }),
  adminWithdrawalReject: define({
    summary: 'Operator: reject a pending withdrawal with a reason; the amount returns to the balance',
    tags: ['admin'],
    params: IdParams,
    body: RejectWithdrawalBody,
    data: AdminWithdrawal,
  }),
  adminVoucherBatchCreate: define({
    summary: 'Operator: create a batch of voucher codes (the codes are returned once)',
    tags: ['admin'],
    body: VoucherBatchBody,
    data: VoucherBatchCreated,
  }),
  adminVoucherBatches: define({ summary: 'Operator: voucher batches, newest first', tags: ['admin'], query: PageQuery, data: VoucherBatchPage }),
} as const;
