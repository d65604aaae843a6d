import { rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MediaSettings } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { type AssetError, mediaAssets } from '../../db/schema/index.ts';
import { probe, SEGMENT_S, ToolFailedError, ToolMissingError, transcode } from './media.ffmpeg.ts';

/**
 * The transcode queue (decision record 0064) is the `media_assets` table itself: an `uploaded`
 * row waits; a process claims it with a conditional UPDATE (status `transcoding`, its own name
 * and a lease), renews the lease with every progress write, and ends it `ready` or `failed`. A
 * process that dies mid-job leaves a lease that runs out: any process then claims the row again
 * and starts over (a restarted process takes back its own at once). One job at a time per process.
 */

export const FFMPEG_MISSING: AssetError = { zh: '服务器未安装 ffmpeg，无法转码', en: 'ffmpeg is not installed on the server' };
const NOT_VIDEO: AssetError = { zh: '文件不是可识别的视频', en: 'The file is not a video ffmpeg can read' };
const UPLOAD_GONE: AssetError = { zh: '上传的原始文件已不存在', en: 'The uploaded file is gone' };

/** Where a library asset's files live: `<libraryDir>/<key>`, served as `up/<key>/...`. */
export const libraryPath = (key: string) => `up/${key}`;
export const assetDir = (settings: MediaSettings, key: string) => join(settings.libraryDir, key);
export const uploadFile = (settings: MediaSettings, uploadId: string) => join(settings.uploadDir, uploadId);

export interface WorkerOptions {
  /** How long a claim holds without a progress write (ms). */
  leaseMs?: number;
  /** How often the queue is looked at when nothing woke the worker (ms). */
  pollMs?: number;
  /** This process's name in `claimed_by`; stable across restarts of the same data directory. */
  name?: string;
}

export class TranscodeWorker {
  readonly name: string;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly abort = new AbortController();

  constructor(
    private readonly db: Db,
    readonly settings: MediaSettings,
    private readonly log: FastifyBaseLogger,
    opts: WorkerOptions = {},
  ) {
    this.name = opts.name ?? `${hostname()}:${settings.libraryDir}`;
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.pollMs = opts.pollMs ?? 5_000;
  }

  /** Takes back this process's own unfinished jobs (a crash or a kill), then works the queue. */
  async start(): Promise<void> {
    await this.db
      .update(mediaAssets)
      .set({ status: 'uploaded', claimedBy: null, claimedUntil: null })
      .where(and(eq(mediaAssets.status, 'transcoding'), eq(mediaAssets.claimedBy, this.name)));
    const tick = () => {
      if (this.stopped) return;
      this.kick();
      this.timer = setTimeout(tick, this.pollMs);
      this.timer.unref();
    };
    tick();
  }

  /** Looks at the queue now (an upload just finished). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => this.log.error({ err }, 'media: transcode queue failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves once no job runs (tests wait on it). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops taking jobs; a job under way is cut off and handed back to the queue. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.abort.abort();
    await this.running?.catch(() => undefined);
    await this.db
      .update(mediaAssets)
      .set({ status: 'uploaded', claimedBy: null, claimedUntil: null })
      .where(and(eq(mediaAssets.status, 'transcoding'), eq(mediaAssets.claimedBy, this.name)))
      .catch(() => undefined);
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const job = await this.claim();
      if (!job) return;
      await this.runJob(job);
    }
  }

  /** The oldest waiting (or abandoned) asset, claimed for this process; null when there is none or another process won it. */
  async claim(): Promise<typeof mediaAssets.$inferSelect | null> {
    const now = new Date();
    const claimable = or(eq(mediaAssets.status, 'uploaded'), and(eq(mediaAssets.status, 'transcoding'), lt(mediaAssets.claimedUntil, now)));
    for (let attempt = 0; attempt < 5; attempt++) {
      const [next] = await this.db.select({ id: mediaAssets.id }).from(mediaAssets).where(claimable).orderBy(asc(mediaAssets.id)).limit(1);
      if (!next) return null;
      const [row] = await this.db
        .update(mediaAssets)
        .set({ status: 'transcoding', progress: 0, error: null, claimedBy: this.name, claimedUntil: new Date(now.getTime() + this.leaseMs) })
        .where(and(eq(mediaAssets.id, next.id), claimable))
        .returning();
      if (row) return row;
    }
    return null;
  }

