import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobLeases } from '../src/db/schema/index.ts';
import { type JobLog, JobRunner } from '../src/lib/jobs.ts';
import { buildTestApp } from './build-test-app.ts';
import { twoProcessesOnPostgres } from './two-processes.ts';
import { withAdmin } from './template.ts';

/**
 * Background jobs (lib/jobs.ts, decision record 0071): a lease row per job keeps processes from
 * running one job together, a failure backs off, stop waits for a run under way, and every run
 * leaves one log line.
 */

interface Line {
  level: string;
  obj: Record<string, unknown>;
  msg: string;
}
function recordingLog(): JobLog & { lines: Line[] } {
  const lines: Line[] = [];
  const at = (level: string) => (obj: object, msg: string) => lines.push({ level, obj: obj as Record<string, unknown>, msg });
  return { lines, info: at('info'), debug: at('debug'), warn: at('warn'), error: at('error') };
}

const name = (what: string) => `test.${what}.${randomBytes(3).toString('hex')}`;

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('one process', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ seed: false });
  });
  afterAll(async () => {
    await app?.close();
  });

  const leaseOf = async (job: string) => (await app.db.select().from(jobLeases).where(eq(jobLeases.name, job)))[0];

  it('runs a job each interval with one log line per run, and frees the lease between runs', async () => {
    const log = recordingLog();
    const runner = new JobRunner(app.db, log);
    const job = name('each');
    let runs = 0;
    runner.job({ name: job, everyMs: 50, runAtStart: true, run: async () => ++runs }).start();
    await expect.poll(() => runs, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    await runner.stop();
    const ran = log.lines.filter((l) => l.msg === 'job ran' && l.obj.job === job);
    expect(ran).toHaveLength(runs);
    expect(ran.map((l) => l.obj.result)).toEqual(Array.from({ length: runs }, (_, i) => i + 1));
    expect(ran.every((l) => l.level === 'info' && typeof l.obj.ms === 'number')).toBe(true);
    const row = await leaseOf(job);
    expect(row).toMatchObject({ holder: null, leaseUntil: null, failures: 0, lastError: null });
  });

  it('backs off after failures (twice the wait after each one in a row) and resets after a success', async () => {
    const log = recordingLog();
    const runner = new JobRunner(app.db, log);
    const job = name('backoff');
    const every = 100;
    const failuresSeen: { failures: number; gapMs: number }[] = [];
    let calls = 0;
    runner
      .job({
        name: job,
        everyMs: every,
        runAtStart: true,
        run: async () => {
          calls++;
          if (calls <= 3) throw new Error(`boom ${calls}`);
          return 'ok';
        },
      })
      .start();
    // After each failed run the row says how long until the next one.
    const gaps = async () => {
      const [r] = await app.db
        .select({ failures: jobLeases.failures, gap: sql<string>`extract(epoch from (${jobLeases.nextRunAt} - ${jobLeases.lastRunAt})) * 1000` })
        .from(jobLeases)
        .where(eq(jobLeases.name, job));
      if (r && r.failures > 0 && !failuresSeen.some((f) => f.failures === r.failures)) failuresSeen.push({ failures: r.failures, gapMs: Number(r.gap) });
      return calls;
    };
    await expect.poll(gaps, { interval: 10, timeout: 20_000 }).toBeGreaterThanOrEqual(4);
    await runner.stop();
    // Waits of 2, 4 and 8 intervals (the database stamps both ends: a few ms apart at most).
    for (const f of failuresSeen) expect(f.gapMs).toBeGreaterThanOrEqual(every * 2 ** f.failures - 5);
    for (const f of failuresSeen) expect(f.gapMs).toBeLessThan(every * 2 ** f.failures + 100);
    expect(failuresSeen.map((f) => f.failures)).toContain(3);
    const failed = log.lines.filter((l) => l.msg === 'job failed' && l.obj.job === job);
    expect(failed.map((l) => [l.level, l.obj.failures, l.obj.retryInMs])).toEqual([
      ['error', 1, 200],
      ['error', 2, 400],
      ['error', 3, 800],
    ]);
    expect(await leaseOf(job)).toMatchObject({ failures: 0, lastError: null, holder: null });
  });

  it('stops only after a run under way has finished', async () => {
    const runner = new JobRunner(app.db, recordingLog());
    const job = name('stop');
    const started = deferred();
    const release = deferred();
    let finished = false;
    runner
      .job({
        name: job,
        everyMs: 60_000,
        runAtStart: true,
        run: async () => {
          started.resolve();
          await release.promise;
          finished = true;
        },
      })
      .start();
    await started.promise;
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 200));
    expect(stopped).toBe(false);
    expect((await leaseOf(job))?.holder).toBe(runner.holder);
    release.resolve();
    await stopping;
    expect(finished).toBe(true);
    // The run's end was written before stop resolved: the lease is free for the next process.
    expect(await leaseOf(job)).toMatchObject({ holder: null, leaseUntil: null });
  });

  it("waits for a holder's lease, and takes the job over once a holder that stopped renewing (a crash) lets it run out", async () => {
    const job = name('crash');
    // What a crashed process leaves: a lease nobody renews.
    await app.db.insert(jobLeases).values({ name: job, holder: 'crashed-process', leaseUntil: sql`clock_timestamp() + interval '700 milliseconds'`, nextRunAt: sql`clock_timestamp()` });
    const runner = new JobRunner(app.db, recordingLog());
    let firstRunAt = 0;
    const since = Date.now();
    const j = runner.job({
      name: job,
      everyMs: 50,
      runAtStart: true,
      run: async () => {
        firstRunAt ||= Date.now();
      },
    });
    j.start();
    j.trigger();
    await expect.poll(() => firstRunAt, { timeout: 10_000 }).toBeGreaterThan(0);
    await runner.stop();
    expect(firstRunAt - since).toBeGreaterThanOrEqual(600);
    expect((await leaseOf(job))?.holder).toBeNull();
  });
});

