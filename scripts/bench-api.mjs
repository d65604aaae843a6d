// API benchmark, 50 connections: a bare Fastify JSON route (the baseline, its own process, measured
// again every few routes), then the built server on PGlite and on PostgreSQL (a database made and dropped for it, when one
// answers at 127.0.0.1:5432 or BENCH_PG_URL): five server-rendered pages and every public GET a
// page calls, anonymously, and the main GETs of the logged-in demo learner. Prints req/s, the ratio to the baseline, p50/p99,
// errors, the server's CPU time per request and its RSS afterwards, next to the targets. Figures
// only: a missed target never fails the run.
//
// Targets (issue 33, 2-core machine): anonymous public reads (answered from the public cache or
// the rendered-page cache) >= 0.5x the baseline with p99 <= 10 ms, on both databases; logged-in
// GETs p99 <= 100 ms on PGlite (on PostgreSQL: p99 <= 100 ms too, no ratio); /healthz >= 0.6x;
// RSS <= 450 MB on PGlite after the run.
//
// BENCH_SECONDS (2) per route, BENCH_DB=pglite|postgres runs one, BENCH_ONLY=<substring> filters
// routes, BENCH_WHO=anon|user only anonymous or logged-in ones, BENCH_PG_URL
// (postgres://postgres@127.0.0.1:5432) the PostgreSQL server, BENCH_DB_PREFIX (medportal_bench)
// the scratch databases' names, BENCH_PORTS=<from>-<to> the ports the servers listen on (else
// any free one), BENCH_SERVER another build of the server (apps/server/dist/server.mjs).
// The floor (BENCH_FLOOR=0 skips it): for each anonymous read, its answer as the server sent it
// (status, headers, body) is replayed by a bare node:http server (its own process) and measured the
// same way: what Node itself does with those bytes on this machine, without any application. A
// response with the server's 17 headers and a body of a few KB costs Node more than the bare
// route's 17 bytes and 2 headers, so the floor's ratio to the bare route bounds what any server
// could reach for that route here.
// BENCH_COMPARE=<a build's server.mjs> (an older commit's) runs that build too, on its own
// database, and measures each route on it just before: the machine's other load then weighs on
// both alike. Its figures and verdicts are printed beside the server's, and a summary of both.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createConnection, createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, sleep } from './bench-lib.mjs';

const root = new URL('..', import.meta.url).pathname;
const entry = process.env.BENCH_SERVER ?? join(root, 'apps/server/dist/server.mjs');
const compareEntry = process.env.BENCH_COMPARE;
const duration = Number(process.env.BENCH_SECONDS ?? 2);
const connections = 50;
const only = process.env.BENCH_ONLY;
const who = process.env.BENCH_WHO;
const dbPrefix = process.env.BENCH_DB_PREFIX ?? 'medportal_bench';
if (!/^[a-z_][a-z0-9_]{0,30}$/.test(dbPrefix)) throw new Error(`BENCH_DB_PREFIX: not a plain database name: ${dbPrefix}`);
const portRange = process.env.BENCH_PORTS?.split('-').map(Number);
let nextPort = portRange?.[0];
/** The next port of BENCH_PORTS that is free, else any free port. */
async function portFor() {
  if (!portRange) return freePort();
  for (; nextPort <= portRange[1]; nextPort++) {
    const candidate = nextPort;
    const free = await new Promise((res) => {
      const s = createServer();
      s.once('error', () => res(false));
      s.listen(candidate, '127.0.0.1', () => s.close(() => res(true)));
    });
    if (free) return nextPort++;
  }
  throw new Error(`BENCH_PORTS ${portRange.join('-')}: no free port left`);
}
const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const cardKey = process.env.CARD_ENCRYPTION_KEY ?? '11'.repeat(32);
const LEARNER = { type: 'password', account: '13900000003', country_code: '86', password: 'Learner-demo-1' };

