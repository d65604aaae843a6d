import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').split('\n')[0]).toBe(String(process.pid));
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
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').split('\n')[0]).toBe(String(process.pid));
    lock.release();
  });

  it('creates DATA_DIR when missing and never deletes a lock it does not own', () => {
    const nested = join(dir, 'a', 'b');
    const lock = acquireDataDirLock(nested);
    writeFileSync(join(nested, LOCK_FILE), `${process.ppid}\n`);
    lock.release();
    expect(existsSync(join(nested, LOCK_FILE))).toBe(true);
  });
});
