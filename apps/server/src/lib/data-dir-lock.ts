import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

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

/** Lock files this process holds right now (a second acquire in the same process must refuse). */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * What tells one process from a later one that got the same pid (Linux): the boot id plus the
 * process's start time in clock ticks since boot. Null where /proc is not available.
 */
export function processIdentity(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const startTicks = fields[19];
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return startTicks ? `${bootId}:${startTicks}` : null;
  } catch {
    return null;
  }
}

interface Holder {
  pid: number;
  /** processIdentity() of the holder when it wrote the lock; null in locks without one. */
  identity: string | null;
}

function readHolder(path: string): Holder | null {
  try {
    const [first, second] = readFileSync(path, 'utf8').split('\n');
    const pid = Number.parseInt((first ?? '').trim(), 10);
    if (!Number.isInteger(pid) || pid <= 0) return null;
    return { pid, identity: second?.trim() || null };
  } catch {
    return null;
  }
}

/**
 * Whether a lock's holder is still running. Our own pid is not (unless this process holds the lock):
 * a server killed while running as PID 1 in a container comes back as PID 1. A live process with a
 * different start identity is a later process that reused the pid.
 */
function holderRunning(path: string, holder: Holder): boolean {
  if (holder.pid === process.pid) return heldHere.has(path);
  if (!isAlive(holder.pid)) return false;
  if (holder.identity === null) return true;
  const now = processIdentity(holder.pid);
  return now === null || now === holder.identity;
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
 * open. The lock file is created with O_EXCL and holds our pid and start identity. A lock left by
 * a process that is gone (dead pid, our own pid after a restart, a reused pid) is taken over.
 * Throws DataDirLockedError when a running process (this one included) holds it.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = resolve(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o644);
      try {
        writeSync(fd, `${process.pid}\n${processIdentity(process.pid) ?? ''}\n`);
      } finally {
        closeSync(fd);
      }
      heldHere.add(path);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(path);
        process.off('exit', release);
        // Never delete a lock another process took over.
        if (readHolder(path)?.pid === process.pid) {
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
    const holder = readHolder(path);
    if (holder !== null && holderRunning(path, holder)) throw new DataDirLockedError(dataDir, holder.pid);
    // An empty file this young is another process between create and write: not stale.
    if (holder === null && Date.now() - mtimeMs(path) < 5_000) throw new DataDirLockedError(dataDir, 0);
    // Stale: remove it and retry the exclusive create.
    try {
      unlinkSync(path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  throw new Error(`could not take the lock ${path}; another process keeps replacing it`);
}
