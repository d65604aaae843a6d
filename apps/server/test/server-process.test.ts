import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { processIdentity } from '../src/lib/data-dir-lock.ts';
import { serverRoot } from '../src/paths.ts';
import { dump } from './build-test-app.ts';
import { TEST_ENV } from './template.ts';

/**
 * Real processes of the bundled server and seed CLI: the DATA_DIR lock, the seed CLI's respect for
 * it, and SIGTERM. Bundled once into a folder of its own (the way `npm start` runs them): a process
 * through tsx compiles the whole server again at every start.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'medportal-proc-'));
const children: ChildProcess[] = [];
const cleanup: string[] = [dataDir];
// Inside apps/server, so the bundle's npm imports resolve from its node_modules.
const bundleDir = `.test-dist/${process.pid}-${Date.now()}`;
const bundled = { 'src/server.ts': 'server.mjs', 'src/seed-cli.ts': 'seed.mjs' } as const;

beforeAll(() => {
  const built = spawnSync(process.execPath, ['build.mjs', '--outdir', bundleDir], { cwd: serverRoot(), encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`bundling the server failed: ${built.stderr}`);
  cleanup.push(join(serverRoot(), bundleDir));
});

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function run(script: keyof typeof bundled, port: number, args: string[] = [], extraEnv: NodeJS.ProcessEnv = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'production', CARD_ENCRYPTION_KEY: '11'.repeat(32), CERT_SIGNING_KEY: '22'.repeat(32), PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, PLUGIN_TIMEOUT_S: TEST_ENV.PLUGIN_TIMEOUT_S, ...extraEnv };
  delete env.DATABASE_URL;
  // --liftoff-only: a short-lived server spends most of a start optimising PGlite's WebAssembly.
  const child = spawn(process.execPath, ['--liftoff-only', join(bundleDir, bundled[script]), ...args], { cwd: serverRoot(), env });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

/**
 * A hang guard for a server's start, which seeds the demo content when the run has no template
 * (below): beside e2e on a starved two-core machine (fresh memory slow, Chromium at a higher
 * priority) such a start took over three minutes.
 */
const START_LIMIT_MS = 420_000;

/**
 * Puts a copy of the run's seeded template (test/template.ts) where a server with `DATA_DIR=dir`
 * finds its database, so the server starts on existing data instead of seeding it: the seed is
 * covered by the reseed below and by test/seed.test.ts. Without a template the server seeds.
 */
async function fillFromTemplate(dir: string): Promise<void> {
  const seeded = inject('templates')?.pglite?.seeded;
  if (!seeded) return;
  const client = await PGlite.create(join(dir, 'pglite'), { loadDataDir: dump(seeded) });
  await client.close();
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('server process', () => {
  it('refuses with exit code 1 while a live other process holds the DATA_DIR lock', { timeout: 120_000 }, async () => {
    const held = mkdtempSync(join(tmpdir(), 'medportal-held-'));
    cleanup.push(held);
    // This test process is alive and is not the server: a real holder.
    writeFileSync(join(held, 'server.lock'), `${process.pid}\n${processIdentity(process.pid) ?? ''}\n`);
    const server = run('src/server.ts', await freePort(), [], { DATA_DIR: held });
    expect(await server.exited).toBe(1);
    expect(server.err()).toContain(`another server is using DATA_DIR ${held} (pid ${process.pid})`);
  });

  it('locks DATA_DIR: a second server and the seed CLI refuse at once; SIGTERM stops cleanly', { timeout: 600_000 }, async () => {
    const port = await freePort();
    // A lock left by a crashed server (a pid that no longer runs) does not stop the next start.
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    mkdirSync(dataDir, { recursive: true });
    await fillFromTemplate(dataDir);
    writeFileSync(join(dataDir, 'server.lock'), `${dead}\n`);
    const first = run('src/server.ts', port);
    await waitFor(() => first.out().includes('medportal server ready'), START_LIMIT_MS);
    // Taken over as the next generation: server.lock.1 replaces the stale server.lock.
    expect(readdirSync(dataDir).filter((n) => n.startsWith('server.lock'))).toEqual(['server.lock.1']);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);

    const second = run('src/server.ts', await freePort());
    expect(await second.exited).toBe(1);
    expect(second.err()).toContain(`another server is using DATA_DIR ${dataDir}`);

    const seed = run('src/seed-cli.ts', port, ['--reset']);
    expect(await seed.exited).toBe(1);
    expect(seed.err()).toContain('another server is using DATA_DIR');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.out()).toContain('"msg":"stopped"');
    expect(readdirSync(dataDir).filter((n) => n.startsWith('server.lock'))).toEqual([]);

    // With the server gone the CLI runs, and reseeds the existing data.
    const reseed = run('src/seed-cli.ts', port, ['--reset']);
    expect(await reseed.exited).toBe(0);
    expect(reseed.out()).toMatch(/reseeded: departments=52 .*courses=45/);
  });
});

interface Answer {
  status: number;
  connection: string | undefined;
}

/**
 * A keep-alive HTTP/1.1 connection read by hand: it records every answer, whether the server
 * closed it cleanly ('end') or reset it, so nothing a client library retries is hidden.
 */
