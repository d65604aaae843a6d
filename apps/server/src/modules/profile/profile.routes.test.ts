import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@medportal/contract';
import { authSessions, uploads, userIdentities, users } from '../../db/schema/index.ts';
import { verifyToken } from '../../lib/crypto.ts';
import { accountsApp, bearer, call, emailCode, makeUser, newMobile, smsCode, type TestClock } from '../../../test/factories.ts';

let app: FastifyInstance;
let clock: TestClock;
beforeAll(async () => {
  // Demo content: the department tree comes from the seeded departments table.
  ({ app, clock } = await accountsApp({ seed: true, config: { imageUploadLimitBytes: 64 * 1024 } }));
});
afterAll(async () => {
  await app?.close();
});

/** A real 2×3 PNG. */
function png(width = 2, height = 3): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const byte of b) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc((width * 3 + 1) * height, 0x7f);
  for (let y = 0; y < height; y++) raw[y * (width * 3 + 1)] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

function multipart(token: string, filename: string, content: Buffer, field = 'file') {
  const boundary = '----medportal-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(token) } };
}

describe('personal info', () => {
  it('reads and updates the own profile; HTML in a nickname is stored as text', async () => {
    const u = await makeUser(app);
    const h = bearer(u.access);
    const info = await call<Record<string, unknown>>(app, { url: '/v1/user/personal_info', headers: h });
    expect(info.code).toBe(0);
    expect(info.data).toMatchObject({ id: u.id, availablescore: 0, profile_completed: false, department: null });
    const tree = await call<{ items: Array<{ id: number; title: string; children: Array<{ id: number; title: string }> }> }>(app, { url: '/v2/user/personal_department' });
    const internal = tree.data.items.find((n) => n.title === '内科');
    expect(internal?.children.map((c) => c.title)).toEqual(expect.arrayContaining(['心血管内科', '血液科', '肿瘤科', '消化内科']));
    const cardiology = internal?.children.find((c) => c.title === '心血管内科');
    const en = await call<{ items: Array<{ title: string }> }>(app, { url: '/v2/user/personal_department?language=en' });
    expect(en.data.items.map((n) => n.title)).toEqual(expect.arrayContaining(['Internal Medicine', 'Surgery']));
    const updated = await call<{ nickname: string; department: { title: string } }>(app, {
      method: 'PUT',
      url: '/v1/user/personal_info',
      headers: h,
      payload: { nickname: '<script>x</script>', department_id: cardiology?.id, gender: 2, platform: 'web', language: 'zh_CN' },
    });
    expect(updated.code).toBe(0);
    expect(updated.data.nickname).toBe('<script>x</script>');
    expect(updated.data.department.title).toBe('心血管内科');
    const badDep = await call(app, { method: 'PUT', url: '/v1/user/personal_info', headers: h, payload: { department_id: 999_999 } });
    expect(badDep.code).toBe(40000);
    expect(badDep.message).toContain('department_id');
  });

  it('submits a profile-completion form', async () => {
    const u = await makeUser(app);
    const res = await call(app, { method: 'POST', url: '/v1/user/form', headers: bearer(u.access), payload: { form: 'info_vj', real_name: '李华', occupation: 'doctor', research_field: 'Lymphoma', accept_updates: true } });
    expect(res).toMatchObject({ code: 0, data: { profile_completed: true } });
    const info = await call<{ real_name: string; profile_completed: boolean }>(app, { url: '/v1/user/login_info', headers: bearer(u.access) });
    expect(info.data.profile_completed).toBe(true);
  });

  it('never shows one user the other user’s data', async () => {
    const a = await makeUser(app, { nickname: 'Alice' });
    const b = await makeUser(app, { nickname: 'Bob' });
    for (const url of ['/v1/user/personal_info', '/v1/user/login_info']) {
      const ra = await call<{ nickname: string }>(app, { url, headers: bearer(a.access) });
      const rb = await call<{ nickname: string }>(app, { url, headers: bearer(b.access) });
      expect(ra.data.nickname).toBe('Alice');
      expect(rb.data.nickname).toBe('Bob');
    }
    await call(app, { method: 'PUT', url: '/v1/user/personal_info', headers: bearer(a.access), payload: { real_name: 'Alice Wong' } });
    const rb = await call<{ real_name: string }>(app, { url: '/v1/user/personal_info', headers: bearer(b.access) });
    expect(rb.data.real_name).toBe('');
  });

  it('gives settings and a signed meeting link', async () => {
    const u = await makeUser(app);
    const cfg = await call<{ meeting_base_url: string; language: string }>(app, { url: '/v1/user/config?language=en', headers: bearer(u.access) });
    expect(cfg.data).toMatchObject({ language: 'en', notify_live: true, meeting_base_url: 'https://www.medportal.cn/meeting' });
    const link = await call<{ url: string }>(app, { method: 'POST', url: '/v1/user/user_sync_to_meeting', headers: bearer(u.access) });
    const url = new URL(link.data.url);
    expect(url.origin + url.pathname).toBe('https://www.medportal.cn/meeting/sso');
    const payload = verifyToken(app.accounts.secret, 'meeting-sso', url.searchParams.get('token') ?? '');
    expect(payload?.uid).toBe(u.id);
    expect(Number(payload?.exp) * 1000).toBeGreaterThan(clock.now().getTime());
  });
});

