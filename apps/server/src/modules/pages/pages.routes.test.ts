import { ContactFormData, ErrorCode, SitePage, SitePageSlug } from '@medportal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, sitePages } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { bearer, call, makeUser, testClock } from '../../../test/factories.ts';
import { CONTACT_LIMITS, CONTACT_RETENTION_DAYS, presentSitePage, sweepContactMessages } from './pages.service.ts';

const clock = testClock(Date.parse('2025-07-01T04:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  // The documents come with the migrations, not the demo seed.
  app = await buildTestApp({ seed: false, now: clock.now });
});
afterAll(async () => {
  await app?.close();
});

const page = async (slug: string, lang: 'zh_CN' | 'en' = 'zh_CN') => {
  const res = await call<unknown>(app, { url: `/v1/site/page/${slug}?language=${lang}` });
  expect(res.code, `${slug} ${lang}: ${res.message}`).toBe(0);
  return SitePage.parse(res.data);
};

const text = (html: string) => html.replace(/<[^>]+>/g, ' ');
const sitePaths = (html: string) => [...html.matchAll(/href="(\/[^"]*)"/g)].map((m) => m[1]);

describe('GET /v1/site/page/{slug}', () => {
  it('serves every linked document in both languages, complete and without placeholders', async () => {
    for (const slug of Object.values(SitePageSlug)) {
      const zh = await page(slug);
      const en = await page(slug, 'en');
      expect(zh.slug).toBe(slug);
      expect(zh.title).not.toBe(en.title);
      expect(zh.body_html).toMatch(/[\u4e00-\u9fff]/);
      expect(en.body_html).not.toMatch(/[\u4e00-\u9fff]/);
      for (const doc of [zh, en]) {
        expect(doc.body_html).not.toMatch(/\{\{|lorem|ipsum|TODO/i);
        expect(text(doc.body_html).length, `${slug} has substance`).toBeGreaterThan(300);
      }
    }
  });

  it('the privacy policy covers what PIPL asks for: data collected, purposes, retention, rights, contact', async () => {
    const zh = text((await page('privacy')).body_html);
    const en = text((await page('privacy', 'en')).body_html);
    for (const words of ['我们收集哪些个人信息', '处理目的与法律依据', '保存期限', '您的权利', '敏感个人信息', '联系我们', '撤回同意', '注销']) {
      expect(zh).toContain(words);
    }
    for (const words of ['What we collect', 'Purposes and legal bases', 'Kept for', 'Your rights', 'Sensitive personal information', 'Contact', 'Withdraw consent', 'Close your account']) {
      expect(en).toContain(words);
    }
    const policy = await page('privacy', 'en');
    expect(policy.version).toBe('2025-07');
    expect(policy.effective_on).toBe('2025-07-01');
  });

  it('fills contact details from the site configuration, escaped', async () => {
    // The same row with another operator's contact details (a second app would cost a migration run).
    const [row] = await app.db.select().from(sitePages).where(eq(sitePages.slug, 'privacy'));
    if (!row) throw new Error('privacy policy missing');
    const site = { ...app.accounts.config.site, contact: { phone: '010-1234 5678', email: 'dpo@example.cn', address: { zh_CN: '上海 <1 号>', en: 'No. 1 <Shanghai>' } } };
    const en = presentSitePage(row, 'en', site).body_html;
    expect(en).toContain('dpo@example.cn');
    expect(en).toContain('010-1234 5678');
    expect(en).toContain('No. 1 &lt;Shanghai&gt;');
    expect(presentSitePage(row, 'zh_CN', site).body_html).toContain('上海 &lt;1 号&gt;');
    const served = await page('privacy', 'en');
    expect(served.body_html).toContain(app.accounts.config.site.contact.email);
  });

  it('keeps links to pages of the site in the tab and sends outside links to a new tab', async () => {
    const sdk = await page('privacy-sdk');
    expect(sitePaths(sdk.body_html)).toContain('/privacy');
    expect(sdk.body_html).toMatch(/<a href="https:\/\/[^"]+" rel="noopener noreferrer" target="_blank">/);
    expect(sdk.body_html).not.toMatch(/<a href="\/[^"]*" [^>]*target=/);
    const agreement = await page('contract');
    expect(new Set(sitePaths(agreement.body_html))).toEqual(new Set(['/privacy', '/contact_us', '/security/account/cancellation', '/privacy/sdk']));
  });

  it('sanitises what an editor stores and hides unpublished pages', async () => {
    await app.db.insert(sitePages).values({
      slug: 'test-page',
      titleZh: '测试',
      bodyZh: '<p onclick="x()">正文<script>alert(1)</script><a href="javascript:alert(1)">a</a><a href="//evil.example">b</a></p>',
    });
    const shown = await page('test-page');
    expect(shown.body_html).toBe('<p>正文<a>a</a><a>b</a></p>');
    expect(shown.title).toBe('测试');
    await app.db.update(sitePages).set({ status: 'draft' }).where(eq(sitePages.slug, 'test-page'));
    // A writer drops the cached pages (an operator's SQL edit announces itself: README, decision record 0031).
    app.publicCache.invalidate(['site']);
    expect((await call(app, { url: '/v1/site/page/test-page' })).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('NOT_FOUND for an unknown slug, VALIDATION for a malformed one, in zh and en', async () => {
    const missing = await call(app, { url: '/v1/site/page/nope?language=en' });
    expect(missing).toMatchObject({ code: ErrorCode.NOT_FOUND, message: 'This item does not exist or is no longer available' });
    const bad = await call<{ fields: Array<{ field: string }> }>(app, { url: '/v1/site/page/Bad%20Slug' });
    expect(bad.code).toBe(ErrorCode.VALIDATION);
    expect(bad.data.fields[0]?.field).toBe('slug');
  });
});

describe('POST /v1/user/contact_form', () => {
  let ipSeq = 0;
  const nextIp = () => `10.20.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  const send = (payload: Record<string, unknown>, opts: { ip?: string; headers?: Record<string, string>; lang?: string } = {}) =>
    call<ContactFormData & { retry_after?: number; fields?: Array<{ field: string; message: string }> }>(app, {
      method: 'POST',
      url: `/v1/user/contact_form${opts.lang ? `?language=${opts.lang}` : ''}`,
      remoteAddress: opts.ip ?? nextIp(),
      headers: opts.headers,
      payload,
    });

  it('stores an anonymous message and answers a reference to quote', async () => {
    const res = await send({ name: ' 王医生 ', contact: 'Doctor.Wang@Example.com', message: '  课程第三章无法播放，请帮忙看看。 ' }, { ip: '10.1.1.1' });
    expect(res.code).toBe(0);
    const data = ContactFormData.parse(res.data);
    const [row] = await app.db.select().from(contactMessages).where(eq(contactMessages.id, Number(data.reference.slice(-6))));
    expect(data.reference).toMatch(/^C20250701-\d{6}$/);
    expect(data.received_at).toBe(clock.now().toISOString());
    expect(row).toMatchObject({ name: '王医生', contact: 'Doctor.Wang@Example.com', contactKind: 'email', message: '课程第三章无法播放，请帮忙看看。', userId: null, ip: '10.1.1.1', lang: 'zh_CN', status: 'new' });
  });

  it('ties the message to the account when a logged-in user sends it', async () => {
    const user = await makeUser(app);
    const res = await send({ name: 'Dr Li', contact: '+86 139 0000 1111', message: 'Please add English subtitles.' }, { headers: bearer(user.access), lang: 'en' });
    expect(res.code).toBe(0);
    const [row] = await app.db.select().from(contactMessages).where(eq(contactMessages.id, Number(res.data.reference.slice(-6))));
    expect(row).toMatchObject({ userId: user.id, contactKind: 'phone', lang: 'en' });
  });

  it('rejects missing, too long or malformed fields with a VALIDATION envelope per field, in zh and en', async () => {
    const zh = await send({ name: '', contact: 'not a contact', message: 'hi' });
    expect(zh.code).toBe(ErrorCode.VALIDATION);
    expect(zh.data.fields).toEqual([
      { field: 'name', message: '不能为空' },
      { field: 'contact', message: '请填写手机号或邮箱' },
      { field: 'message', message: '长度至少为5个字符' },
    ]);
    const en = await send({ name: 'x'.repeat(51), contact: '12', message: 'y'.repeat(2001) }, { lang: 'en' });
    expect(en.data.fields).toEqual([
      { field: 'name', message: 'must be at most 50 characters' },
      { field: 'contact', message: 'must be a phone number or an email address' },
      { field: 'message', message: 'must be at most 2000 characters' },
    ]);
    const missing = await send({}, { lang: 'en' });
    expect(missing.data.fields?.map((f) => f.field)).toEqual(['name', 'contact', 'message']);
    expect(missing.data.fields?.every((f) => f.message === 'is required')).toBe(true);
  });

  it(`limits one address to ${CONTACT_LIMITS.perIp.max} messages per window, whatever the contact`, async () => {
    const ip = '10.30.0.1';
    for (let i = 0; i < CONTACT_LIMITS.perIp.max; i++) {
      expect((await send({ name: 'A', contact: `a${i}@example.com`, message: 'hello there' }, { ip })).code).toBe(0);
    }
    const limited = await send({ name: 'A', contact: 'other@example.com', message: 'hello there' }, { ip, lang: 'en' });
    expect(limited).toMatchObject({ code: ErrorCode.RATE_LIMITED, message: 'Too many attempts; please try again later' });
    expect(limited.data.retry_after).toBeGreaterThan(0);
    expect(limited.data.retry_after).toBeLessThanOrEqual(CONTACT_LIMITS.perIp.windowS);
    expect((await send({ name: 'A', contact: 'other@example.com', message: 'hello there' }, { ip: '10.30.0.2' })).code).toBe(0);
  });

  it(`limits one contact to ${CONTACT_LIMITS.perContact.max} messages per window, however it is typed and from any address`, async () => {
    const spellings = ['13900002222', '+86 139 0000 2222', '0086-139-0000-2222'];
    for (const contact of spellings) expect((await send({ name: 'B', contact, message: 'hello there' })).code).toBe(0);
    expect((await send({ name: 'B', contact: '139 0000 2222', message: 'hello there' })).code).toBe(ErrorCode.RATE_LIMITED);
    for (let i = 0; i < CONTACT_LIMITS.perContact.max; i++) {
      expect((await send({ name: 'C', contact: 'Same@Example.com', message: 'hello there' })).code).toBe(0);
    }
    expect((await send({ name: 'C', contact: 'same@example.com', message: 'hello there' })).code).toBe(ErrorCode.RATE_LIMITED);
  });

  it(`deletes messages ${CONTACT_RETENTION_DAYS} days after they arrive`, async () => {
    const res = await send({ name: 'D', contact: 'retention@example.com', message: 'keep me for a year' });
    const id = Number(res.data.reference.slice(-6));
    const at = clock.now().getTime();
    await sweepContactMessages(app.db, new Date(at + (CONTACT_RETENTION_DAYS - 1) * 86_400_000));
    expect(await app.db.select().from(contactMessages).where(eq(contactMessages.id, id))).toHaveLength(1);
    await sweepContactMessages(app.db, new Date(at + (CONTACT_RETENTION_DAYS + 1) * 86_400_000));
    expect(await app.db.select().from(contactMessages).where(eq(contactMessages.id, id))).toHaveLength(0);
  });
});
