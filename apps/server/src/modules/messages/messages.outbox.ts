import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import type { MessageSender, OutgoingMessage } from './messages.adapter.ts';

/** A message to queue: what the provider gets, plus when it is worth sending. */
export interface QueuedMessage extends OutgoingMessage {
  /** Deliver only if an active account holds `to`; the worker decides, so requests never look. */
  onlyToAccount?: boolean;
  /** Not worth sending after this (a code's expiry, a live's end). */
  deliverBefore?: Date;
}

export interface OutboxOptions {
  /** Whether an active account holds this address (for onlyToAccount rows). */
  hasAccount: (channel: 'sms' | 'email', to: string) => Promise<boolean>;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  /** Rows claimed per pass. */
  batch?: number;
  /** How long a claim holds; a worker that died mid-send releases its rows after this. */
  leaseS?: number;
  /** Attempts before a message is given up as `failed`. */
  maxAttempts?: number;
}

/** Seconds to wait before attempt n+1 after n failed ones: 5, 10, 20 … capped at 10 minutes. */
export function retryDelayS(failedAttempts: number): number {
  return Math.min(5 * 2 ** Math.max(0, failedAttempts - 1), 600);
}

interface ClaimedRow extends Record<string, unknown> {
  id: number;
  channel: 'sms' | 'email';
  to: string;
  country_code: string | null;
  text: string;
  code: string | null;
  scene: string | null;
  only_to_account: boolean;
  deliver_before: string | Date | null;
  attempts: number;
}

type Outcome = 'sent' | 'skipped' | 'expired' | 'retry' | 'failed';

/**
 * The message outbox. Requests only insert rows (in their own transaction); a worker in every server
 * process claims due rows and hands them to the provider. A claim is one UPDATE of rows picked with
 * FOR UPDATE SKIP LOCKED, so several workers (processes on one PostgreSQL) never take the same row;
 * a claim lapses after `leaseS`, so rows of a worker that died are taken again. A failing provider
 * is retried with back-off until `maxAttempts`. Delivery is at least once: a process killed between
 * the provider's answer and the row's update sends that one message again after the lease.
 */
export class MessageOutbox {
  private readonly batch: number;
  private readonly leaseS: number;
  private readonly maxAttempts: number;
  /** Passes of this process run one at a time (the job's runs and drain() share it). */
  private chain: Promise<unknown> = Promise.resolve();
  /** Asks the delivery job to run now (set by whoever schedules it). */
  private wake: () => void = () => undefined;

  constructor(
    private readonly db: Db,
    private readonly sender: MessageSender,
    private readonly now: () => Date,
    private readonly opts: OutboxOptions,
  ) {
    this.batch = opts.batch ?? 20;
    this.leaseS = opts.leaseS ?? 120;
    this.maxAttempts = opts.maxAttempts ?? 8;
  }

  /** Queues a message (inside the caller's transaction when given one). Call kick() after commit. */
  async enqueue(db: Db | Tx, m: QueuedMessage): Promise<number> {
    const now = this.now();
    const [row] = await db
      .insert(outbox)
      .values({
        channel: m.channel,
        to: m.to,
        countryCode: m.countryCode ?? null,
        text: m.text,
        code: m.code ?? null,
        scene: m.scene ?? null,
        onlyToAccount: m.onlyToAccount ?? false,
        deliverBefore: m.deliverBefore ?? null,
        nextAttemptAt: now,
        createdAt: now,
      })
      .returning({ id: outbox.id });
    if (!row) throw new Error('outbox insert returned nothing');
    return row.id;
  }

  /** Where kick() goes: the background job that delivers (accounts.plugin.ts schedules it). */
  wakeWith(wake: () => void): void {
    this.wake = wake;
  }

  /** A message was just queued in this process: deliver now rather than at the job's next look. */
  kick(): void {
    this.wake();
  }

  /**
   * One run of the delivery job: passes until one claims less than a full batch. Answers how many
   * were sent (the run's log line).
   */
  async deliverDue(): Promise<{ sent: number }> {
    let sent = 0;
    for (;;) {
      const r = await this.exclusive(() => this.pass());
      sent += r.sent;
      if (r.claimed < this.batch) return { sent };
    }
  }

