// Attendance evidence on PostgreSQL (decision 0053), in one run on a database made and dropped
// here (BENCH_DATABASE_URL, else local 5432), through the app's request handling (inject) with a
// clock the script moves:
// 1. Before/after: BENCH_VIEWERS (100) viewers each watch the live on air for BENCH_MINUTES (10)
//    with two visible tabs and one background tab, beating every 15 s. "Before" is what the portal
//    recorded of a live until now (`POST /v1/user/watch_log`, the player's played seconds); "after"
//    is `POST /v1/user/live/{id}/attend`. The true on-air time watched is BENCH_MINUTES.
// 2. A burst of every viewer's three tabs beating at once: wall time, p50/p99, slots counted once.
// 3. A presence check answered by every viewer three times at once: wall time, p50/p99, answers kept.
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { liveModerators, lives } from '../apps/server/src/db/schema/index.ts';
import { createUser } from '../apps/server/src/modules/auth/auth.repository.ts';
import { admin, databaseUrl } from './bench-lib.mjs';

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 100);
const MINUTES = Number(process.env.BENCH_MINUTES ?? 10);
const BEAT_S = 15;

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const ms = (x) => `${x.toFixed(1)} ms`;

const name = `bench_attend_${process.pid}`;
await admin(`create database "${name}"`);
let t = Math.ceil(Date.now() / 30_000) * 30_000;
const now = () => new Date(t);
const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn' }), db: { driver: 'postgres', url: databaseUrl(name) } };
const app = await buildApp(config, { logger: false, seed: false, now, attendance: { scheduleIntervalMs: 0 } });
try {
  await app.ready();
  const [live] = await app.db
    .insert(lives)
    .values({ titleZh: '压测直播', banner: '/b.svg', startAt: new Date(t), endAt: new Date(t + 3 * 3600_000), meetingNo: '100020003000', status: 'published' })
    .returning({ id: lives.id });
  const users = [];
  for (let i = 0; i < VIEWERS; i++) {
    const u = await createUser(app.db, `viewer-${i}`, { kind: 'email', value: `viewer-${i}@bench.example.org` }, new Date(t));
    users.push({ id: u.id, token: (await app.accounts.tokens.open(app.db, u.id, 'web')).access });
  }
  const mod = await createUser(app.db, 'mod', { kind: 'email', value: 'mod@bench.example.org' }, new Date(t));
  await app.db.insert(liveModerators).values({ liveId: live.id, userId: mod.id });
  const modToken = (await app.accounts.tokens.open(app.db, mod.id, 'web')).access;
  const post = async (url, token, payload) => {
    const start = performance.now();
    const res = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });
    const body = res.json();
    return { ms: performance.now() - start, body };
  };
  const tabs = ['visible-a', 'visible-b', 'hidden-c'];
  const played = new Map();

  // 1. Before (watch_log) and after (attend), the same tabs and beats.
  t += 1000;
  for (let s = 0; s <= MINUTES * 60; s += BEAT_S) {
    await Promise.all(
      users.flatMap((u) =>
        tabs.map(async (tab) => {
          const session = `${tab}-${u.id}-0001`;
          const p = (played.get(session) ?? -BEAT_S) + BEAT_S;
          played.set(session, p);
          await post('/v1/user/watch_log', u.token, { module_name: 'live', id: live.id, played_s: p, session_id: session });
          await post(`/v1/user/live/${live.id}/attend`, u.token, { session_id: session, playing: true, visible: tab !== 'hidden-c' });
        }),
      ),
    );
    t += BEAT_S * 1000;
  }
  const before = [];
  const after = [];
  for (const u of users) {
    const w = await app.inject({ url: '/v1/user/watch_log?page=1&page_size=5', headers: { authorization: `Bearer ${u.token}` } });
    before.push(w.json().data.items.find((i) => i.id === live.id)?.watched_s ?? 0);
    const a = await app.inject({ url: `/v1/user/live/${live.id}/attendance`, headers: { authorization: `Bearer ${u.token}` } });
    after.push(a.json().data.attended_seconds);
  }
  const avg = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(`\n1. ${VIEWERS} viewers, ${MINUTES} min on air, two visible tabs + one background tab, a beat every ${BEAT_S} s (truth: ${MINUTES * 60} s each)`);
  console.log('| | before: watch_log | after: attend |');
  console.log('|---|---|---|');
  console.log(`| seconds counted per viewer: mean | ${avg(before).toFixed(0)} | ${avg(after).toFixed(0)} |`);
  console.log(`| min / max | ${Math.min(...before)} / ${Math.max(...before)} | ${Math.min(...after)} / ${Math.max(...after)} |`);

  // 2. Every tab of every viewer beats at once.
  const burst = await Promise.all(users.flatMap((u) => tabs.map((tab) => post(`/v1/user/live/${live.id}/attend`, u.token, { session_id: `${tab}-${u.id}-0001`, playing: true, visible: true }))));
  t += BEAT_S * 1000;
  const startB = performance.now();
  const burst2 = await Promise.all(users.flatMap((u) => tabs.map((tab) => post(`/v1/user/live/${live.id}/attend`, u.token, { session_id: `${tab}-${u.id}-0001`, playing: true, visible: true }))));
  const wallB = performance.now() - startB;
  const credited = burst2.reduce((s, r) => s + (r.body.data?.credited_s ?? 0), 0);
  const errorsB = [...burst, ...burst2].filter((r) => r.body.code !== 0).length;
  console.log(`\n2. ${burst2.length} beats at once (${VIEWERS} viewers × 3 tabs, ${BEAT_S} s after the previous): wall ${ms(wallB)}, p50 ${ms(pct(burst2.map((r) => r.ms), 50))}, p99 ${ms(pct(burst2.map((r) => r.ms), 99))}, errors ${errorsB}`);
  console.log(`   seconds credited in all: ${credited} (${(credited / VIEWERS).toFixed(1)} per viewer; at most ${BEAT_S + 30} when each slot counts once)`);

  // 3. A presence check, every viewer answering three times at once.
  const asked = await post(`/v1/user/live/${live.id}/presence_check`, modToken, { window_s: 120 });
  const checkId = asked.body.data.id;
  t += 5000;
  const startC = performance.now();
  const answers = await Promise.all(users.flatMap((u) => [0, 1, 2].map(() => post(`/v1/user/live/presence_check/${checkId}/answer`, u.token))));
  const wallC = performance.now() - startC;
  const kept = await app.db.execute(`select count(*)::int as n, count(distinct user_id)::int as users from presence_answers where check_id = ${checkId}`);
  console.log(`\n3. ${answers.length} answers at once (${VIEWERS} viewers × 3): wall ${ms(wallC)}, p50 ${ms(pct(answers.map((r) => r.ms), 50))}, p99 ${ms(pct(answers.map((r) => r.ms), 99))}, errors ${answers.filter((r) => r.body.code !== 0).length}`);
  console.log(`   answers kept: ${kept.rows[0].n} for ${kept.rows[0].users} viewers`);
} finally {
  await app.close();
  await admin(`drop database if exists "${name}" with (force)`);
}
