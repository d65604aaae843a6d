import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const LOCK_FILE = 'server.lock';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    lockPath: string = join(dataDir, LOCK_FILE),
  ) {
    super(
      `another server is using DATA_DIR ${dataDir} (pid ${pid}). Stop it first or choose another DATA_DIR; ` +
        `if no such process is running, delete ${lockPath}.`,
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
 * Lock files by generation: `server.lock` is generation 0, a takeover writes `server.lock.<n+1>`.
 * The newest generation is the lock; older ones are leftovers a takeover deletes.
 */
function generationOf(name: string): number | null {
  if (name === LOCK_FILE) return 0;
  const m = /^server\.lock\.([1-9]\d{0,8})$/.exec(name);
  return m ? Number(m[1]) : null;
}

function lockName(generation: number): string {
  return generation === 0 ? LOCK_FILE : `${LOCK_FILE}.${generation}`;
}

/** Generations present in the directory, newest first. */
function generations(dir: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync(dir)) {
    const g = generationOf(name);
    if (g !== null) found.push(g);
  }
  return found.sort((a, b) => b - a);
}

/**
 * Creates `path` with `text` only if it does not exist, whole: written to a private file first and
 * hard-linked into place, so nobody ever reads it half-written. False when it exists already.
 */
function createWhole(dir: string, path: string, text: string): boolean {
  const tmp = join(dir, `${LOCK_FILE}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`);
  writeFileSync(tmp, text, { mode: 0o644 });
  try {
    linkSync(tmp, path);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // A file system without hard links: an exclusive create (an empty file for a moment, see below).
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw err;
    try {
      writeFileSync(path, text, { flag: 'wx', mode: 0o644 });
      return true;
    } catch (createErr) {
      if ((createErr as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw createErr;
    }
  } finally {
    rmSync(tmp, { force: true });
  }
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/**
 * Takes the single-process lock on DATA_DIR: PGlite corrupts a data directory that two processes
 * open. The lock file holds our pid, start identity and a random tag. A lock left by a process that
 * is gone (dead pid, our own pid after a restart, a reused pid) is taken over by creating the next
 * generation's file exclusively, never by deleting the old one first: of processes racing to take
 * over the same stale lock exactly one creates that file (decision 0047).
 * Throws DataDirLockedError when a running process (this one included) holds it.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const dir = resolve(dataDir);
  const text = `${process.pid}\n${processIdentity(process.pid) ?? ''}\n${randomBytes(12).toString('hex')}\n`;
  for (let attempt = 0; attempt < 10; attempt++) {
    const newest = generations(dir)[0];
    let next = 0;
    if (newest !== undefined) {
      const current = join(dir, lockName(newest));
      const holder = readHolder(current);
      if (holder !== null && holderRunning(current, holder)) throw new DataDirLockedError(dataDir, holder.pid, current);
      // An empty file this young is a process of an older version between create and write: not stale.
      if (holder === null && Date.now() - mtimeMs(current) < 5_000) throw new DataDirLockedError(dataDir, 0, current);
      next = newest + 1;
    }
    const path = join(dir, lockName(next));
    if (!createWhole(dir, path, text)) continue;
    // A generation newer than ours, or ours gone (a newer holder's clean-up deleted it): we lost the
    // race to someone who saw an older lock; step back and look again.
    const after = generations(dir);
    if ((after[0] ?? -1) > next || readText(path) !== text) {
      if (readText(path) === text) rmSync(path, { force: true });
      continue;
    }
    for (const g of after) if (g < next) rmSync(join(dir, lockName(g)), { force: true });
    heldHere.add(path);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      heldHere.delete(path);
      process.off('exit', release);
      // Never delete a lock another process took over.
      if (readText(path) === text) rmSync(path, { force: true });
    };
    process.on('exit', release);
    return { path, release };
  }
  throw new Error(`could not take the lock in ${dir}; other processes keep replacing it`);
}