const TARGET = {
  health: { ratio: 0.6, p99: 100 },
  public: { ratio: 0.5, p99: 10 },
  user: { ratio: 0, p99: 100 },
};
const RSS_TARGET_MB = 450;



function rss(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0) / 1024;
  return { now: kb('VmRSS'), peak: kb('VmHWM') };
}

async function waitFor(child, url, ok) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (ok(res.status, await res.text())) return;
    } catch {
      // not up yet
    }
    await sleep(50);
  }
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

const BASELINE_SOURCE = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

const FLOOR_SOURCE = `
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
let answer = { status: 200, headers: {}, body: Buffer.alloc(0) };
createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/__floor') {
    const chunks = [];
    req.on('data', (c) => chunks.push(c)).on('end', () => {
      const a = JSON.parse(Buffer.concat(chunks).toString());
      answer = { status: a.status, headers: a.headers, body: Buffer.from(a.body, 'base64') };
      res.end('ok');
    });
    return;
  }
  // Per request, as the app's replay does: a request id; Node adds Date and the connection headers.
  answer.headers['x-request-id'] = randomUUID();
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

/** The floor: a bare node:http server answering whatever it was last given (BENCH_FLOOR). */
async function startFloor() {
  const port = await portFor();
  const child = spawn(process.execPath, ['--input-type=module', '-e', FLOOR_SOURCE], { cwd: root, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(child, `${url}/`, (status) => status === 200);
  return { child, url };
}

/** The server's answer to one request, as it left (headers of the transport aside). */
function answerOf(url, headers) {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c)).on('end', () => {
        const kept = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding', 'x-request-id'].includes(name)));
        resolve({ status: res.statusCode, headers: kept, body: Buffer.concat(chunks).toString('base64') });
      });
    })
      .on('error', reject)
      .end();
  });
}

async function startBaseline() {
  const port = await portFor();
  const child = spawn(process.execPath, ['--input-type=module', '-e', BASELINE_SOURCE], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/`;
  await waitFor(child, url, (status) => status === 200);
  return { child, url };
}

/**
 * The built server; `NODE_ENV=production` and the default log level unless `env` says otherwise.
 * A start that exits (once seen on a loaded machine, not reproduced) is tried again once.
 */
async function startServer(entryPath, db, env = {}) {
  try {
    return await startServerOnce(entryPath, db, env);
  } catch (err) {
    console.error(`${entryPath}: ${err.message} while starting; starting it again`);
    return startServerOnce(entryPath, db, env);
  }
}

async function startServerOnce(entryPath, db, env) {
  const port = await portFor();
  // With the V8 flag `npm start` gives the server (a 4 MB young generation: decision 0032).
  const child = spawn(process.execPath, ['--max-semi-space-size=4', entryPath], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      CARD_ENCRYPTION_KEY: cardKey, CERT_SIGNING_KEY: '22'.repeat(32),
      ...db,
      ...env,
    },
    // The request log goes nowhere, but is still produced: its cost is part of the figures.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // Ready: the search index has loaded in the background too (it competes for the CPU until then).
  await waitFor(child, `${url}/readyz`, (status, body) => status === 200 && JSON.parse(body).search === 'ready');
  return { child, url };
}

async function getJson(url, headers = {}) {
  const res = await fetch(url, { headers });
  return res.json();
}

