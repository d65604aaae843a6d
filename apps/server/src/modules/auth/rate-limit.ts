import { eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/index.ts';

/** Failure counters in the database (rate_limits): survive restarts, shared by every process. */
export class RateLimiter {
  constructor(private readonly now: () => Date) {}

  /** Current count of an unexpired window, and when it ends. */
  async peek(db: Db | Tx, key: string): Promise<{ count: number; expiresAt: Date | null }> {
    const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
    if (!row || row.expiresAt <= this.now()) return { count: 0, expiresAt: null };
    return { count: row.count, expiresAt: row.expiresAt };
  }

  /**
   * One upsert that counts an event in a window of `windowS` (a new window starts when the old one
   * has ended); with `max`, only while the window's count is under it (no row back otherwise).
   */
  private async countOne(db: Db | Tx, key: string, windowS: number, max?: number): Promise<{ count: number } | undefined> {
    const now = this.now();
    const end = new Date(now.getTime() + windowS * 1000);
    // Raw SQL parameters go as ISO text: both drivers cast them the same way.
    const nowSql = sql`${now.toISOString()}::timestamptz`;
    const endSql = sql`${end.toISOString()}::timestamptz`;
    const [row] = await db
      .insert(rateLimits)
      .values({ key, count: 1, windowStart: now, expiresAt: end })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.expiresAt} <= ${nowSql} then 1 else ${rateLimits.count} + 1 end`,
          windowStart: sql`case when ${rateLimits.expiresAt} <= ${nowSql} then ${nowSql} else ${rateLimits.windowStart} end`,
          expiresAt: sql`case when ${rateLimits.expiresAt} <= ${nowSql} then ${endSql} else ${rateLimits.expiresAt} end`,
        },
        ...(max === undefined ? {} : { setWhere: sql`${rateLimits.expiresAt} <= ${nowSql} or ${rateLimits.count} < ${max}` }),
      })
      .returning({ count: rateLimits.count });
    return row;
  }

  /**
   * Counts one event in a window of `windowS` (a new window starts when the old one has ended).
   * `extendToS`, when given and the count reaches `extendAt`, pushes the end out (a lock period).
   */
  async hit(db: Db | Tx, key: string, windowS: number, extend?: { at: number; lockS: number }): Promise<number> {
    const count = (await this.countOne(db, key, windowS))?.count ?? 1;
    if (extend && count >= extend.at) await this.lock(db, key, extend.lockS);
    return count;
  }

  /**
   * Takes one slot of `max` in a window of `windowS` before the attempt is checked: one upsert
   * whose condition and increment are a single atomic step, so of N concurrent attempts at most
   * `max` get a slot. A slot that turns out not to be a failure is handed back with `release`.
   */
  async reserve(db: Db | Tx, key: string, max: number, windowS: number): Promise<{ ok: true; count: number } | { ok: false; expiresAt: Date | null }> {
    const row = await this.countOne(db, key, windowS, max);
    if (row) return { ok: true, count: row.count };
    return { ok: false, expiresAt: (await this.peek(db, key)).expiresAt };
  }

  /** Hands back a slot taken by `reserve` (the attempt was no failure). */
  async release(db: Db | Tx, key: string): Promise<void> {
    await db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(eq(rateLimits.key, key));
  }

  /** Pushes the end of a window out to `lockS` from now (a lock period). */
  async lock(db: Db | Tx, key: string, lockS: number): Promise<void> {
    await db
      .update(rateLimits)
      .set({ expiresAt: new Date(this.now().getTime() + lockS * 1000) })
      .where(eq(rateLimits.key, key));
  }

  async clear(db: Db | Tx, key: string): Promise<void> {
    await db.delete(rateLimits).where(eq(rateLimits.key, key));
  }

  /** Seconds until the window of `key` ends (at least 1). */
  retryAfter(expiresAt: Date | null): number {
    if (!expiresAt) return 1;
    return Math.max(1, Math.ceil((expiresAt.getTime() - this.now().getTime()) / 1000));
  }

  async sweep(db: Db): Promise<void> {
    await db.delete(rateLimits).where(lt(rateLimits.expiresAt, this.now()));
  }
}