describe('bind and merge', () => {
  it('binds a free mobile; a taken one answers ACCOUNT_TAKEN with a merge token; merging moves identities and revokes the other', async () => {
    const me = await makeUser(app, { mobile: null, email: `me${Date.now()}@example.com` });
    const freeMobile = newMobile();
    const code = await smsCode(app, freeMobile, 'bind');
    const bound = await call<{ mobile: string }>(app, { method: 'POST', url: '/v1/user/personal_info/bind_mobile', headers: bearer(me.access), payload: { mobile: freeMobile, code } });
    expect(bound.code).toBe(0);
    expect(bound.data.mobile).toBe(`${freeMobile.slice(0, 3)}****${freeMobile.slice(-4)}`);

    const other = await makeUser(app, { nickname: 'Other', password: 'other-pass-1' });
    clock.advance(61);
    const code2 = await smsCode(app, other.mobile ?? '', 'bind');
    const taken = await call<{ merge_token: string; other_nickname: string }>(app, {
      method: 'POST',
      url: '/v1/user/personal_info/bind_mobile',
      headers: bearer(me.access),
      payload: { mobile: other.mobile, code: code2 },
    });
    expect(taken.code).toBe(40108);
    expect(taken.data.other_nickname).toBe('Other');
    // The token is bound to the user who asked.
    expect((await call(app, { method: 'POST', url: '/v1/user/merge_user', headers: bearer(other.access), payload: { merge_token: taken.data.merge_token, confirm: true } })).code).toBe(40000);
    expect((await call(app, { method: 'POST', url: '/v1/user/merge_user', headers: bearer(me.access), payload: { merge_token: taken.data.merge_token } })).code).toBe(40000);
    const merged = await call<{ merged_user_id: number }>(app, { method: 'POST', url: '/v1/user/merge_user', headers: bearer(me.access), payload: { merge_token: taken.data.merge_token, confirm: true } });
    expect(merged).toMatchObject({ code: 0, data: { merged_user_id: other.id } });
    expect((await call(app, { url: '/v1/user/login_info', headers: bearer(other.access) })).code).toBe(200203);
    const [row] = await app.db.select().from(users).where(eq(users.id, other.id));
    expect(row?.status).toBe('merged');
    expect(row?.mergedInto).toBe(me.id);
    // The other account's mobile and password now log in as me.
    const login = await call<{ user_access_token: string }>(app, { method: 'POST', url: '/v1/user/login', payload: { type: 'password', account: other.mobile, password: 'other-pass-1' } });
    const who = await call<{ user_id: number }>(app, { url: '/v1/user/login_info', headers: bearer(login.data.user_access_token) });
    expect(who.data.user_id).toBe(me.id);
    // A spent merge token does nothing.
    expect((await call(app, { method: 'POST', url: '/v1/user/merge_user', headers: bearer(me.access), payload: { merge_token: taken.data.merge_token, confirm: true } })).code).toBe(40000);
  });

  it('binds an email with an email code', async () => {
    const me = await makeUser(app);
    const email = `bind${Date.now()}@example.com`;
    const code = await emailCode(app, email, 'bind');
    const res = await call<{ email: string }>(app, { method: 'POST', url: '/v1/user/personal_info/bind_email', headers: bearer(me.access), payload: { email, code } });
    expect(res.code).toBe(0);
    expect(res.data.email).toMatch(/^b\*\*\*@example\.com$/);
  });
});

