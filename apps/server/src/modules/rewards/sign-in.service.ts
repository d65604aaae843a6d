import { signInPoints, type SignInResult, type SignInState } from '@medportal/contract';
import type { Db, Tx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { addDays, localDate } from '../../lib/local-time.ts';
import { pointsBalance, postPoints } from './points.ledger.ts';
import * as repo from './sign-in.repository.ts';

/** `date` + one month's first day, for the calendar's range. */
function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/**
 * Daily sign-in. The day is the calendar day in the request's timezone (the common `timezone`
 * parameter, +08:00 by default); sign_ins has one row per user and day, so concurrent requests
 * for the same day award once. A day earlier than the last one signed (a timezone changed
 * backwards) is treated as already signed: days only move forward.
 */
export class SignInService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async state(userId: number, tz: string, month?: string): Promise<SignInState> {
    const today = localDate(this.now(), tz);
    const m = month ?? today.slice(0, 7);
    const last = await repo.lastSignIn(this.db, userId);
    const signedToday = last !== null && last.day >= today;
    // The run counts while its last day is today or yesterday; the next sign-in extends it either way.
    const current = last && last.day >= addDays(today, -1) ? last.streak : 0;
    const { points, bonus } = signInPoints(current + 1);
    const days = await repo.daysBetween(this.db, userId, `${m}-01`, nextMonth(m));
    return {
      today,
      signed_today: signedToday,
      streak: current,
      next_points: points + bonus,
      month: m,
      days,
      availablescore: await pointsBalance(this.db, userId),
    };
  }

  async signIn(userId: number, tz: string): Promise<SignInResult> {
    const today = localDate(this.now(), tz);
    return transaction(this.db, async (tx) => {
      const last = await repo.lastSignIn(tx, userId);
      if (last && last.day >= today) return this.repeat(last, tx);
      const streak = last && last.day === addDays(today, -1) ? last.streak + 1 : 1;
      const { points, bonus } = signInPoints(streak);
      const row = await repo.insertSignIn(tx, { userId, day: today, streak, points: points + bonus, timezone: tz });
      // Another request signed this day first (it committed while we waited on the unique key).
      if (!row) {
        const theirs = await repo.signInOn(tx, userId, today);
        if (!theirs) throw new Error('sign-in row vanished');
        return this.repeat(theirs, tx);
      }
      const posted = await postPoints(tx, { userId, change: points + bonus, reason: 'sign_in', refType: 'sign_in', refId: today, memo: bonus ? `streak ${streak} bonus` : `streak ${streak}` });
      return { date: today, streak, points: points + bonus, bonus, newly: true, availablescore: posted.balance };
    });
  }

  private async repeat(row: repo.SignInRow, tx: Tx): Promise<SignInResult> {
    return { date: row.day, streak: row.streak, points: 0, bonus: 0, newly: false, availablescore: await pointsBalance(tx, row.userId) };
  }
}