/** Routes with real ids from the demo seed (looked up where the seed does not fix them). */
async function routesFor(url, token, sessionCookie) {
  const auth = { authorization: `Bearer ${token}` };
  const liveDate = (await getJson(`${url}/v1/live/live_date`)).data;
  const day = liveDate.items.find((d) => d.date >= liveDate.today)?.date ?? liveDate.today;
  const course = (await getJson(`${url}/v1/pc/course?page=1`)).data.items.find((c) => c.id === 2) ? 2 : 1;
  const series = (await getJson(`${url}/v1/pc/course?page=1&page_size=50`)).data.items.find((c) => c.course_type === 2)?.id ?? 1;
  const news = (await getJson(`${url}/v1/news?page=1`)).data.items[0].id;
  const topic = (await getJson(`${url}/v1/topic`)).data.items[0].id;
  const paper = (await getJson(`${url}/v1/paper`)).data.items[0].id;
  const speaker = (await getJson(`${url}/v1/speaker?page=1`)).data.items[0].id;
  const hospital = (await getJson(`${url}/v1/hospital`)).data.items[0].id;
  const lookBack = (await getJson(`${url}/v1/live/look_back`)).data.items[0];
  const word = encodeURIComponent('淋巴瘤');
  const pub = (path, kind = 'public') => ({ path, kind, headers: {} });
  const user = (path) => ({ path, kind: 'user', headers: auth });
  // Server-rendered pages, as a browser asks for them (decision record 0030).
  const page = (path) => ({ path, kind: 'public', page: true, headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });
  return [
    pub('/healthz', 'health'),
    // server-rendered pages
    page('/'),
    page(`/course/${course}`),
    page(`/news/${news}`),
    page('/live'),
    page(`/search?txt=${word}`),
    // home and site chrome
    pub('/v1/pc_index'),
    pub('/v1/relate_site'),
    pub('/v1/user/banner'),
    pub('/v1/site/config'),
    // courses
    pub('/v1/pc/course?page=1'),
    pub(`/v1/user/course/${course}`),
    pub(`/v2/user/course/${course}/chapter`),
    pub(`/v1/user/course/${series}/series_course`),
    pub(`/v1/user/course/${course}/appraise`),
    pub(`/v1/guess_like_course?course_id=${course}`),
    pub('/v1/user/more_course?page=1'),
    pub('/v1/pc/course/hot'),
    // lives
    pub('/v1/live/live_date'),
    pub(`/v1/live/date_lives?date=${day}`),
    pub('/v1/live/look_back'),
    pub('/v1/live/history'),
    pub('/v1/live/history/filters'),
    pub('/v1/live/1'),
    pub(`/v1/live/${lookBack.id}`),
    // news
    pub('/v1/news/category'),
    pub('/v1/news?page=1'),
    pub(`/v1/news/${news}`),
    pub(`/v1/news/${news}/recommend`),
    pub(`/v1/news/${news}/comments`),
    // speakers and places
    pub('/v1/speaker?page=1'),
    pub(`/v1/user/speaker/${speaker}`),
    pub(`/v1/speaker/${speaker}/course`),
    pub(`/v1/speaker/${speaker}/live`),
    pub(`/v1/speaker/${speaker}/news`),
    pub('/v1/region'),
    pub('/v1/hospital'),
    pub(`/v1/hospital/${hospital}`),
    pub(`/v1/hospital/${hospital}/course`),
    pub('/v1/organizer/1'),
    pub('/v1/organizer/1/live'),
    pub('/v1/keyword/11'),
    pub('/v1/keyword/11/speaker'),
    // topics, columns, papers
    pub('/v1/topic'),
    pub(`/v1/topic/${topic}`),
    pub(`/v1/topic/${topic}/news`),
    pub('/v1/user/column'),
    pub('/v1/user/subscribe'),
    pub('/v1/paper'),
    pub(`/v1/paper/${paper}`),
    // search
    pub(`/v1/pc/search?keyword=${word}`),
    pub(`/v1/user/search_word_remind?word=${encodeURIComponent('淋')}`),
    pub('/v1/user/hot_search_word'),
    pub('/v1/user/search_type'),
    // info pages
    pub('/v1/site/page/about'),
    pub('/v1/relate_site/creation'),
    // the demo learner
    { path: '/v1/user/session', kind: 'user', headers: { cookie: sessionCookie } },
    user('/v1/user/login_info'),
    user('/v1/user/personal_info'),
    user(`/v1/user/course/${course}`),
    user(`/v2/user/course/${course}/chapter`),
    user(`/v1/user/course/${course}/learn_progress`),
    user('/v1/user/course/record'),
    user('/v1/user/watch_log'),
    user('/v1/user/follow'),
    user('/v1/user/favorite'),
    user('/v2/user/history'),
    user('/v1/user/my/subscribe'),
    user('/v1/user/wallet/info'),
    user('/v1/user/order'),
    user('/v1/user/sign_in'),
  ].filter((r) => (!only || r.path.includes(only)) && (!who || (who === 'user') === (r.kind === 'user')));
}

