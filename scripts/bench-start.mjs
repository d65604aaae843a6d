// Restart benchmark (issue 33): on an existing data directory (or PostgreSQL database), the time
// from spawning the server to its port listening, and to the first 200 of GET / with the
// server-rendered home page (a shell page the browser would render counts as a miss). Target:
// the first page <= 2 s after the process starts.
//
// Each build gets its own data: a first start seeds it (not measured), then BENCH_RUNS (5)
// restarts are measured. BENCH_COMPARE=<an older build's server.mjs> measures that build too,
// alternately with this one (base, new, new, base, ...), so the machine's other load weighs on
// both alike; the load average is printed beside the figures. `cpu` is the server's CPU time
// (user + system) when its first page arrived: it moves less with other load than the clock does;
// in brackets its main thread's (without V8's background threads: WebAssembly tier-up, GC helpers).
//
// BENCH_SERVER another build of this one (apps/server/dist/server.mjs), BENCH_DB=pglite|postgres
// runs one, BENCH_DATABASE_URL the PostgreSQL server (postgres://postgres@127.0.0.1:5432/postgres;
// skipped when it does not answer), BENCH_DB_PREFIX (bench_start_) the databases' name prefix,
// BENCH_DATA_PREFIX (<tmp>/bench-start-) the data directories', BENCH_PORT_BASE a first port to
// use (else free ports), BENCH_ENV=production runs as in production.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { admin, databaseUrl, freePort, sleep } from './bench-lib.mjs';

const root = new URL('..', import.meta.url).pathname;
const entry = process.env.BENCH_SERVER ?? join(root, 'apps/server/dist/server.mjs');
const compareEntry = process.env.BENCH_COMPARE;
const runs = Number(process.env.BENCH_RUNS ?? 5);
const only = process.env.BENCH_DB;
const dbPrefix = process.env.BENCH_DB_PREFIX ?? 'bench_start_';
const dataPrefix = process.env.BENCH_DATA_PREFIX ?? join(tmpdir(), 'bench-start-');
const production = process.env.BENCH_ENV === 'production';
let nextPort = process.env.BENCH_PORT_BASE ? Number(process.env.BENCH_PORT_BASE) : null;
const TARGET_PAGE_MS = 2000;
const START_TIMEOUT_MS = 120_000;

const bindable = (p) =>
  new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(p, '127.0.0.1', () => s.close(() => resolve(true)));
  });

/** A free port: the next one from BENCH_PORT_BASE that binds (outgoing connections take some), or any. */
async function port() {
  if (nextPort === null) return freePort();
  while (!(await bindable(nextPort))) nextPort++;
  return nextPort++;
}

