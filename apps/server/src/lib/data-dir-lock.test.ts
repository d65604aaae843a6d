import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE, processIdentity } from './data-dir-lock.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'medportal-lock-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('DATA_DIR lock', () => {
  it('writes our pid and refuses a second holder with a clear message', () => {
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').split('\n')[0]).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dir)).toThrowError(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrowError(/another server is using DATA_DIR .*medportal-lock-.*\(pid \d+\)/);
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('refuses while another live process holds it', () => {
    writeFileSync(join(dir, LOCK_FILE), `${process.ppid}\n`);
    expect(() => acquireDataDirLock(dir)).toThrowError(DataDirLockedError);
    writeFileSync(join(dir, LOCK_FILE), `${process.ppid}\n${processIdentity(process.ppid) ?? ''}\n`);
    expect(() => acquireDataDirLock(dir)).toThrowError(`another server is using DATA_DIR ${dir} (pid ${process.ppid})`);
  });

  it('takes over a lock naming our own pid that this process does not hold (restart as PID 1 in a container)', () => {
    writeFileSync(join(dir, LOCK_FILE), `${process.pid}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lock.path, 'utf8').split('\n')[0]).toBe(String(process.pid));
    // Held now: a second acquire in this process refuses.
    expect(() => acquireDataDirLock(dir)).toThrowError(DataDirLockedError);
    lock.release();
  });

  it.skipIf(processIdentity(process.pid) === null)('takes over a lock whose pid now belongs to a later process', () => {
    writeFileSync(join(dir, LOCK_FILE), `${process.ppid}\nnot-the-same-boot:1\n`);
    acquireDataDirLock(dir).release();
  });

  it('takes over a lock left by a dead process', () => {
    const child = spawnSync(process.execPath, ['-e', '0']);
    expect(child.pid).toBeGreaterThan(0);
    writeFileSync(join(dir, LOCK_FILE), `${child.pid}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lock.path, 'utf8').split('\n')[0]).toBe(String(process.pid));
    // The stale file is gone; the next process sees ours.
    expect(readdirSync(dir)).toEqual([`${LOCK_FILE}.1`]);
    expect(() => acquireDataDirLock(dir)).toThrowError(DataDirLockedError);
    lock.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('lets exactly one of several processes racing to take over a stale lock win, round after round', { timeout: 120_000 }, async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    const moduleUrl = new URL('./data-dir-lock.ts', import.meta.url).href;
    // Each racer: on "go <dir> <time>" spins until that moment (so all start together), tries the
    // lock, says "won" or "lost", and on "release" lets it go.
    const racer = `
      import { createInterface } from 'node:readline';
      const { acquireDataDirLock } = await import(${JSON.stringify(moduleUrl)});
      let lock;
      for await (const line of createInterface({ input: process.stdin })) {
        const [cmd, dir, at] = line.split(' ');
        if (cmd === 'go') {
          while (Date.now() < Number(at));
          try { lock = acquireDataDirLock(dir); console.log('won'); } catch { console.log('lost'); }
        } else { lock?.release(); lock = undefined; console.log('released'); }
      }`;
    const cwd = fileURLToPath(new URL('.', import.meta.url));
    const racers: ChildProcessWithoutNullStreams[] = Array.from({ length: 4 }, () =>
      spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', racer], { cwd }),
    );
    const lines = racers.map((r) => createInterface({ input: r.stdout })[Symbol.asyncIterator]());
    const next = async () => Promise.all(lines.map(async (l) => (await l.next()).value as string));
    try {
      const rounds = 40;
      let bothWon = 0;
      for (let round = 0; round < rounds; round++) {
        rmSync(dir, { recursive: true, force: true });
        mkdirSync(dir);
        writeFileSync(join(dir, round % 2 ? `${LOCK_FILE}.3` : LOCK_FILE), `${dead}\n`);
        const at = Date.now() + (round === 0 ? 3000 : 30);
        for (const r of racers) r.stdin.write(`go ${dir} ${at}\n`);
        const results = await next();
        const winners = results.filter((r) => r === 'won').length;
        if (winners !== 1) bothWon++;
        for (const r of racers) r.stdin.write('release\n');
        expect(await next()).toEqual(racers.map(() => 'released'));
      }
      expect(bothWon).toBe(0);
    } finally {
      for (const r of racers) r.kill();
    }
  });

  it('creates DATA_DIR when missing and never deletes a lock it does not own', () => {
    const nested = join(dir, 'a', 'b');
    const lock = acquireDataDirLock(nested);
    writeFileSync(join(nested, LOCK_FILE), `${process.ppid}\n`);
    lock.release();
    expect(existsSync(join(nested, LOCK_FILE))).toBe(true);
  });
});
