// Attacker's probe of the sign-in limits and the human check, on PGlite and on PostgreSQL (a
// database made and dropped for it at BENCH_PG_URL, default 127.0.0.1:5432, when one answers).
// With BENCH_BEFORE=<git revision> the same bursts also run against that revision's server, side
// by side in this process (its server and contract are unpacked under node_modules/.cache).
//
//   node --import tsx scripts/bench-auth-probe.mjs            (after npm run build -w apps/server)
//   BENCH_BEFORE=a14135c node --import tsx scripts/bench-auth-probe.mjs
//
// Bursts: 300 wrong passwords at once from 10 addresses (account-wide limit 20), 65 from one
// address (limit 10), 58 SMS sends from one address to new numbers (daily cap 50), 40 wrong
// voucher codes from one user (limit 5). Each prints how many attempts were actually checked.
// Then the human check: a naive solver that looks for the answer in the response, and a
// brute-force solver (altcha-lib), with its time per challenge.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const ROOT = new URL('..', import.meta.url).pathname;
const pgAdmin = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TEST_ENV = { NODE_ENV: 'test', WEB_DIST: '/nonexistent/web-dist', PLUGIN_TIMEOUT_S: '120', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'warn' };

/** `rev`'s server and contract under node_modules/.cache, resolving its packages from ours. */
function unpack(rev) {
  const dir = join(ROOT, 'node_modules/.cache/bench-auth-before', rev);
  if (!existsSync(join(dir, 'apps/server/src/app.ts'))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const tar = execFileSync('git', ['-C', ROOT, 'archive', rev, 'apps/server/src', 'apps/server/drizzle', 'apps/server/package.json', 'packages/contract'], { maxBuffer: 1 << 30 });
    execFileSync('tar', ['-x', '-C', dir], { input: tar });
    // Its own contract, found before the workspace's when its server resolves '@medportal/contract'.
    mkdirSync(join(dir, 'node_modules/@medportal'), { recursive: true });
    symlinkSync(join(dir, 'packages/contract'), join(dir, 'node_modules/@medportal/contract'));
  }
  return dir;
}

async function postgresUp() {
  const c = new pg.Client({ connectionString: pgAdmin });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

async function pgAdminRun(sql) {
  const c = new pg.Client({ connectionString: pgAdmin });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** A server of `src` ('' = this tree) on a fresh database of `kind`. */
async function start(src, kind) {
  const base = src ? join(src, 'apps/server/src') : join(ROOT, 'apps/server/src');
  const { buildApp } = await import(join(base, 'app.ts'));
  const { loadConfig } = await import(join(base, 'config.ts'));
  let db;
  let drop = async () => {};
  if (kind === 'postgres') {
    const name = `bench_auth_${randomUUID().slice(0, 8)}`;
    await pgAdminRun(`create database ${name}`);
    const url = new URL(pgAdmin);
    url.pathname = `/${name}`;
    db = { driver: 'postgres', url: url.toString() };
    drop = () => pgAdminRun(`drop database if exists ${name} with (force)`);
  } else {
    db = { driver: 'pglite', dataDir: mkdtempSync(join(tmpdir(), 'bench-auth-')) };
  }
  const config = { ...loadConfig(TEST_ENV), db, trustProxy: true, uploadsDir: mkdtempSync(join(tmpdir(), 'bench-auth-up-')) };
  const app = await buildApp(config, { logger: false, seed: false });
  await app.ready();
  return { app, close: async () => { await app.close(); await drop(); } };
}

const json = async (app, opts) => (await app.inject(opts)).json();
const count = (answers, code) => answers.filter((a) => a.code === code).length;
let seq = 0;
const newMobile = () => `1370${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(4, '0')}`;

async function solvedCaptcha(app) {
  const img = await json(app, { url: '/v1/user/verify_code_image' });
  const dev = await json(app, { url: `/v1/dev/captcha/${img.data.captcha_key}` });
  return { captcha_key: img.data.captcha_key, captcha_code: dev.data.code };
}

async function smsCode(app, mobile) {
  const sent = await json(app, { method: 'POST', url: '/v1/user/send/sms', payload: { mobile, scene: 'login', ...(await solvedCaptcha(app)) } });
  if (sent.code !== 0) throw new Error(JSON.stringify(sent));
  await app.accounts.outbox.drain();
  return (await json(app, { url: `/v1/dev/outbox?to=${encodeURIComponent(mobile)}` })).data.items[0].code;
}

/** A user with a password (SMS login, then set password) and its access token. */
async function userWithPassword(app) {
  const mobile = newMobile();
  const code = await smsCode(app, mobile);
  const login = await json(app, { method: 'POST', url: '/v1/user/login', payload: { type: 'sms', mobile, code, agree_terms: true } });
  const token = login.data.user_access_token;
  await json(app, { method: 'POST', url: '/v1/user/password', headers: { authorization: `Bearer ${token}` }, payload: { password: 'Right-pass-1' } });
  return { mobile, token };
}

const ip = (a, b) => ({ 'x-forwarded-for': `10.${a}.${b % 250}.1` });

async function probe(app) {
  const out = {};
  const u1 = await userWithPassword(app);
  const burst1 = await Promise.all(
    Array.from({ length: 300 }, (_, i) =>
      json(app, { method: 'POST', url: '/v1/user/login', headers: ip(1, i % 10), payload: { type: 'password', account: u1.mobile, password: `wrong-${i}` } }),
    ),
  );
  out['300 passwords / 10 addresses (limit 20)'] = count(burst1, 40101);
  const u2 = await userWithPassword(app);
  const burst2 = await Promise.all(
    Array.from({ length: 65 }, (_, i) => json(app, { method: 'POST', url: '/v1/user/login', headers: ip(2, 1), payload: { type: 'password', account: u2.mobile, password: `wrong-${i}` } })),
  );
  out['65 passwords / 1 address (limit 10)'] = count(burst2, 40101);
  const captchas = [];
  for (let i = 0; i < 58; i++) captchas.push(await solvedCaptcha(app));
  const burst3 = await Promise.all(captchas.map((c) => json(app, { method: 'POST', url: '/v1/user/send/sms', headers: ip(3, 1), payload: { mobile: newMobile(), scene: 'login', ...c } })));
  out['58 SMS sends / 1 address (cap 50)'] = count(burst3, 0);
  const burst4 = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      json(app, { method: 'POST', url: '/v1/user/voucher/redeem', headers: { ...ip(4, 1), authorization: `Bearer ${u1.token}` }, payload: { code: `ABCD-EFGH-JKMN-${2000 + i}` } }),
    ),
  );
  out['40 voucher guesses / 1 user (limit 5)'] = count(burst4, 40261);
  return out;
}