/**
 * Two app instances (two processes' worth: each its own pool and its own holder name) on one
 * PostgreSQL database. The database is this file's own, dropped at the end.
 */
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const pgUp = await withAdmin(PG_URL, (c) => c.query('select 1')).then(
  () => true,
  () => false,
);
if (!pgUp) console.warn(`jobs: the two-process tests are skipped: no PostgreSQL answers at ${PG_URL} (set TEST_DATABASE_URL)`);

describe.skipIf(!pgUp)('two processes on one PostgreSQL database', () => {
  const both = twoProcessesOnPostgres(PG_URL, 'jobs');
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(() => {
    ({ a, b } = both);
  });

  it('runs a job in one process at a time, once per interval', async () => {
    const job = name('shared');
    const every = 200;
    const runs: { by: string; start: number; end: number }[] = [];
    let inside = 0;
    let overlapped = false;
    const spec = (by: string) => ({
      name: job,
      everyMs: every,
      runAtStart: true,
      run: async () => {
        if (++inside > 1) overlapped = true;
        const start = Date.now();
        await new Promise((r) => setTimeout(r, 30));
        inside--;
        runs.push({ by, start, end: Date.now() });
      },
    });
    const ja = a.jobs.job(spec('a'));
    const jb = b.jobs.job(spec('b'));
    expect(a.jobs.holder).not.toBe(b.jobs.holder);
    ja.start();
    jb.start();
    await new Promise((r) => setTimeout(r, 3000));
    await Promise.all([ja.stop(), jb.stop()]);
    expect(overlapped).toBe(false);
    // About 3000 / (200 + 30) runs in all, not one series per process.
    expect(runs.length).toBeGreaterThanOrEqual(6);
    expect(runs.length).toBeLessThanOrEqual(14);
    for (let i = 1; i < runs.length; i++) expect(runs[i]!.start - runs[i - 1]!.end).toBeGreaterThanOrEqual(every - 20);
  });

  it("lets the other process take over once a holder's lease runs out (it crashed mid-run)", async () => {
    const job = name('takeover');
    // a starts a run that never ends and never renews its lease, as a killed process would.
    await a.db.insert(jobLeases).values({ name: job, holder: a.jobs.holder, leaseUntil: sql`clock_timestamp() + interval '800 milliseconds'`, nextRunAt: sql`clock_timestamp()` });
    let bRanAt = 0;
    const since = Date.now();
    const jb = b.jobs.job({
      name: job,
      everyMs: 100,
      runAtStart: true,
      run: async () => {
        bRanAt ||= Date.now();
      },
    });
    jb.start();
    await expect.poll(() => bRanAt, { timeout: 10_000 }).toBeGreaterThan(0);
    await jb.stop();
    expect(bRanAt - since).toBeGreaterThanOrEqual(700);
    const [row] = await b.db.select().from(jobLeases).where(eq(jobLeases.name, job));
    expect(row).toMatchObject({ holder: null, failures: 0 });
  });

  it('keeps the lease of a long run alive, so the other process does not take over while it works', async () => {
    const job = name('long');
    const release = deferred();
    const started = deferred();
    let aRuns = 0;
    let bRuns = 0;
    const ja = a.jobs.job({
      name: job,
      everyMs: 100,
      leaseMs: 300,
      runAtStart: true,
      run: async () => {
        aRuns++;
        started.resolve();
        await release.promise;
      },
    });
    ja.start();
    await started.promise;
    const jb = b.jobs.job({ name: job, everyMs: 100, leaseMs: 300, runAtStart: true, run: async () => void bRuns++ });
    jb.start();
    // Three lease lengths: renewed every 100 ms, the lease never runs out.
    await new Promise((r) => setTimeout(r, 900));
    expect(bRuns).toBe(0);
    release.resolve();
    await expect.poll(() => bRuns + aRuns, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await Promise.all([ja.stop(), jb.stop()]);
  });
});
