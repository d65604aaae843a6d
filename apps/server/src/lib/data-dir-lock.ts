import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'server.lock';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `another server is using DATA_DIR ${dataDir} (pid ${pid}). Stop it first or choose another DATA_DIR; ` +
        `if no such process is running, delete ${join(dataDir, LOCK_FILE)}.`,
    );
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function mtimeMs(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Takes the single-process lock on DATA_DIR: PGlite corrupts a data directory that two processes
 * open. The lock file is created with O_EXCL and holds our pid; a lock left by a dead process is
 * taken over. Throws DataDirLockedError when a live process (this one included) holds it.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o644);
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        // Never delete a lock another process took over.
        if (readPid(path) === process.pid) {
          try {
            unlinkSync(path);
          } catch {
            /* already gone */
          }
        }
      };
      process.on('exit', release);
      return { path, release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readPid(path);
    if (holder !== null && isAlive(holder)) throw new DataDirLockedError(dataDir, holder);
    // An empty file this young is another process between create and write: not stale.
    if (holder === null && Date.now() - mtimeMs(path) < 5_000) throw new DataDirLockedError(dataDir, 0);
    // Stale (dead pid, or garbage): remove it and retry the exclusive create.
    try {
      unlinkSync(path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  throw new Error(`could not take the lock ${path}; another process keeps replacing it`);
}
