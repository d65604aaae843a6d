// `npm test`: runs the stages side by side where nothing orders them (e2e needs the build), stops
// them all at the first failure, and prints how long each took and the CPU time it used.
// `node scripts/test.mjs <stage>...` runs only the named stages (the same way, the same table).
//
// Side by side because no stage keeps two cores busy on its own: the API suite waits on
// PostgreSQL and on server processes, e2e on Chromium and its servers, and the static checks
// are short (decision record 0037). Each stage's output is held and printed whole when it ends,
// so the log reads one stage at a time.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, setPriority } from 'node:os';

const STAGES = [
  { name: 'typecheck', cmd: 'npm', args: ['run', '-s', 'typecheck'] },
  { name: 'lint', cmd: 'npm', args: ['run', '-s', 'lint'] },
  // The web project on its own, in one worker: each Vitest worker loads jsdom and the app again,
  // and sharing the API suite's workers cost about 25 CPU-seconds more than this split.
  { name: 'unit+api', cmd: 'npm', args: ['run', '-s', 'test:unit', '--', '--project', '!web'] },
  { name: 'web-unit', cmd: 'npm', args: ['run', '-s', 'test:unit', '--', '--project', 'web', '--maxWorkers=1'] },
  { name: 'build', cmd: 'npm', args: ['run', '-s', 'build'] },
  // Slightly lower priority: the API suite, which cannot use both cores alone, should not be left
  // running by itself at the end while e2e, which nearly can, has finished.
  { name: 'e2e', cmd: 'npm', args: ['test', '-s', '-w', 'e2e'], after: 'build', nice: 2 },
];

/** `--stage-cpu <cmd> <args…>`: runs one command and reports the CPU time it and its children used. */
if (process.argv[2] === '--stage-cpu') {
  const child = spawn(process.argv[3], process.argv.slice(4), { stdio: 'inherit' });
  child.on('error', (err) => {
    console.error(err);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    process.send?.({ cpuMs: childCpuMs() });
    process.exit(code ?? (signal ? 1 : 0));
  });
  process.on('SIGTERM', () => child.kill('SIGTERM'));
} else {
  await main();
}

/**
 * CPU time of this process's finished children (Linux /proc; null elsewhere). It counts every
 * process a stage started that was waited for, Chromium's renderers included (decision 0029).
 */
function childCpuMs() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 16 and 17 (cutime, cstime) counted from the state field (3): indexes 13 and 14, in 1/100 s.
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return null;
  }
}