/** The process's CPU time so far in ms, or its main thread's with `mainThread` (Linux /proc; null elsewhere). */
function cpuMs(pid, mainThread = false) {
  try {
    const fields = readFileSync(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Spawns the server (as `npm start` does); resolves its times once GET / answered. */
async function start(serverEntry, db, { measure }) {
  const p = await port();
  const env = { ...process.env, PORT: String(p), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...db };
  if (production) {
    Object.assign(env, {
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: `http://127.0.0.1:${p}`,
      CARD_ENCRYPTION_KEY: '11'.repeat(32),
      CERT_SIGNING_KEY: '22'.repeat(32),
    });
  }
  const began = performance.now();
  const child = spawn(process.execPath, ['--max-semi-space-size=4', serverEntry], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  let log = '';
  child.stdout.on('data', (chunk) => {
    log += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = began + START_TIMEOUT_MS;
  const alive = () => {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log.slice(-2000)}`);
    if (performance.now() > deadline) throw new Error('server did not start in time');
  };
  // Listening: Fastify's log line (polling the port with connections could take it: a port in the
  // ephemeral range can be connected to itself while nothing listens).
  while (!log.includes('"msg":"Server listening at')) {
    alive();
    await sleep(2);
  }
  const listen = performance.now() - began;
  let page = null;
  let rendered = false;
  let cpu = null;
  let mainCpu = null;
  if (measure) {
    // As a browser asks for it; no retries: the first answer is the one a visitor gets.
    const res = await fetch(`http://127.0.0.1:${p}/`, { headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });
    const body = await res.text();
    page = performance.now() - began;
    cpu = cpuMs(child.pid);
    mainCpu = cpuMs(child.pid, true);
    rendered = res.status === 200 && body.includes('id="ssr-state"');
  } else {
    for (;;) {
      alive();
      const res = await fetch(`http://127.0.0.1:${p}/readyz`).catch(() => null);
      if (res?.status === 200) break;
      await sleep(100);
    }
  }
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`server stopped with ${code}:\n${log.slice(-2000)}`);
  // The first render's line has every phase; builds before 0077 log none.
  const lines = log.split('\n');
  const line = lines.find((l) => l.includes('"first page rendered"')) ?? lines.find((l) => l.includes('"medportal server ready"'));
  const phases = line ? (JSON.parse(line).phases_ms ?? null) : null;
  return { listen, page, cpu, mainCpu, rendered, phases };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x) => (x === null || x === undefined ? '-' : String(Math.round(x)));

async function postgresAnswers() {
  try {
    await admin('select 1');
    return true;
  } catch {
    return false;
  }
}

const builds = [...(compareEntry ? [{ name: 'base', entry: compareEntry }] : []), { name: 'new', entry }];
const dbKinds = ['pglite', 'postgres'].filter((k) => !only || only === k);
const made = [];

try {
  console.log(`restart benchmark: ${runs} restarts per build, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  for (const kind of dbKinds) {
    if (kind === 'postgres' && !(await postgresAnswers())) {
      console.log('\npostgres: no server answers: skipped');
      continue;
    }
    const targets = [];
    for (const build of builds) {
      let db;
      if (kind === 'pglite') {
        const dir = mkdtempSync(`${dataPrefix}${build.name}-`);
        made.push({ dir });
        db = { DATA_DIR: dir };
      } else {
        const name = `${dbPrefix}${build.name}_${process.pid}`;
        await admin(`drop database if exists ${name}`);
        await admin(`create database ${name}`);
        made.push({ database: name });
        db = { DATABASE_URL: databaseUrl(name) };
      }
      // The first start seeds; only restarts are measured.
      await start(build.entry, db, { measure: false });
      targets.push({ ...build, db, results: [] });
    }
    const loadBefore = loadavg()[0];
    for (let i = 0; i < runs; i++) {
      const order = i % 2 === 0 ? targets : [...targets].reverse();
      for (const t of order) t.results.push(await start(t.entry, t.db, { measure: true }));
    }
    const loadAfter = loadavg()[0];
    console.log(`\n${kind}: load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after (2 cores; other work slows every figure)`);
    console.log('build | listen median / max ms | first page median / max ms | cpu at first page ms (main thread) | rendered | target <= 2000 ms');
    for (const t of targets) {
      const listen = t.results.map((r) => r.listen);
      const page = t.results.map((r) => r.page);
      const cpu = t.results.map((r) => r.cpu).filter((x) => x !== null);
      const mainCpu = t.results.map((r) => r.mainCpu).filter((x) => x !== null);
      const rendered = t.results.filter((r) => r.rendered).length;
      const met = median(page) <= TARGET_PAGE_MS && rendered === t.results.length ? 'met' : 'missed';
      console.log(
        `${t.name.padEnd(5)} | ${ms(median(listen)).padStart(6)} / ${ms(Math.max(...listen)).padStart(6)} | ${ms(median(page)).padStart(6)} / ${ms(Math.max(...page)).padStart(6)} | ${ms(cpu.length ? median(cpu) : null).padStart(6)} (${ms(mainCpu.length ? median(mainCpu) : null)}) | ${rendered}/${t.results.length} | ${met}`,
      );
    }
    // Where the time goes, from the server's own log (builds that log their start phases).
    for (const t of targets) {
      const withPhases = t.results.filter((r) => r.phases);
      if (withPhases.length === 0) continue;
      const names = Object.keys(withPhases[0].phases);
      const row = names.map((n) => `${n} ${ms(median(withPhases.map((r) => r.phases[n] ?? 0)))}`).join(', ');
      console.log(`${t.name} start phases (ms since process start, median): ${row}`);
    }
  }
} finally {
  for (const m of made) {
    if (m.dir) rmSync(m.dir, { recursive: true, force: true });
    if (m.database) await admin(`drop database if exists ${m.database}`).catch(() => undefined);
  }
}
