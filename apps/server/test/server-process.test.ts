import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../src/paths.ts';

/** Real processes through tsx: the DATA_DIR lock, the seed CLI's respect for it, and SIGTERM. */

const dataDir = mkdtempSync(join(tmpdir(), 'medportal-proc-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
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

function run(script: string, port: number, args: string[] = []) {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'production' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: serverRoot(), env });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('server process', () => {
  it('locks DATA_DIR: a second server and the seed CLI refuse at once; SIGTERM stops cleanly', async () => {
    const port = await freePort();
    const first = run('src/server.ts', port);
    await waitFor(() => first.out().includes('medportal server ready'), 25_000);
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(true);
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
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);

    // With the server gone the CLI runs, and reseeds the existing data.
    const reseed = run('src/seed-cli.ts', port, ['--reset']);
    expect(await reseed.exited).toBe(0);
    expect(reseed.out()).toMatch(/reseeded: departments=52 .*courses=45/);
  });
});
