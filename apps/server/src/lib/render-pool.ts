import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ErrorCode } from '@medportal/contract';
import { AppError } from './app-error.ts';
import type { RenderReply, RenderRequest, RenderTasks } from './render-serve.ts';

/**
 * Drawing PNGs and PDFs (font subsetting, rasterising) costs hundreds of milliseconds of CPU, which
 * on the event loop would hold up every other request. A RenderPool runs named drawing tasks in a
 * few worker threads instead: at most `size` at once, at most `queueLimit` waiting (past that the
 * request is answered 503 RENDER_BUSY), workers started when first needed, a worker that dies
 * replaced by the next task that needs one, and all of them terminated by close().
 */

interface Job extends RenderRequest {
  resolve: (body: Buffer) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
}

export interface RenderPoolOptions {
  /** The worker's entry module: built JavaScript, or TypeScript (then loaded through tsx, as in tests). */
  worker: URL;
  size: number;
  queueLimit: number;
}

export class RenderPool<T extends RenderTasks> {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly opts: RenderPoolOptions) {}

  /** Runs `task` in a worker; rejects with RENDER_BUSY (503) at once when the queue is full. */
  run<K extends keyof T & string>(task: K, ...args: Parameters<T[K]>): Promise<Buffer> {
    if (this.closed) return Promise.reject(new AppError(ErrorCode.UNAVAILABLE, { httpStatus: 503 }));
    const free = [...this.slots].some((s) => !s.job) || this.slots.size < this.opts.size;
    if (!free && this.queue.length >= this.opts.queueLimit) return Promise.reject(new AppError(ErrorCode.RENDER_BUSY, { httpStatus: 503 }));
    return new Promise<Buffer>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, task, args, resolve, reject });
      this.pump();
    });
  }

  /** Tasks running and waiting (benchmarks and tests). */
  get pending(): { running: number; queued: number } {
    return { running: [...this.slots].filter((s) => s.job).length, queued: this.queue.length };
  }

  /** Refuses new tasks, fails the waiting ones and terminates every worker (a running task fails). */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new AppError(ErrorCode.UNAVAILABLE, { httpStatus: 503 }));
    await Promise.all([...this.slots].map((s) => s.worker.terminate()));
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.closed) {
      let slot = [...this.slots].find((s) => !s.job);
      if (!slot) {
        if (this.slots.size >= this.opts.size) return;
        slot = this.spawn();
      }
      const job = this.queue.shift()!;
      slot.job = job;
      // An idle worker does not keep the process alive; a busy one does until it answers.
      slot.worker.ref();
      slot.worker.postMessage({ id: job.id, task: job.task, args: job.args } satisfies RenderRequest);
    }
  }

  private spawn(): Slot {
    const file = this.opts.worker;
    const worker = file.pathname.endsWith('.ts') ? tsWorker(file) : new Worker(file, { name: 'render' });
    const slot: Slot = { worker, job: null };
    this.slots.add(slot);
    worker.unref();
    worker.on('message', (reply: RenderReply) => {
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      slot.job = null;
      worker.unref();
      if (reply.ok) job.resolve(Buffer.from(reply.body.buffer, reply.body.byteOffset, reply.body.byteLength));
      else job.reject(new Error(`render task ${job.task} failed: ${reply.message}`));
      this.pump();
    });
    // An uncaught error ends the worker: 'exit' follows and fails its task.
    worker.on('error', (err) => {
      const job = slot.job;
      slot.job = null;
      job?.reject(err);
    });
    worker.on('exit', (code) => {
      this.slots.delete(slot);
      const job = slot.job;
      slot.job = null;
      job?.reject(new Error(`render worker exited (code ${code}) during ${job.task}`));
      // A replacement starts when a waiting task needs it.
      this.pump();
    });
    return slot;
  }
}

/**
 * A worker running TypeScript sources (tests, `npm run dev`). Node 20 does not apply loader hooks
 * given in a worker's execArgv to its entry, so a small script imports it through tsx's API.
 */
function tsWorker(entry: URL): Worker {
  // tsx's ESM API by path: require.resolve would answer its CommonJS build.
  const api = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  const href = JSON.stringify(entry.href);
  return new Worker(`import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${href}, ${href}))`, { eval: true, name: 'render' });
}
