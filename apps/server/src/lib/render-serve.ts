import { parentPort } from 'node:worker_threads';

/** Drawing functions a render worker offers, by name: plain-data arguments in, file bytes out. */
export type RenderTasks = Record<string, (...args: never[]) => Promise<Uint8Array>>;

export interface RenderRequest {
  id: number;
  task: string;
  args: unknown[];
}
export type RenderReply = { id: number; ok: true; body: Uint8Array } | { id: number; ok: false; message: string };

/**
 * The worker's side of lib/render-pool.ts: answers each request with its task's bytes (moved, not
 * copied). Apart from the pool so a worker loads nothing else of the server.
 */
export function serveRenderTasks(tasks: RenderTasks): void {
  const port = parentPort;
  if (!port) throw new Error('serveRenderTasks runs in a worker thread');
  port.on('message', (req: RenderRequest) => {
    const fn = tasks[req.task] as ((...args: unknown[]) => Promise<Uint8Array>) | undefined;
    const run = fn ? fn(...req.args) : Promise.reject(new Error(`unknown render task ${req.task}`));
    run.then(
      (bytes) => {
        // Small Buffers share a pooled ArrayBuffer: move only one that is the file's alone.
        const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
        port.postMessage({ id: req.id, ok: true, body: own } satisfies RenderReply, [own.buffer as ArrayBuffer]);
      },
      (err: unknown) => port.postMessage({ id: req.id, ok: false, message: err instanceof Error ? err.message : String(err) } satisfies RenderReply),
    );
  });
}