  /**
   * Delivers everything due now and resolves when nothing due is left (after any pass in progress in
   * this process). Tests and tools use it instead of waiting for the loop. Answers how many were sent.
   */
  async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const r = await this.exclusive(() => this.pass());
      sent += r.sent;
      if (r.claimed === 0) return sent;
    }
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.chain.then(fn, fn);
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Claims one batch of due rows and delivers them. */
  private async pass(): Promise<{ claimed: number; sent: number }> {
    const rows = await this.claim();
    let sent = 0;
    for (const row of rows) if ((await this.deliver(row)) === 'sent') sent += 1;
    return { claimed: rows.length, sent };
  }

  private async claim(): Promise<ClaimedRow[]> {
    const now = this.now();
    const at = sql`${now.toISOString()}::timestamptz`;
    const leaseEnd = sql`${new Date(now.getTime() + this.leaseS * 1000).toISOString()}::timestamptz`;
    const due = sql`((status = 'pending' and next_attempt_at <= ${at}) or (status = 'sending' and locked_until <= ${at}))`;
    // Most polls find nothing: a read says so without the UPDATE's write transaction (on PGlite that
    // blocked the event loop several times longer, every second).
    const [any] = await queryRows<{ one: number }>(this.db, sql`select 1 as one from ${outbox} where ${due} limit 1`);
    if (!any) return [];
    return queryRows<ClaimedRow>(
      this.db,
      sql`
      update ${outbox} set status = 'sending', attempts = attempts + 1, locked_until = ${leaseEnd}
      where id in (
        select id from ${outbox} where ${due} order by id limit ${this.batch} for update skip locked
      ) and ${due}
      returning id, channel, "to", country_code, text, code, scene, only_to_account, deliver_before, attempts`,
    );
  }

  private async deliver(row: ClaimedRow): Promise<Outcome> {
    const now = this.now();
    try {
      if (row.deliver_before !== null && new Date(row.deliver_before) <= now) return await this.finish(row, 'expired');
      if (row.only_to_account && !(await this.opts.hasAccount(row.channel, row.to))) return await this.finish(row, 'skipped');
    } catch (err) {
      return this.failed(row, err);
    }
    try {
      await this.sender.send({
        channel: row.channel,
        to: row.to,
        ...(row.country_code ? { countryCode: row.country_code } : {}),
        text: row.text,
        ...(row.code ? { code: row.code } : {}),
        ...(row.scene ? { scene: row.scene } : {}),
      });
    } catch (err) {
      return this.failed(row, err);
    }
    return this.finish(row, 'sent');
  }

  private async failed(row: ClaimedRow, err: unknown): Promise<Outcome> {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    if (row.attempts >= this.maxAttempts) {
      this.opts.log.error({ err, outbox_id: row.id, attempts: row.attempts, provider: this.sender.name }, 'message not delivered: giving up');
      return this.finish(row, 'failed', message);
    }
    const delayS = retryDelayS(row.attempts);
    this.opts.log.warn({ err, outbox_id: row.id, attempts: row.attempts, retry_in_s: delayS, provider: this.sender.name }, 'message not delivered: will retry');
    await this.db
      .update(outbox)
      .set({ status: 'pending', lockedUntil: null, lastError: message, nextAttemptAt: new Date(this.now().getTime() + delayS * 1000) })
      .where(this.stillOurs(row));
    return 'retry';
  }

  /** Final state; the text and code are erased (the message is out, or never will be). */
  private async finish(row: ClaimedRow, status: Exclude<Outcome, 'retry'>, lastError?: string): Promise<Outcome> {
    await this.db
      .update(outbox)
      .set({ status, lockedUntil: null, text: '', code: null, ...(status === 'sent' ? { sentAt: this.now() } : {}), ...(lastError ? { lastError } : {}) })
      .where(this.stillOurs(row));
    return status;
  }

  /** Our claim, unless it lapsed and another worker took the row again. */
  private stillOurs(row: ClaimedRow) {
    return and(eq(outbox.id, row.id), eq(outbox.status, 'sending'), eq(outbox.attempts, row.attempts));
  }

  /** Drops finished rows older than `keepS` (delivery records are kept a while for support). */
  async sweep(keepS = 7 * 86_400): Promise<void> {
    const before = new Date(this.now().getTime() - keepS * 1000).toISOString();
    await this.db.execute(sql`delete from ${outbox} where status in ('sent', 'failed', 'skipped', 'expired') and created_at < ${before}::timestamptz`);
  }
}
