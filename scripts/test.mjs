// `npm test`: runs the stages in order, stops at the first failure, and prints how long each took.
// `node scripts/test.mjs <stage>...` runs only the named stages (same order, same table).
// Stages of one `group` run side by side: typecheck is parallel already, but type-aware lint is a
// single thread, so running them together uses both cores of a small machine.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

const STAGES = [
  { name: 'typecheck', cmd: 'npm', args: ['run', '-s', 'typecheck'], group: 'static' },
  { name: 'lint', cmd: 'npm', args: ['run', '-s', 'lint'], group: 'static' },
  { name: 'unit+api', cmd: 'npm', args: ['run', '-s', 'test:unit'] },
  { name: 'build', cmd: 'npm', args: ['run', '-s', 'build'] },
  { name: 'e2e', cmd: 'npm', args: ['test', '-s', '-w', 'e2e'] },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !STAGES.some((s) => s.name === w));
if (unknown.length > 0) {
  console.error(`unknown stage(s): ${unknown.join(', ')}; stages: ${STAGES.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const stages = wanted.length > 0 ? STAGES.filter((s) => wanted.includes(s.name)) : STAGES;

function run(stage) {
  return new Promise((resolve) => {
    const child = spawn(stage.cmd, stage.args, { stdio: 'inherit' });
    child.on('error', (err) => {
      console.error(err);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * CPU seconds used by finished child processes (Linux /proc; null elsewhere). On a shared machine
 * this says what a stage costs when the wall time is stretched by other people's work.
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

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const results = [];
const started = Date.now();
let failed = null;
// Consecutive stages of one group form one batch; CPU time is counted per batch.
const batches = [];
for (const stage of stages) {
  const last = batches.at(-1);
  if (last && stage.group && last[0].group === stage.group) last.push(stage);
  else batches.push([stage]);
}
for (const batch of batches) {
  console.log(`\n── ${batch.map((s) => s.name).join(' + ')} ──`);
  const cpu0 = childCpuMs();
  const t0 = Date.now();
  const codes = await Promise.all(
    batch.map(async (stage) => {
      const code = await run(stage);
      return { stage, code, ms: Date.now() - t0 };
    }),
  );
  const cpu1 = childCpuMs();
  const cpuMs = cpu0 === null || cpu1 === null ? null : cpu1 - cpu0;
  for (const [i, { stage, code, ms }] of codes.entries()) {
    // A batch's CPU time is shown once, on its first row.
    results.push({ name: stage.name, ms, cpuMs: i === 0 ? cpuMs : 0, shared: batch.length > 1, ok: code === 0 });
    if (code !== 0 && !failed) failed = { name: stage.name, code };
  }
  if (failed) break;
}

const width = Math.max(...results.map((r) => r.name.length), 'total'.length) + 2;
const row = (name, wall, cpu, note = '') => console.log(`${name.padEnd(width)}${wall.padStart(9)}${cpu.padStart(10)}${note}`);
console.log('');
row('stage', 'wall', 'cpu');
for (const r of results) {
  const cpu = r.cpuMs === null ? '-' : r.shared && r.cpuMs === 0 ? '(above)' : seconds(r.cpuMs);
  row(r.name, seconds(r.ms), cpu, `${r.shared ? '  side by side' : ''}${r.ok ? '' : '  FAILED'}`);
}
for (const s of stages.slice(results.length)) row(s.name, '-', '-', '  not run');
const totalCpu = results.every((r) => r.cpuMs !== null) ? seconds(results.reduce((sum, r) => sum + r.cpuMs, 0)) : '-';
row('total', seconds(Date.now() - started), totalCpu);
// Shared machines: the load says how much of the time was someone else's.
console.log(`(${availableParallelism()} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')})`);
if (failed) {
  console.error(`\n${failed.name} failed (exit ${failed.code})`);
  process.exit(failed.code);
}
