import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobLeases } from '../db/schema/index.ts';

/** The logger a job reports to (pino's signature). */
export interface JobLog {
  info(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobSpec {
  /** Unique across the application: the lease row's key. */
  name: string;
  everyMs: number;
  /** The work; what it resolves to goes on the run's log line. A throw counts as a failure. */
  run: () => Promise<unknown>;
  /** How long a holder may go without renewing its lease before another process takes over (default 60 s). */
  leaseMs?: number;
  /** The longest wait after failures in a row (default 15 min, never below everyMs). */
  maxBackoffMs?: number;
  /** First look right at start (the lease row still decides); otherwise after everyMs. */
  runAtStart?: boolean;
  /** Level of a successful run's log line: frequent jobs log at debug (default info). */
  logLevel?: 'info' | 'debug';
}

const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_MAX_BACKOFF_MS = 15 * 60_000;
/** A little spread so processes woken for the same due time do not all knock at once. */
const JITTER_MS = 50;

const ms = (n: number) => sql`(${n}::double precision * interval '1 millisecond')`;

/**
 * Background jobs on the database's clock and a lease row per job (decision record 0071): any
 * number of processes schedule the same job, one of them runs it each interval, a failure backs
 * off, and stop() waits for a run under way. No queue and no worker process: the loops are
 * housekeeping sweeps whose statements are idempotent anyway.
 */
export class JobRunner {
  /** This process's name on the lease rows. */
  readonly holder: string;
  private readonly jobs = new Set<Job>();

  constructor(
    private readonly db: Db,
    private readonly log: JobLog,
    holder?: string,
  ) {
    this.holder = holder ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  }

  /** A job, not yet started. */
  job(spec: JobSpec): Job {
    const job = new Job(this.db, this.log, this.holder, spec);
    this.jobs.add(job);
    return job;
  }

  /** Stops every job, each after its run under way. */
  async stop(): Promise<void> {
    await Promise.all([...this.jobs].map((j) => j.stop()));
  }
}

export class Job {
  readonly name: string;
  private readonly leaseMs: number;
  private readonly maxBackoffMs: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private started = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: JobLog,
    private readonly holder: string,
    private readonly spec: JobSpec,
  ) {
    this.name = spec.name;
    this.leaseMs = spec.leaseMs ?? DEFAULT_LEASE_MS;
    this.maxBackoffMs = Math.max(spec.everyMs, spec.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS);
  }

  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.schedule(this.spec.runAtStart ? 0 : this.spec.everyMs);
  }

  /**
   * Runs now if no process holds the lease, whether due or not (a write just queued work); during a
   * run in this process, runs once more after it.
   */
  trigger(): void {
    if (!this.started || this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.tick(true);
  }

  /** Stops looking; resolves once a run under way in this process has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.running) await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(false), Math.max(0, delayMs));
    this.timer.unref();
  }

  private tick(force: boolean): void {
    this.timer = null;
    if (this.stopped || this.running) return;
    this.running = this.attempt(force)
      .catch((err: unknown) => {
        // The lease row itself failed (database away): look again after an interval.
        this.log.warn({ err, job: this.name }, 'job lease check failed');
        return this.spec.everyMs;
      })
      .then((next) => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.tick(true);
        } else {
          this.schedule(next);
        }
      });
  }

  /** One look at the lease row and, when it is ours, one run. Answers the wait until the next look. */
  private async attempt(force: boolean): Promise<number> {
    const now = sql`clock_timestamp()`;
    const leaseUntil = sql`clock_timestamp() + ${ms(this.leaseMs)}`;
    const free = sql`(${jobLeases.leaseUntil} is null or ${jobLeases.leaseUntil} < clock_timestamp())`;
    const [claimed] = await this.db
      .insert(jobLeases)
      .values({ name: this.name, holder: this.holder, leaseUntil, nextRunAt: now })
      .onConflictDoUpdate({
        target: jobLeases.name,
        set: { holder: this.holder, leaseUntil },
        setWhere: force ? free : sql`${free} and ${jobLeases.nextRunAt} <= clock_timestamp()`,
      })
      .returning({ failures: jobLeases.failures });
    if (!claimed) return this.untilDue();
    return this.runHeld(claimed.failures);
  }

  /** How long until the row says the job is due or its lease runs out, whichever is later. */
  private async untilDue(): Promise<number> {
    const [row] = await this.db
      .select({
        wait: sql<string>`extract(epoch from (greatest(${jobLeases.nextRunAt}, coalesce(${jobLeases.leaseUntil}, ${jobLeases.nextRunAt})) - clock_timestamp())) * 1000`,
      })
      .from(jobLeases)
      .where(eq(jobLeases.name, this.name));
    const wait = row ? Number(row.wait) : 0;
    return Math.min(Math.max(0, wait), Math.max(this.spec.everyMs, this.leaseMs)) + Math.random() * JITTER_MS;
  }

  private async runHeld(failuresBefore: number): Promise<number> {
    const mine = and(eq(jobLeases.name, this.name), eq(jobLeases.holder, this.holder));
    // A long run keeps its lease; a crashed process stops renewing and loses it.
    const renew = setInterval(() => {
      this.db
        .update(jobLeases)
        .set({ leaseUntil: sql`clock_timestamp() + ${ms(this.leaseMs)}` })
        .where(mine)
        .catch((err: unknown) => this.log.warn({ err, job: this.name }, 'job lease renewal failed'));
    }, this.leaseMs / 3);
    renew.unref();
    const started = performance.now();
    let failure: unknown = null;
    let result: unknown;
    try {
      result = await this.spec.run();
    } catch (err) {
      failure = err;
    } finally {
      clearInterval(renew);
    }
    const took = Math.round(performance.now() - started);
    const failures = failure === null ? 0 : failuresBefore + 1;
    const wait = failure === null ? this.spec.everyMs : Math.min(this.spec.everyMs * 2 ** failures, this.maxBackoffMs);
    await this.db
      .update(jobLeases)
      .set({
        holder: null,
        leaseUntil: null,
        nextRunAt: sql`clock_timestamp() + ${ms(wait)}`,
        failures,
        lastRunAt: sql`clock_timestamp()`,
        lastError: failure === null ? null : String(failure instanceof Error ? failure.message : failure).slice(0, 500),
      })
      .where(mine);
    if (failure === null) {
      const line = { job: this.name, ms: took, ...(result === undefined ? {} : { result }) };
      if (this.spec.logLevel === 'debug') this.log.debug(line, 'job ran');
      else this.log.info(line, 'job ran');
    } else {
      this.log.error({ err: failure, job: this.name, ms: took, failures, retryInMs: wait }, 'job failed');
    }
    return wait;
  }
}