  /** Saves progress and renews the lease; false when the claim is lost (the asset was deleted or taken over). */
  private async heartbeat(id: number, progress: number): Promise<boolean> {
    const rows = await this.db
      .update(mediaAssets)
      .set({ progress, claimedUntil: new Date(Date.now() + this.leaseMs) })
      .where(and(eq(mediaAssets.id, id), eq(mediaAssets.status, 'transcoding'), eq(mediaAssets.claimedBy, this.name)))
      .returning({ id: mediaAssets.id });
    return rows.length > 0;
  }

  private async finish(id: number, values: Partial<typeof mediaAssets.$inferInsert>): Promise<boolean> {
    const rows = await this.db
      .update(mediaAssets)
      .set({ ...values, claimedBy: null, claimedUntil: null })
      .where(and(eq(mediaAssets.id, id), eq(mediaAssets.status, 'transcoding'), eq(mediaAssets.claimedBy, this.name)))
      .returning({ id: mediaAssets.id });
    return rows.length > 0;
  }

  private fail(id: number, error: AssetError, detail?: string) {
    const withDetail = detail ? { zh: `${error.zh}：${detail}`, en: `${error.en}: ${detail}` } : error;
    return this.finish(id, { status: 'failed', error: withDetail });
  }

  private async runJob(job: typeof mediaAssets.$inferSelect): Promise<void> {
    const tools = { ffmpegPath: this.settings.ffmpegPath, ffprobePath: this.settings.ffprobePath };
    if (!job.uploadId) {
      await this.fail(job.id, UPLOAD_GONE);
      return;
    }
    const input = uploadFile(this.settings, job.uploadId);
    const out = assetDir(this.settings, job.key);
    // A job cut off before left partial files: start over.
    await rm(out, { recursive: true, force: true });
    // The job's own controller: a lost claim stops it, and so does the process stopping.
    const ctl = new AbortController();
    const onStop = () => ctl.abort();
    this.abort.signal.addEventListener('abort', onStop);
    let lastWrite = 0;
    let writing: Promise<unknown> = Promise.resolve();
    try {
      const src = await probe(tools, input);
      if (!src) {
        await this.fail(job.id, NOT_VIDEO);
        return;
      }
      const result = await transcode(
        tools,
        input,
        out,
        src,
        (pct) => {
          const t = Date.now();
          if (t - lastWrite < 500) return;
          lastWrite = t;
          writing = writing.then(async () => {
            if (!(await this.heartbeat(job.id, pct))) ctl.abort();
          });
        },
        ctl.signal,
      );
      await writing;
      const done = await this.finish(job.id, {
        status: 'ready',
        progress: 100,
        error: null,
        durationS: result.durationS,
        segmentS: SEGMENT_S,
        poster: 'poster.jpg',
        renditions: result.renditions,
      });
      if (done) await rm(input, { force: true }).then(() => rm(`${input}.json`, { force: true }));
      this.log.info({ asset: job.id, renditions: result.renditions.map((r) => r.name) }, 'media: transcoded');
    } catch (err) {
      await writing.catch(() => undefined);
      if (ctl.signal.aborted) return; // stopped or claim lost: the queue hands it on
      if (err instanceof ToolMissingError) await this.fail(job.id, FFMPEG_MISSING);
      else if (err instanceof ToolFailedError) await this.fail(job.id, { zh: 'ffmpeg 转码失败', en: 'ffmpeg could not transcode the file' }, err.detail.slice(-500));
      else {
        this.log.error({ err, asset: job.id }, 'media: transcode failed');
        await this.fail(job.id, { zh: '转码失败', en: 'Transcoding failed' }, err instanceof Error ? err.message.slice(0, 300) : undefined);
      }
      await rm(out, { recursive: true, force: true });
    } finally {
      this.abort.signal.removeEventListener('abort', onStop);
    }
  }
}