const fmt = (n, width, digits = 0) => n.toFixed(digits).padStart(width);

function verdict(kind, ratio, p99) {
  const t = TARGET[kind];
  const misses = [];
  if (ratio < t.ratio) misses.push(`ratio<${t.ratio}`);
  if (p99 > t.p99) misses.push(`p99>${t.p99}`);
  return misses.length ? `MISS ${misses.join(' ')}` : 'ok';
}

const targetText = (kind) => (TARGET[kind].ratio > 0 ? `>=${TARGET[kind].ratio}x ` : '') + `p99<=${TARGET[kind].p99}`;

/** CPU time a process has used, in ms (user + system). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Also the server's CPU time per answered request: steadier than req/s on a busy machine. */
async function measure(url, headers, pid) {
  const cpu0 = cpuMs(pid);
  const r = await autocannon({ url, connections, duration, headers });
  return {
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    cpuUs: ((cpuMs(pid) - cpu0) * 1000) / Math.max(1, r.requests.total),
  };
}

/** A production server on a freshly seeded database, logged in as the demo learner, its routes warmed up. */
async function readyServer(entryPath, db) {
  // The first start migrates and seeds (the demo accounts exist outside production only).
  const seeding = await startServer(entryPath, db, { NODE_ENV: 'development', LOG_LEVEL: 'warn' });
  await stop(seeding.child);
  const server = await startServer(entryPath, db);
  const res = await fetch(`${server.url}/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(LEARNER),
  });
  const login = await res.json();
  if (login.code !== 0) throw new Error(`demo learner login failed: ${JSON.stringify(login)}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';', 1)[0]).join('; ');
  const routes = await routesFor(server.url, login.data.user_access_token, cookies);
  // Every route answers code 0 (else the figures would measure an error), warmed up by a few calls.
  for (const r of routes) {
    for (let i = 0; i < 20; i++) {
      const answer = await fetch(server.url + r.path, { headers: r.headers });
      if (r.page) {
        const html = await answer.text();
        // A rendered page, not the shell the server falls back to; the first answers may be the
        // shell while a cold server's first render runs past its wait (a loaded machine).
        const rendered = answer.status === 200 && html.includes('id="ssr-state"');
        if (rendered) delete r.broken;
        else r.broken = `HTTP ${answer.status}, not server-rendered`;
        continue;
      }
      const body = await answer.json();
      const ok = r.kind === 'health' ? answer.status === 200 : body.code === 0;
      if (!ok) r.broken = `HTTP ${answer.status} code ${body.code}`;
    }
  }
  return { ...server, routes };
}

/** The baseline is measured again every this many routes: the machine's other load moves. */
const BASELINE_EVERY = 8;

/**
 * Every route of the server at `entry` on the database `dbs[0]`; with BENCH_COMPARE, the build
 * there runs on `dbs[1]` at the same time and each route is measured on it just before.
 */