async function main() {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((w) => !STAGES.some((s) => s.name === w));
  if (unknown.length > 0) {
    console.error(`unknown stage(s): ${unknown.join(', ')}; stages: ${STAGES.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }
  const stages = wanted.length > 0 ? STAGES.filter((s) => wanted.includes(s.name)) : STAGES;
  const pageMicros = freshPageMicros();
  const started = Date.now();
  const results = new Map();
  const running = new Map();
  let failed = null;

  const run = (stage) =>
    new Promise((resolve) => {
      const t0 = Date.now();
      // Its own process group, so a failure elsewhere can stop the stage and everything it started.
      const child = spawn(process.execPath, [import.meta.filename, '--stage-cpu', stage.cmd, ...stage.args], {
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
        detached: true,
      });
      // Set before the wrapper has started anything, so everything the stage starts inherits it.
      if (stage.nice && child.pid) lowerPriority(child.pid, stage.nice);
      running.set(stage.name, child);
      const output = [];
      child.stdout.on('data', (c) => output.push(c));
      child.stderr.on('data', (c) => output.push(c));
      let cpuMs = null;
      child.on('message', (m) => (cpuMs = m.cpuMs));
      const closed = new Promise((r) => child.on('close', r));
      child.on('exit', async (code, signal) => {
        // The rest of its output, unless something it left behind still holds the pipe open.
        await Promise.race([closed, new Promise((r) => setTimeout(r, 2000))]);
        running.delete(stage.name);
        const ms = Date.now() - t0;
        const stopped = failed !== null && failed.name !== stage.name && code !== 0;
        const ok = code === 0;
        results.set(stage.name, { ms, cpuMs, ok, stopped });
        console.log(`\n── ${stage.name}: ${ok ? 'ok' : stopped ? 'stopped' : `FAILED (exit ${code ?? signal})`} in ${seconds(ms)} ──`);
        process.stdout.write(Buffer.concat(output));
        if (!ok && !failed) {
          failed = { name: stage.name, code: code ?? 1 };
          for (const other of running.values()) stop(other);
        }
        resolve(ok);
      });
    });

  const done = new Map();
  const heartbeat = setInterval(() => {
    if (running.size > 0) console.log(`… ${seconds(Date.now() - started)}: ${[...running.keys()].join(', ')} running`);
  }, 30_000);
  await Promise.all(
    stages.map((stage) => {
      const promise = (async () => {
        const before = stage.after && stages.some((s) => s.name === stage.after) ? await done.get(stage.after) : true;
        if (!before || failed) return false;
        return run(stage);
      })();
      done.set(stage.name, promise);
      return promise;
    }),
  );
  clearInterval(heartbeat);

  const width = Math.max(...stages.map((s) => s.name.length), 'total'.length) + 2;
  const row = (name, wall, cpu, note = '') => console.log(`${name.padEnd(width)}${wall.padStart(9)}${cpu.padStart(10)}${note}`);
  console.log('');
  row('stage', 'wall', 'cpu');
  let totalCpu = 0;
  for (const s of stages) {
    const r = results.get(s.name);
    if (!r) {
      row(s.name, '-', '-', '  not run');
      continue;
    }
    if (r.cpuMs === null) totalCpu = NaN;
    else totalCpu += r.cpuMs;
    row(s.name, seconds(r.ms), r.cpuMs === null ? '-' : seconds(r.cpuMs), r.ok ? '' : r.stopped ? '  stopped' : '  FAILED');
  }
  row('total', seconds(Date.now() - started), Number.isNaN(totalCpu) ? '-' : seconds(totalCpu), '  (stages side by side)');
  // Shared machines: the load says how much of the time was someone else's, and the cost of fresh
  // memory how fast this machine is at what the stages do most (start processes and renderers).
  console.log(
    `(${availableParallelism()} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}; ` +
      `fresh memory ${pageMicros.toFixed(1)} µs per 4 KiB page before the run)`,
  );
  if (failed) {
    console.error(`\n${failed.name} failed (exit ${failed.code})`);
    process.exit(failed.code || 1);
  }
}

/**
 * Microseconds to bring one fresh 4 KiB page into use. A virtual machine that hands freed memory
 * back to its host pays for each page again (14 µs on an idle two-core VM, against 1.3 per 4 KiB
 * when the same memory came in huge pages), and then every process, heap and browser renderer
 * the run starts costs several times its usual CPU time: a figure to read the others by.
 */
function freshPageMicros() {
  const size = 64 * 1024 * 1024;
  const t0 = process.hrtime.bigint();
  const block = Buffer.allocUnsafeSlow(size);
  for (let i = 0; i < size; i += 4096) block[i] = 1;
  return Number(process.hrtime.bigint() - t0) / 1000 / (size / 4096);
}

/**
 * Lowers a stage's share of the cores. A detached stage is a session of its own, and where the
 * kernel groups sessions for scheduling (autogroup, on by default on desktop-style kernels, as on
 * the machines this runs on) sessions share the cores equally whatever their processes' nice
 * values: there only the session's own nice value (`/proc/<pid>/autogroup`) weighs. Elsewhere the
 * process's nice value, which everything the stage starts inherits, does the same.
 */
function lowerPriority(pid, nice) {
  try {
    setPriority(pid, nice);
  } catch {
    // not permitted here: run at the normal priority
  }
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(nice));
  } catch {
    // no autogroup scheduling (another OS, or a kernel without it): the nice value above holds
  }
}

function stop(child) {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}