describe('avatar upload', () => {
  it('accepts real PNG bytes, serves them with long cache and nosniff, and lets the avatar point at it', async () => {
    const u = await makeUser(app);
    const res = await call<{ url: string; width: number; height: number }>(app, { method: 'POST', url: '/v1/user/img', ...multipart(u.access, 'me.png', png()) });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ width: 2, height: 3 });
    expect(res.data.url).toMatch(/^\/uploads\/\d{6}\/[A-Za-z0-9_-]+\.png$/);
    const file = await app.inject({ url: res.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toContain('immutable');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(png())).toBe(true);
    const set = await call<{ avatar_url: string }>(app, { method: 'PUT', url: '/v1/user/personal_info', headers: bearer(u.access), payload: { avatar_url: res.data.url } });
    expect(set.data.avatar_url).toBe(res.data.url);
    // Someone else cannot claim it.
    const other = await makeUser(app);
    expect((await call(app, { method: 'PUT', url: '/v1/user/personal_info', headers: bearer(other.access), payload: { avatar_url: res.data.url } })).code).toBe(40000);
    expect((await app.inject({ url: '/uploads/202601/../../etc.png' })).statusCode).toBe(404);
  });

  it('rejects a .png-named text file, a missing file and a file over the limit', async () => {
    const u = await makeUser(app);
    const text = await call(app, { method: 'POST', url: '/v1/user/img', ...multipart(u.access, 'evil.png', Buffer.from('<html><script>alert(1)</script></html>')) });
    expect(text.code).toBe(40000);
    expect(text.message).toContain('file');
    const none = await call(app, { method: 'POST', url: '/v1/user/img', headers: bearer(u.access), payload: {} });
    expect(none.code).toBe(40000);
    // Just under the 64 KB limit: stored.
    expect((await call(app, { method: 'POST', url: '/v1/user/img', ...multipart(u.access, 'large.png', Buffer.concat([png(), Buffer.alloc(60 * 1024)])) })).code).toBe(0);
    const big = Buffer.concat([png(), Buffer.alloc(80 * 1024)]);
    const res = await app.inject({ method: 'POST', url: '/v1/user/img', ...multipart(u.access, 'big.png', big) });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(40013);
  });
});