/** The human check: what a solver that reads the response, and one that does the work, get. */
async function humanCheck(app, rounds) {
  const { solveChallenge } = await import('altcha-lib');
  const { deriveKey } = await import('altcha-lib/algorithms/pbkdf2');
  let naive = 0;
  let brute = 0;
  let ms = 0;
  for (let i = 0; i < rounds; i++) {
    const img = await json(app, { url: '/v1/user/verify_code_image' });
    // Naive: look for an answer in what was sent (the old SVG drew it; here there is none).
    const text = JSON.stringify(img.data);
    const guess = text.match(/"(?:answer|code|counter)":\s*"?([^",}]+)/)?.[1] ?? 'AAAA';
    const a = await json(app, { method: 'POST', url: '/v1/user/send/sms', headers: ip(5, i), payload: { mobile: newMobile(), scene: 'login', captcha_key: img.data.captcha_key, captcha_code: guess } });
    if (a.code === 0) naive += 1;
    const img2 = await json(app, { url: '/v1/user/verify_code_image' });
    const t0 = performance.now();
    const solution = await solveChallenge({ challenge: img2.data.challenge, deriveKey });
    ms += performance.now() - t0;
    const payload = Buffer.from(JSON.stringify({ challenge: img2.data.challenge, solution })).toString('base64');
    const b = await json(app, { method: 'POST', url: '/v1/user/send/sms', headers: ip(6, i), payload: { mobile: newMobile(), scene: 'login', captcha_key: img2.data.captcha_key, captcha_code: payload } });
    if (b.code === 0) brute += 1;
  }
  return { naive: `${naive}/${rounds}`, bruteForce: `${brute}/${rounds}`, msPerSolve: Math.round(ms / rounds) };
}

const kinds = ['pglite', ...((await postgresUp()) ? ['postgres'] : [])];
const before = process.env.BENCH_BEFORE ? unpack(process.env.BENCH_BEFORE) : null;
const rows = [];
for (const kind of kinds) {
  for (const [label, src] of [...(before ? [[`before (${process.env.BENCH_BEFORE})`, before]] : []), ['after (this tree)', '']]) {
    const s = await start(src, kind);
    try {
      const figures = await probe(s.app);
      for (const [burst, checked] of Object.entries(figures)) rows.push({ db: kind, server: label, burst, checked });
    } finally {
      await s.close();
    }
  }
}
console.table(rows);
const s = await start('', 'pglite');
try {
  console.log('human check, 20 challenges:', await humanCheck(s.app, Number(process.env.BENCH_ROUNDS ?? 20)));
} finally {
  await s.close();
}
