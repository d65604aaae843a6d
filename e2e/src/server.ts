import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
export const SERVER_ENTRY = join(ROOT, 'apps/server/dist/server.mjs');
/** A migrated and seeded data directory (made by src/run.ts) that each server starts from a copy of. */
export const TEMPLATE_ENV = 'E2E_DATA_TEMPLATE';
/** `{ url, dataDir }` of the server src/run.ts started for the files that share one (harness.ts). */
export const SHARED_SERVER_ENV = 'E2E_SHARED_SERVER';
const START_LIMIT_S = 180;
/**
 * V8 flags of the test servers: a test server lives seconds to minutes, and most of its CPU went
 * on optimising code it would barely run again, PGlite's WebAssembly above all. Baseline code
 * only (Liftoff for WebAssembly, no TurboFan for JavaScript) cuts a start on a copy of the seeded
 * data from about 3.6 to 2.1 CPU-seconds and seeding from 8.2 to 6.0 (decision record 0029).
 * `E2E_SERVER_NODE_FLAGS` replaces them ('' runs the server as deployed).
 */
const SERVER_NODE_FLAGS = (process.env.E2E_SERVER_NODE_FLAGS ?? '--liftoff-only').split(/\s+/).filter(Boolean);

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => res(port));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  /** Stops the server (SIGTERM) and removes its data directory unless `keepData`. */
  stop: (opts?: { keepData?: boolean }) => Promise<void>;
}

/**
 * Starts the production build on a free port with a temporary data directory: a copy of the run's
 * seeded template when there is one (and `fromTemplate` is not false), else empty (the server
 * migrates and seeds it). On `port` when given, else on a free one.
 */
export async function startServer(env: Record<string, string> = {}, { fromTemplate = true, port }: { fromTemplate?: boolean; port?: number } = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'medportal-e2e-'));
  const template = process.env[TEMPLATE_ENV];
  if (fromTemplate && template) cpSync(template, dataDir, { recursive: true });
  // A given port (a benchmark's own range) is tried once.
  if (port !== undefined) return startOn(port, dataDir, env);
  // A free port can be taken by another process (the API suite's servers) before ours listens:
  // then the start fails with EADDRINUSE, and it is tried again on another port.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(await freePort(), dataDir, env);
    } catch (err) {
      if (!(err instanceof PortTaken) || attempt === 3) throw err;
    }
  }
}

class PortTaken extends Error {}

/**
 * Whether `pid` holds the listening socket of `port` (Linux: its socket inodes in /proc/net/tcp).
 * Elsewhere it cannot tell, and says yes.
 */
function listensOn(pid: number, port: number): boolean {
  if (!existsSync('/proc/net/tcp')) return true;
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
        if (link.startsWith('socket:[')) inodes.add(link.slice(8, -1));
      } catch {
        // closed meanwhile
      }
    }
  } catch {
    return false;
  }
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(1) : [];
    for (const line of lines) {
      // local address, remote address, state (0A: listening), ..., inode
      const f = line.trim().split(/\s+/);
      if (f[3] === '0A' && parseInt(f[1]?.split(':')[1] ?? '', 16) === port && inodes.has(f[9] ?? '')) return true;
    }
  }
  return false;
}

async function startOn(port: number, dataDir: string, env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    // A plugin may take two minutes to start: a hang guard on a starved machine (README: PLUGIN_TIMEOUT_S).
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PLUGIN_TIMEOUT_S: '120', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  // A hang guard, not a speed check: on a busy shared machine a start can take a minute.
  const deadline = Date.now() + START_LIMIT_S * 1000;
  for (;;) {
    if (child.exitCode !== null) {
      if (log.includes('EADDRINUSE')) throw new PortTaken(`port ${port} was taken`);
      throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    }
    try {
      // Listening and ready (the database answers); and this server, not another process that
      // took the port meanwhile.
      const res = await fetch(`${url}/readyz`);
      if (res.ok && ((await res.json()) as { search?: string }).search === 'ready' && child.pid !== undefined && listensOn(child.pid, port)) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within ${START_LIMIT_S} s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dataDir,
    child,
    output: () => log,
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        // The server exits within its own 10 s shutdown limit; past that it is stuck.
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      if (keepData) {
        if (child.exitCode !== 0) throw new Error(`server did not stop cleanly (${child.exitCode ?? child.signalCode}):\n${log}`);
      } else {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
