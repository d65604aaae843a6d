// Meeting limits under bursts on PostgreSQL (decision 0050), through HTTP against the app built in
// this process on a database made and dropped here (BENCH_DATABASE_URL, else local 5432):
// - one host sends BENCH_BURST (30) creates at once, BENCH_ROUNDS (10) times, each a fresh host:
//   how many were accepted against the cap (MEETING_UPCOMING_MAX), duplicate numbers, time a burst;
// - BENCH_BURST uses of one launch token at once, BENCH_ROUNDS times: how many logged in (1 each).
// Before this feature neither call existed (the routes answered 404), so the table shows the
// behaviour the limits promise next to what was measured.
import { randomUUID } from 'node:crypto';
import { MEETING_UPCOMING_MAX } from '@medportal/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { departments } from '../apps/server/src/db/schema/index.ts';
import { createUser } from '../apps/server/src/modules/auth/auth.repository.ts';
import { admin, adminUrl } from './bench-lib.mjs';

const BURST = Number(process.env.BENCH_BURST ?? 30);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);


const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

const dbName = `bench_meetings_${randomUUID().slice(0, 8)}`;
await admin(`create database "${dbName}"`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', PASSWORD_SCRYPT_N: '1024' }), db: { driver: 'postgres', url: dbUrl.toString() } };
const app = await buildApp(config, { logger: false, seed: false });
try {
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const [dep] = await app.db.insert(departments).values({ slug: 'bench', nameZh: '压测科室' }).returning({ id: departments.id });
  const post = async (path, token, body) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body ?? {}),
    });
    return res.json();
  };
  const host = async (i) => {
    const user = await createUser(app.db, `host-${i}`, { kind: 'email', value: `host-${i}-${randomUUID()}@bench.example.org` }, new Date());
    return (await app.accounts.tokens.open(app.db, user.id, 'web')).access;
  };
  const start = new Date(Date.now() + 3_600_000).toISOString();

  const creates = { accepted: [], refused: [], other: 0, duplicates: 0, ms: [] };
  for (let r = 0; r < ROUNDS; r++) {
    const token = await host(r);
    const t0 = performance.now();
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) => post('/v1/user/meeting/create', token, { title: `Burst ${r}-${i}`, start_at: start, duration_min: 30, department_id: dep.id })),
    );
    creates.ms.push(performance.now() - t0);
    const ok = answers.filter((a) => a.code === 0);
    creates.accepted.push(ok.length);
    creates.refused.push(answers.filter((a) => a.code === 40470).length);
    creates.other += answers.filter((a) => a.code !== 0 && a.code !== 40470).length;
    creates.duplicates += ok.length - new Set(ok.map((a) => a.data.meeting_no)).size;
  }

  const launches = { won: [], ms: [] };
  for (let r = 0; r < ROUNDS; r++) {
    const token = await host(`l${r}`);
    const meeting = await post('/v1/user/meeting/create', token, { title: `Launch ${r}`, start_at: start, duration_min: 30, department_id: dep.id });
    const issued = await post(`/v1/user/meeting/${meeting.data.id}/launch_token`, token);
    const t0 = performance.now();
    const answers = await Promise.all(Array.from({ length: BURST }, () => post('/v1/meeting/launch', null, { token: issued.data.token })));
    launches.ms.push(performance.now() - t0);
    launches.won.push(answers.filter((a) => a.code === 0).length);
  }

  const row = (...cells) => console.log(cells.map((c, i) => String(c).padEnd(i === 0 ? 48 : 22)).join(''));
  console.log(`PostgreSQL, ${ROUNDS} rounds of ${BURST} concurrent requests each\n`);
  row('', 'promised', 'measured');
  row('creates accepted per burst (one host)', `${MEETING_UPCOMING_MAX}`, `min ${Math.min(...creates.accepted)} / max ${Math.max(...creates.accepted)}`);
  row('creates refused with MEETING_LIMIT per burst', `${BURST - MEETING_UPCOMING_MAX}`, `min ${Math.min(...creates.refused)} / max ${Math.max(...creates.refused)}`);
  row('other answers (errors), all bursts', '0', creates.other);
  row('duplicate meeting numbers, all bursts', '0', creates.duplicates);
  row('create burst time p50 / p99 (ms)', '-', `${pct(creates.ms, 50).toFixed(0)} / ${pct(creates.ms, 99).toFixed(0)}`);
  row('launch-token uses that logged in per burst', '1', `min ${Math.min(...launches.won)} / max ${Math.max(...launches.won)}`);
  row('launch burst time p50 / p99 (ms)', '-', `${pct(launches.ms, 50).toFixed(0)} / ${pct(launches.ms, 99).toFixed(0)}`);
} finally {
  await app.close();
  await admin(`drop database if exists "${dbName}" with (force)`);
}