async function benchServer(label, dbs, baseline, floor) {
  const servers = [await readyServer(entry, dbs[0])];
  try {
    if (compareEntry) servers.push(await readyServer(compareEntry, dbs[1]));
  } catch (err) {
    await stop(servers[0].child);
    throw err;
  }
  const [server, before] = servers;
  try {
    const measureBaseline = async () => {
      const b = await measure(baseline.url, {}, baseline.child.pid);
      console.log(`${'(baseline: bare Fastify route)'.padEnd(46)} ${''.padEnd(4)} ${''.padEnd(16)} ${fmt(b.rps, 7)} ${''.padStart(6)} ${fmt(b.p50, 5)} ${fmt(b.p99, 5)} ${fmt(b.errors, 5)} ${fmt(b.cpuUs, 7)}  load ${loadavg()[0].toFixed(1)}`);
      return b.rps;
    };
    console.log(`\n${label}: ${connections} connections, ${duration} s per route, load average ${loadavg()[0].toFixed(1)}`);
    const head = (title) => `${title.padStart(7)} ${'ratio'.padStart(6)} ${'p50'.padStart(5)} ${'p99'.padStart(5)} ${'err'.padStart(5)} ${'µs cpu'.padStart(7)}`;
    console.log(
      `${'route'.padEnd(46)} ${'who'.padEnd(4)} ${'target'.padEnd(16)} ${head('req/s')} ${'verdict'.padEnd(22)}` +
        (before ? ` | before: ${head('req/s')} verdict` : ''),
    );
    const cells = (m, ratio) => `${fmt(m.rps, 7)} ${fmt(ratio, 6, 2)} ${fmt(m.p50, 5)} ${fmt(m.p99, 5)} ${fmt(m.errors, 5)} ${fmt(m.cpuUs, 7)}`;
    let baselineRps = await measureBaseline();
    const results = [];
    const previous = [];
    for (const [i, r] of server.routes.entries()) {
      if (i > 0 && i % BASELINE_EVERY === 0) baselineRps = await measureBaseline();
      const who = r.kind === 'user' ? 'user' : 'anon';
      const other = before?.routes[i];
      if (r.broken || other?.broken) {
        console.log(`${decodeURI(r.path).padEnd(46)} ${who.padEnd(4)} not measured: ${r.broken ?? `before: ${other?.broken}`}`);
        continue;
      }
      const b = other ? await measure(before.url + other.path, other.headers, before.child.pid) : null;
      const m = await measure(server.url + r.path, r.headers, server.child.pid);
      const ratio = m.rps / baselineRps;
      let f = null;
      if (floor && r.kind === 'public') {
        const given = await fetch(`${floor.url}/__floor`, { method: 'POST', body: JSON.stringify(await answerOf(server.url + r.path, r.headers)) });
        if (given.ok) f = await measure(floor.url + r.path, r.headers, floor.child.pid);
      }
      console.log(
        `${decodeURI(r.path).padEnd(46)} ${who.padEnd(4)} ${targetText(r.kind).padEnd(16)} ${cells(m, ratio)} ${verdict(r.kind, ratio, m.p99).padEnd(22)}` +
          (b ? ` | before: ${cells(b, b.rps / baselineRps)} ${verdict(r.kind, b.rps / baselineRps, b.p99)}` : '') +
          (f ? ` | floor: ${fmt(f.rps, 7)} ${fmt(f.rps / baselineRps, 5, 2)} ${fmt(f.cpuUs, 5)} µs; server ${(m.rps / f.rps).toFixed(2)}x of it` : ''),
      );
      results.push({ ...r, ...m, ratio, floorRatio: f ? f.rps / baselineRps : null, ofFloor: f ? m.rps / f.rps : null });
      if (b) previous.push({ ...r, ...b, ratio: b.rps / baselineRps });
    }
    const summary = (name, list) => {
      const met = list.filter((r) => verdict(r.kind, r.ratio, r.p99) === 'ok').length;
      const byKind = ['public', 'user']
        .map((kind) => {
          const of = list.filter((r) => r.kind === kind);
          if (of.length === 0) return null;
          const p99s = of.map((r) => r.p99).sort((x, y) => x - y);
          const ratios = of.map((r) => r.ratio).sort((x, y) => x - y);
          const ok = of.filter((r) => verdict(r.kind, r.ratio, r.p99) === 'ok').length;
          return `${kind === 'public' ? 'anonymous' : 'logged-in'} ${ok}/${of.length} (ratio ${ratios[0].toFixed(2)}–${ratios.at(-1).toFixed(2)}, p99 ${p99s[0]}–${p99s.at(-1)} ms, median p99 ${p99s[Math.floor(p99s.length / 2)]})`;
        })
        .filter(Boolean)
        .join('; ');
      console.log(
        `${label} ${name}: ${met}/${list.length} routes meet their target: ${byKind}; p99 over 100 ms: ${list.filter((r) => r.p99 > 100).length}; errors: ${list.reduce((sum, r) => sum + r.errors, 0)}`,
      );
    };
    summary('server', results);
    if (before) summary('before', previous);
    const floored = results.filter((r) => r.ofFloor !== null && r.ofFloor !== undefined);
    if (floored.length) {
      const range = (xs) => `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}, median ${xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)].toFixed(2)}`;
      console.log(
        `${label} floor: the same answers from a bare node:http server reach ${range(floored.map((r) => r.floorRatio))}x the bare route ` +
          `(${floored.filter((r) => r.floorRatio >= TARGET.public.ratio).length}/${floored.length} at >= ${TARGET.public.ratio}x); the server reaches ${range(floored.map((r) => r.ofFloor))} of the floor`,
      );
    }
    console.log(`${label}: load average at the end ${loadavg()[0].toFixed(1)} (other work on the machine lowers every figure)`);
    for (const [name, srv] of before ? [['server', server], ['before', before]] : [['server', server]]) {
      const mem = rss(srv.child.pid);
      console.log(
        `${label}: ${name} RSS after the run ${fmt(mem.now, 0)} MB (peak ${fmt(mem.peak, 0)} MB)` +
          (label === 'PGlite' ? ` (target <= ${RSS_TARGET_MB} MB)` : ''),
      );
    }
  } finally {
    for (const srv of servers) await stop(srv.child);
  }
}

