import { type ApiLanguage, DEFAULT_TIMEZONE, ErrorCode, IDEMPOTENCY_KEY_PATTERN, WITHDRAWAL_LIMITS, type Withdrawal, type WithdrawalStatus } from '@medportal/contract';
import { and, asc, count, desc, eq, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { bankCards, withdrawals } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { localDate } from '../../lib/local-time.ts';
import type { AuthUser } from '../../plugins/context.ts';
import { postLedger } from '../money/index.ts';
import { writeAudit } from '../staff/index.ts';
import { bankByCode, bankName, type CardVault, maskCardNumber } from './bank-cards.ts';
import type { BankCardService } from './bankcards.service.ts';
import type { PayoutProvider, PayoutReport } from './payout.ts';
import { type PageQ, pageOf, paginate } from '../shared/paginate.ts';

type Row = typeof withdrawals.$inferSelect;
type Card = typeof bankCards.$inferSelect;

/** How long a claimed payout waits before another worker may hand it over again (crash, no answer). */
const PAYOUT_LEASE_MS = 60_000;

export interface AdminWithdrawalView extends Withdrawal {
  user_id: number;
  holder_name: string;
  reviewed_by: number | null;
  payout_ref: string | null;
}

function present(row: Row, card: Card, lang: ApiLanguage): Withdrawal {
  const bank = bankByCode(card.bankCode);
  return {
    id: row.id,
    withdrawal_no: row.withdrawalNo,
    amount: row.amount,
    status: row.status,
    bank_name: bank ? bankName(bank, lang) : card.bankCode,
    masked_number: maskCardNumber(card.bin.slice(0, 4), card.last4),
    reject_reason: row.rejectReason ?? row.failureReason,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}

function presentAdmin(row: Row, card: Card, lang: ApiLanguage): AdminWithdrawalView {
  return { ...present(row, card, lang), user_id: row.userId, holder_name: card.holderName, reviewed_by: row.reviewedBy, payout_ref: row.payoutRef };
}

/** Withdrawals of one user never run side by side (daily limit read, then freeze). */
async function lockWithdrawals(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${7302}, ${userId})`);
}

export interface WithdrawalDeps {
  db: Db;
  now: () => Date;
  cards: BankCardService;
  vault: CardVault;
  payout: PayoutProvider;
  checkPayPassword: (me: AuthUser, payPassword: string) => Promise<void>;
  log: FastifyBaseLogger;
}

/**
 * Withdrawals (decision record 0028): pending → approved → paid, or pending → rejected, or
 * approved → failed. The amount is frozen when asked for (ledger type `withdrawal`: balance −a,
 * frozen +a), leaves the frozen part when paid (`withdrawal_paid`: frozen −a) and goes back to the
 * balance when rejected or failed (`reversal`: balance +a, frozen −a). Each posting is keyed by the
 * withdrawal number, so a repeated report or review changes nothing.
 */
export class WithdrawalService {
  private rounds: { trigger(): void } | null = null;

  constructor(private readonly d: WithdrawalDeps) {
    d.payout.onReport(async (report) => {
      await this.settle(report).catch((err: unknown) => d.log.error({ err }, 'payout report failed'));
    });
  }

  async request(
    me: AuthUser,
    body: { amount: number; bankcard_id: number; pay_password: string },
    idempotencyKey: string | undefined,
    lang: ApiLanguage,
  ): Promise<Withdrawal> {
    if (!idempotencyKey || !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
      throw fieldError(lang, 'Idempotency-Key', { zh: '请求头 Idempotency-Key 缺失或格式不正确', en: 'header is missing or not valid (8–128 letters, digits, _ . : -)' });
    }
    const requestHash = sha256(JSON.stringify({ amount: body.amount, bankcard_id: body.bankcard_id }));
    const earlier = await this.byKey(this.d.db, me.id, idempotencyKey);
    if (earlier) return this.replay(earlier, requestHash, lang);
    if (body.amount < WITHDRAWAL_LIMITS.minFen) throw new AppError(ErrorCode.WITHDRAWAL_TOO_SMALL, { data: { min_amount: WITHDRAWAL_LIMITS.minFen } });
    const card = await this.d.cards.get(this.d.db, me.id, body.bankcard_id);
    await this.d.checkPayPassword(me, body.pay_password);

    const now = this.d.now();
    const row = await transaction(this.d.db, async (tx) => {
      await lockWithdrawals(tx, me.id);
      const again = await this.byKey(tx, me.id, idempotencyKey);
      if (again) return again;
      // The daily limit is a risk rule of the business, counted in China's day whatever the caller's timezone.
      const day = localDate(now, DEFAULT_TIMEZONE);
      const [today] = await tx
        .select({ total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text`, n: count() })
        .from(withdrawals)
        .where(and(eq(withdrawals.userId, me.id), eq(withdrawals.day, day), notInArray(withdrawals.status, ['rejected', 'failed'])));
      const total = Number(today?.total ?? 0);
      if ((today?.n ?? 0) >= WITHDRAWAL_LIMITS.dailyMaxCount || total + body.amount > WITHDRAWAL_LIMITS.dailyMaxFen) {
        throw new AppError(ErrorCode.WITHDRAWAL_DAILY_LIMIT, { data: { daily_max: WITHDRAWAL_LIMITS.dailyMaxFen, used_today: total } });
      }
      const withdrawalNo = `W${now.toISOString().slice(0, 10).replace(/-/g, '')}${randomToken(9).replace(/[^A-Za-z0-9]/g, '0').toUpperCase()}`;
      const [inserted] = await tx
        .insert(withdrawals)
        .values({ withdrawalNo, userId: me.id, bankCardId: card.id, amount: body.amount, day, idempotencyKey, requestHash, createdAt: now })
        .returning();
      await postLedger(tx, { userId: me.id, type: 'withdrawal', amount: -body.amount, frozenDelta: body.amount, refType: 'withdrawal', refId: withdrawalNo, now });
      return inserted!;
    });
    if (row.requestHash !== requestHash) return this.replay(row, requestHash, lang);
    return present(row, card, lang);
  }

  private async byKey(db: Db | Tx, userId: number, key: string): Promise<Row | undefined> {
    const [row] = await db.select().from(withdrawals).where(and(eq(withdrawals.userId, userId), eq(withdrawals.idempotencyKey, key)));
    return row;
  }

  private async replay(row: Row, requestHash: string, lang: ApiLanguage): Promise<Withdrawal> {
    if (row.requestHash !== requestHash) throw new AppError(ErrorCode.IDEMPOTENCY_KEY_REUSED);
    return present(row, await this.cardOf(this.d.db, row), lang);
  }

  private async cardOf(db: Db | Tx, row: Row): Promise<Card> {
    const [card] = await db.select().from(bankCards).where(eq(bankCards.id, row.bankCardId));
    if (!card) throw new Error(`withdrawal ${row.id}: card ${row.bankCardId} missing`);
    return card;
  }

  async detail(userId: number, id: number, lang: ApiLanguage): Promise<Withdrawal> {
    const [found] = await this.d.db
      .select({ w: withdrawals, c: bankCards })
      .from(withdrawals)
      .innerJoin(bankCards, eq(bankCards.id, withdrawals.bankCardId))
      .where(and(eq(withdrawals.id, id), eq(withdrawals.userId, userId)));
    if (!found) throw new AppError(ErrorCode.NOT_FOUND);
    return present(found.w, found.c, lang);
  }

  private async list(userId: number | null, q: PageQ & { status?: WithdrawalStatus | undefined }) {
    const conds: SQL[] = [];
    if (userId !== null) conds.push(eq(withdrawals.userId, userId));
    if (q.status) conds.push(eq(withdrawals.status, q.status));
    const where = conds.length ? and(...conds) : undefined;
    const { rows, total } = await paginate(
      this.d.db
        .select({ w: withdrawals, c: bankCards })
        .from(withdrawals)
        .innerJoin(bankCards, eq(bankCards.id, withdrawals.bankCardId))
        .where(where)
        // The user reads newest first; the operator works through the queue oldest first.
        .orderBy(userId !== null ? desc(withdrawals.id) : asc(withdrawals.id))
        .limit(q.page_size)
        .offset((q.page - 1) * q.page_size),
      this.d.db.select({ n: count() }).from(withdrawals).where(where),
    );
    return { rows, total };
  }

  async listMine(userId: number, q: PageQ & { status?: WithdrawalStatus | undefined }, lang: ApiLanguage) {
    const r = await this.list(userId, q);
    return pageOf(r.rows.map((x) => present(x.w, x.c, lang)), q, r.total);
  }

  async listAll(q: PageQ & { status?: WithdrawalStatus | undefined }, lang: ApiLanguage) {
    const r = await this.list(null, q);
    return pageOf(r.rows.map((x) => presentAdmin(x.w, x.c, lang)), q, r.total);
  }

  /** Operator: a pending withdrawal goes to the payout provider. */
  async approve(operatorId: number, id: number, lang: ApiLanguage): Promise<AdminWithdrawalView> {
    const now = this.d.now();
    const out = await transaction(this.d.db, async (tx) => {
      const [row] = await tx
        .update(withdrawals)
        .set({ status: 'approved', reviewedBy: operatorId, reviewedAt: now, payoutNextAt: now })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
        .returning();
      if (!row) throw await this.stateError(tx, id);
      await writeAudit(tx, { actorId: operatorId, action: 'withdrawal.approve', target: `withdrawal:${row.withdrawalNo}`, before: { status: 'pending' }, after: { status: 'approved' }, now });
      return presentAdmin(row, await this.cardOf(tx, row), lang);
    });
    this.kick();
    return out;
  }

  /** Operator: a pending withdrawal is refused and its amount returns to the balance. */
  async reject(operatorId: number, id: number, reason: string, lang: ApiLanguage): Promise<AdminWithdrawalView> {
    const now = this.d.now();
    return transaction(this.d.db, async (tx) => {
      const [row] = await tx
        .update(withdrawals)
        .set({ status: 'rejected', reviewedBy: operatorId, reviewedAt: now, rejectReason: reason })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
        .returning();
      if (!row) throw await this.stateError(tx, id);
      await postLedger(tx, { userId: row.userId, type: 'reversal', amount: row.amount, frozenDelta: -row.amount, refType: 'withdrawal', refId: row.withdrawalNo, memo: 'rejected', now });
      await writeAudit(tx, {
        actorId: operatorId,
        action: 'withdrawal.reject',
        target: `withdrawal:${row.withdrawalNo}`,
        before: { status: 'pending' },
        after: { status: 'rejected', reason },
        now,
      });
      return presentAdmin(row, await this.cardOf(tx, row), lang);
    });
  }

  private async stateError(tx: Tx, id: number): Promise<AppError> {
    const [exists] = await tx.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.id, id));
    return new AppError(exists ? ErrorCode.WITHDRAWAL_STATE : ErrorCode.NOT_FOUND);
  }

  /**
   * Hands approved withdrawals to the provider. A row is claimed by pushing its next attempt a
   * lease ahead (FOR UPDATE SKIP LOCKED: several processes never take the same row); if no report
   * comes within the lease it is handed over again, which the provider answers with the same
   * reference.
   */
  async payoutDue(): Promise<number> {
    const now = this.d.now();
    const claimed = await transaction(this.d.db, async (tx) => {
      const due = await tx
        .select({ id: withdrawals.id })
        .from(withdrawals)
        .where(and(eq(withdrawals.status, 'approved'), lte(withdrawals.payoutNextAt, now)))
        .orderBy(asc(withdrawals.id))
        .limit(20)
        .for('update', { skipLocked: true });
      const rows: Row[] = [];
      for (const { id } of due) {
        const [row] = await tx
          .update(withdrawals)
          .set({ payoutNextAt: new Date(now.getTime() + PAYOUT_LEASE_MS), payoutAttempts: sql`${withdrawals.payoutAttempts} + 1` })
          .where(eq(withdrawals.id, id))
          .returning();
        if (row) rows.push(row);
      }
      return rows;
    });
    for (const row of claimed) {
      const card = await this.cardOf(this.d.db, row);
      try {
        const { reference } = await this.d.payout.transfer({
          withdrawalNo: row.withdrawalNo,
          amountFen: row.amount,
          cardNumber: this.d.vault.open(card.numberSealed),
          holderName: card.holderName,
          bankCode: card.bankCode,
        });
        await this.d.db.update(withdrawals).set({ payoutRef: reference }).where(and(eq(withdrawals.id, row.id), eq(withdrawals.status, 'approved')));
      } catch (err) {
        // Left approved: the lease ends and the next round hands it over again.
        this.d.log.warn({ err, withdrawal: row.withdrawalNo }, 'payout transfer failed');
      }
    }
    return claimed.length;
  }

  /** The provider's report: applied once (only an approved withdrawal moves on). */
  async settle(report: PayoutReport): Promise<boolean> {
    const now = this.d.now();
    return transaction(this.d.db, async (tx) => {
      const paid = report.status === 'paid';
      const [row] = await tx
        .update(withdrawals)
        .set(paid ? { status: 'paid', paidAt: now, payoutRef: report.reference } : { status: 'failed', failureReason: report.reason ?? 'payout failed', payoutRef: report.reference })
        .where(and(eq(withdrawals.withdrawalNo, report.withdrawalNo), eq(withdrawals.status, 'approved')))
        .returning();
      if (!row) return false;
      if (paid) {
        await postLedger(tx, { userId: row.userId, type: 'withdrawal_paid', amount: 0, frozenDelta: -row.amount, refType: 'withdrawal', refId: row.withdrawalNo, now });
      } else {
        await postLedger(tx, { userId: row.userId, type: 'reversal', amount: row.amount, frozenDelta: -row.amount, refType: 'withdrawal', refId: row.withdrawalNo, memo: 'payout failed', now });
      }
      return true;
    });
  }

  /** Runs a payout round soon (after an approval) instead of waiting for the next one. */
  kick(): void {
    this.rounds?.trigger();
  }

  /** Payout rounds run as a background job (the rewards routes schedule payoutDue); approvals wake it. */
  useRounds(rounds: { trigger(): void }): void {
    this.rounds = rounds;
  }
}