describe('upload limits (rate, quota, pixels) under a burst', () => {
  let limited: FastifyInstance;
  let limitedClock: TestClock;
  beforeAll(async () => {
    ({ app: limited, clock: limitedClock } = await accountsApp({ config: { imageUploadLimitBytes: 64 * 1024, uploadsPerHour: 5, uploadQuotaBytes: 1000 } }));
  });
  afterAll(async () => {
    await limited?.close();
  });
  const upload = (token: string, content: Buffer) => call<{ url: string; retry_after?: number }>(limited, { method: 'POST', url: '/v1/user/img', ...multipart(token, 'a.png', content) });
  const stored = async (userId: number) => (await limited.db.select().from(uploads).where(eq(uploads.userId, userId))).length;

  it('lets 5 of 20 uploads sent at once through in an hour, then more after the hour', async () => {
    const u = await makeUser(limited);
    const answers = await Promise.all(Array.from({ length: 20 }, () => upload(u.access, png())));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(5);
    const refused = answers.filter((a) => a.code !== 0);
    expect(refused.map((a) => a.code)).toEqual(refused.map(() => ErrorCode.RATE_LIMITED));
    expect(refused[0]?.data.retry_after).toBeGreaterThan(3500);
    expect(await stored(u.id)).toBe(5);
    limitedClock.advance(3601);
    expect((await upload(u.access, png())).code).toBe(0);
  });

  it('stops at the quota of stored bytes, under a burst too', async () => {
    const u = await makeUser(limited);
    // 370-byte files against a 1000-byte quota: two fit.
    const file = Buffer.concat([png(), Buffer.alloc(370 - png().length)]);
    const answers = await Promise.all(Array.from({ length: 8 }, () => upload(u.access, file)));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(2);
    const refused = answers.filter((a) => a.code !== 0);
    expect(refused.map((a) => a.code)).toEqual(refused.map(() => ErrorCode.UPLOAD_QUOTA_EXCEEDED));
    expect(refused[0]?.data).toEqual({ quota_mb: 0 });
    expect(await stored(u.id)).toBe(2);
  });

  it('refuses an image whose header claims more than 40 million pixels (100000×100000), before storing it', async () => {
    const u = await makeUser(limited);
    const header = (w: number, h: number) => {
      const b = png();
      b.writeUInt32BE(w, 16);
      b.writeUInt32BE(h, 20);
      return b;
    };
    const huge = await call(limited, { method: 'POST', url: '/v1/user/img?language=en', ...multipart(u.access, 'bomb.png', header(100_000, 100_000)) });
    expect(huge).toEqual({
      code: 40000,
      message: 'file: must have at most 40 million pixels',
      data: { fields: [{ field: 'file', message: 'must have at most 40 million pixels' }] },
    });
    expect((await upload(u.access, header(8000, 5001))).code).toBe(40000);
    expect(await stored(u.id)).toBe(0);
    expect((await upload(u.access, header(8000, 5000))).code).toBe(0);
  });
});

describe('account cancellation', () => {
  it('needs a cancel code, then anonymises the user and revokes every token', async () => {
    const u = await makeUser(app, { email: `bye${Date.now()}@example.com`, password: 'bye-pass-1', nickname: 'Leaving' });
    const second = await app.accounts.tokens.open(app.db, u.id, 'web');
    expect((await call(app, { url: '/v1/user/login_info', headers: bearer(second.access) })).code).toBe(0);
    expect((await call(app, { method: 'POST', url: '/v1/user/account/cancel', headers: bearer(u.access), payload: { code: '000000', confirm: true } })).code).toBe(40102);
    clock.advance(61);
    const code = await smsCode(app, u.mobile ?? '', 'cancel');
    expect((await call(app, { method: 'POST', url: '/v1/user/account/cancel', headers: bearer(u.access), payload: { code } })).code).toBe(40000);
    const res = await call(app, { method: 'POST', url: '/v1/user/account/cancel', headers: bearer(u.access), payload: { code, confirm: true } });
    expect(res.code).toBe(0);
    for (const t of [u.access, second.access]) expect((await call(app, { url: '/v1/user/login_info', headers: bearer(t) })).code).toBe(200203);
    const [row] = await app.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ status: 'cancelled', nickname: '已注销用户', passwordHash: null, payPasswordHash: null, avatarUrl: '', realName: '' });
    expect(await app.db.select().from(userIdentities).where(eq(userIdentities.userId, u.id))).toEqual([]);
    const sessions = await app.db.select().from(authSessions).where(eq(authSessions.userId, u.id));
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
    // The number is free again: an SMS login makes a new account.
    clock.advance(61);
    const again = await call<{ is_new_user: boolean }>(app, { method: 'POST', url: '/v1/user/login', payload: { type: 'sms', agree_terms: true, mobile: u.mobile, code: await smsCode(app, u.mobile ?? '') } });
    expect(again.data.is_new_user).toBe(true);
  });
});