const postgresAnswers = () =>
  new Promise((res) => {
    const { hostname, port } = new URL(pgBase);
    const s = createConnection({ host: hostname, port: Number(port || 5432) });
    s.setTimeout(1000, () => (s.destroy(), res(false)));
    s.once('connect', () => (s.end(), res(true)));
    s.once('error', () => res(false));
  });

async function withPostgresDatabases(count, fn) {
  const names = Array.from({ length: count }, (_, i) => `${dbPrefix}_${process.pid}_${i}`);
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  try {
    const urls = [];
    for (const name of names) {
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(pgBase);
      url.pathname = `/${name}`;
      urls.push(url.toString());
    }
    await fn(urls);
  } finally {
    for (const name of names) {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((err) => console.error(`could not drop ${name}: ${err.message}`));
    }
    await admin.end();
  }
}

const started = performance.now();
const servers = compareEntry ? 2 : 1;
const baseline = await startBaseline();
let floor = null;
try {
  if (process.env.BENCH_FLOOR !== '0') floor = await startFloor();
  await autocannon({ url: baseline.url, connections, duration: 1 }); // warm-up
  const which = process.env.BENCH_DB;
  if (!which || which === 'pglite') {
    const dirs = Array.from({ length: servers }, () => mkdtempSync(join(tmpdir(), 'medportal-bench-')));
    try {
      await benchServer(
        'PGlite',
        dirs.map((dir) => ({ DATA_DIR: dir })),
        baseline,
        floor,
      );
    } finally {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  }
  if (!which || which === 'postgres') {
    if (await postgresAnswers()) {
      const dirs = Array.from({ length: servers }, () => mkdtempSync(join(tmpdir(), 'medportal-bench-')));
      try {
        await withPostgresDatabases(servers, (urls) =>
          benchServer(
            'PostgreSQL',
            urls.map((url, i) => ({ DATABASE_URL: url, DATA_DIR: dirs[i] })),
            baseline,
            floor,
          ),
        );
      } finally {
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      }
    } else {
      console.log(`\nPostgreSQL: nothing answers at ${pgBase}; skipped`);
    }
  }
} finally {
  await stop(baseline.child);
  if (floor) await stop(floor.child);
}
console.log(`\nwhole run: ${((performance.now() - started) / 1000).toFixed(0)} s`);