class RawConnection {
  readonly answers: Answer[] = [];
  error: string | undefined;
  readonly closed: Promise<void>;
  private buffer = Buffer.alloc(0);
  private waiting: Array<{ count: number; resolve: () => void }> = [];
  private readonly socket: Socket;

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.connected = new Promise((resolve) => this.socket.once('connect', () => resolve()));
    this.socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.parse();
    });
    this.socket.on('error', (err: NodeJS.ErrnoException) => (this.error = err.code ?? err.message));
    this.closed = new Promise((resolve) => this.socket.on('close', () => resolve()));
  }

  readonly connected: Promise<void>;

  send(paths: string[]): void {
    this.socket.write(paths.map((p) => `GET ${p} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`).join(''));
  }

  /** Writes raw requests in one go; resolves once the bytes are handed to the kernel. */
  write(requests: string[]): Promise<void> {
    return new Promise((resolve) => this.socket.write(requests.join(''), () => resolve()));
  }

  /** Resolves once `count` answers have arrived in all. */
  answered(count: number): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push({ count, resolve });
      this.parse();
    });
  }

  private parse(): void {
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) break;
      const head = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
      const headers = new Map(head.slice(1).map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const length = Number(headers.get('content-length') ?? 0);
      if (this.buffer.length < end + 4 + length) break;
      this.answers.push({ status: Number(head[0]?.split(' ')[1]), connection: headers.get('connection') });
      this.buffer = this.buffer.subarray(end + 4 + length);
    }
    this.waiting = this.waiting.filter((w) => (this.answers.length >= w.count ? (w.resolve(), false) : true));
  }
}

describe('graceful shutdown', () => {
  it('answers every request already sent on keep-alive connections, closes idle ones cleanly, exits 0', { timeout: 600_000 }, async () => {
    const port = await freePort();
    // Its own data directory: independent of the lock test above.
    const ownDir = mkdtempSync(join(tmpdir(), 'medportal-drain-'));
    cleanup.push(ownDir);
    await fillFromTemplate(ownDir);
    const server = run('src/server.ts', port, [], { DATA_DIR: ownDir, SHUTDOWN_DRAIN_S: '10' });
    await waitFor(() => server.out().includes('medportal server ready'), START_LIMIT_MS);

    // Warm keep-alive connections: each has answered once and now sits idle, as in a browser's pool.
    const busy = Array.from({ length: 10 }, () => new RawConnection(port));
    const idle = Array.from({ length: 3 }, () => new RawConnection(port));
    for (const c of [...busy, ...idle]) c.send(['/healthz']);
    await Promise.all([...busy, ...idle].map((c) => c.answered(1)));

    // 30 requests (three pipelined per connection), then SIGTERM at once, without waiting for them.
    for (const c of busy) c.send(['/v1/pc_index', '/v1/relate_site', '/v1/pc/course?page=1&page_size=10']);
    server.child.kill('SIGTERM');

    await Promise.all([...busy, ...idle].map((c) => c.closed));
    expect(await server.exited).toBe(0);
    for (const c of busy) {
      expect(c.error).toBeUndefined();
      expect(c.answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    }
    for (const c of idle) expect(c.error).toBeUndefined();
    expect(server.out()).toContain('"msg":"stopped"');

    // No one listens any more.
    const refused = await new Promise<string>((resolve) => {
      const s = connect(port, '127.0.0.1');
      s.on('connect', () => resolve('connected'));
      s.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });

  it('answers every request fully sent before SIGTERM, on warm and on new connections, POSTs too, round after round', { timeout: 600_000 }, async () => {
    const ownDir = mkdtempSync(join(tmpdir(), 'medportal-burst-'));
    cleanup.push(ownDir);
    await fillFromTemplate(ownDir);
    const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
    const post = (path: string, body: object) => {
      const text = JSON.stringify(body);
      return `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`;
    };
    const login = post('/v1/user/login', { type: 'password', account: '13900000099', country_code: '86', password: 'Wrong-password-1' });
    for (let round = 0; round < 3; round++) {
      const port = await freePort();
      const server = run('src/server.ts', port, [], { DATA_DIR: ownDir, SHUTDOWN_DRAIN_S: '10' });
      await waitFor(() => server.out().includes('medportal server ready'), START_LIMIT_MS);
      // Warm keep-alive connections (answered once, now idle) and new ones, connected but not yet
      // accepted by the server's loop when the signal comes.
      const warm = Array.from({ length: 15 }, () => new RawConnection(port));
      for (const c of warm) c.send(['/healthz']);
      await Promise.all(warm.map((c) => c.answered(1)));
      const fresh = Array.from({ length: 15 }, () => new RawConnection(port));
      await Promise.all(fresh.map((c) => c.connected));
      // 60 requests, two pipelined on each connection (cached reads, POSTs), all written, then SIGTERM.
      await Promise.all([
        ...warm.map((c, i) => c.write([get('/v1/pc_index'), i % 2 ? login : get('/v1/relate_site')])),
        ...fresh.map((c, i) => c.write([i % 2 ? login : get('/v1/pc/course?page=1&page_size=10'), get('/healthz')])),
      ]);
      server.child.kill('SIGTERM');
      await Promise.all([...warm, ...fresh].map((c) => c.closed));
      expect(await server.exited).toBe(0);
      const outcome = (c: RawConnection) => ({ statuses: c.answers.map((a) => a.status), error: c.error });
      expect(warm.map(outcome)).toEqual(warm.map(() => ({ statuses: [200, 200, 200], error: undefined })));
      expect(fresh.map(outcome)).toEqual(fresh.map(() => ({ statuses: [200, 200], error: undefined })));
    }
  });
});
