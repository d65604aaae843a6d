import { POSTER_SIZE } from '@medportal/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveModerators, lives, news, speakers } from '../../db/schema/index.ts';
import { qrModules } from '../../lib/svg-png.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { type Png, readPng } from '../../../test/png.ts';
import { bearer, call, makeUser, testClock, type TestClock } from '../../../test/factories.ts';
import { POSTER_QR } from './poster.ts';

let app: FastifyInstance;
let clock: TestClock;
let liveId: number;
beforeAll(async () => {
  clock = testClock();
  app = await buildTestApp({ now: clock.now });
  const [l] = await app.db.select({ id: lives.id }).from(lives).where(eq(lives.status, 'published')).orderBy(asc(lives.id)).limit(1);
  liveId = l!.id;
}, 60_000);
afterAll(async () => {
  await app?.close();
});

const host = { host: 'localhost:8080' };

/**
 * Reads the poster's QR square back, module by module, and compares it with the QR code of
 * `text`: the poster carries exactly the code a scanner would decode to that text.
 */
function qrMatches(png: Png, text: string): boolean {
  const expected = qrModules(text);
  const n = expected.length;
  const cell = (POSTER_QR.size * 2) / n;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const x = Math.floor(POSTER_QR.x * 2 + (c + 0.5) * cell);
      const y = Math.floor(POSTER_QR.y * 2 + (r + 0.5) * cell);
      const i = (y * png.width + x) * 4;
      const dark = (png.data[i] ?? 255) < 128;
      if (dark !== expected[r]![c]) return false;
    }
  }
  return true;
}

describe('share posters', () => {
  it('draws a live poster as a PNG of the poster size whose QR opens the live room', async () => {
    const res = await app.inject({ url: `/v1/user/poster?type=live&id=${liveId}&lang=zh`, headers: host });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = readPng(res.rawPayload);
    expect([png.width, png.height]).toEqual([POSTER_SIZE.width, POSTER_SIZE.height]);
    expect(qrMatches(png, `http://localhost:8080/w/o/live/${liveId}`)).toBe(true);
    expect(qrMatches(png, `http://localhost:8080/w/o/live/${liveId + 1}`)).toBe(false);
  }, 30_000);

  it('draws news and speaker posters in English with their own URLs', async () => {
    const [n] = await app.db.select({ id: news.id }).from(news).where(eq(news.status, 'published')).limit(1);
    const [s] = await app.db.select({ id: speakers.id }).from(speakers).where(eq(speakers.status, 'published')).limit(1);
    const nr = await app.inject({ url: `/v1/user/poster?type=news&id=${n!.id}&lang=en`, headers: host });
    expect(qrMatches(readPng(nr.rawPayload), `http://localhost:8080/news/${n!.id}`)).toBe(true);
    const sr = await app.inject({ url: `/v1/user/poster?type=speaker&id=${s!.id}&lang=en`, headers: host });
    expect(qrMatches(readPng(sr.rawPayload), `http://localhost:8080/speaker/${s!.id}`)).toBe(true);
  }, 30_000);

  it('answers 404 for an unknown item and a PNG mini-program code for a page', async () => {
    expect((await app.inject({ url: '/v1/user/poster?type=live&id=999999' })).statusCode).toBe(404);
    const mini = await app.inject({ url: `/v1/user/mini_qrcode?page=${encodeURIComponent('/pages/skip/index?type=20&module=live&module_id=1')}` });
    expect(mini.statusCode).toBe(200);
    expect(readPng(mini.rawPayload).width).toBeGreaterThan(100);
    const bad = await app.inject({ url: '/v1/user/mini_qrcode?page=https://evil.example' });
    expect(bad.headers['content-type']).toContain('application/json');
    expect(bad.json<{ code: number }>().code).not.toBe(0);
  }, 30_000);
});

describe('scan-to-watch links', () => {
  it('are signed for moderators only, open the live room, and expire', async () => {
    const mod = await makeUser(app);
    const other = await makeUser(app);
    await app.db.insert(liveModerators).values({ liveId, userId: mod.id });
    const refused = await call(app, { url: `/v1/live/${liveId}/redirect_link`, headers: bearer(other.access) });
    expect(refused.code).not.toBe(0);
    const link = await call<{ url: string; expires_at: string }>(app, { url: `/v1/live/${liveId}/redirect_link`, headers: { ...bearer(mod.access), ...host } });
    expect(link.code).toBe(0);
    const url = new URL(link.data.url);
    expect(url.origin + url.pathname).toBe('http://localhost:8080/redirect');
    const t = url.searchParams.get('t')!;
    const ok = await call<{ live_id: number; target: string }>(app, { url: `/v1/redirect?t=${encodeURIComponent(t)}` });
    expect(ok.data).toMatchObject({ live_id: liveId, target: `/w/o/live/${liveId}` });

    // Another live's id in the same signature is refused.
    const [body, sig] = t.split('.');
    const forged = `${Buffer.from(JSON.stringify({ l: liveId + 1, e: JSON.parse(Buffer.from(body!, 'base64url').toString()).e })).toString('base64url')}.${sig}`;
    expect((await call(app, { url: `/v1/redirect?t=${encodeURIComponent(forged)}` })).code).toBe(40307);

    clock.advance(25 * 3600);
    expect((await call(app, { url: `/v1/redirect?t=${encodeURIComponent(t)}` })).code).toBe(40306);
  });
});
