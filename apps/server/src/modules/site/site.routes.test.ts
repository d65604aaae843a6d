import { ActionType, ErrorCode, ProductPage, RelateSiteData, SiteConfig, UserBannerData } from '@medportal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ config: {} });
});
afterAll(async () => {
  await app?.close();
});

describe('GET /v1/relate_site', () => {
  it('lists the six sister products in order, in the request language', async () => {
    const zh = await app.inject({ url: '/v1/relate_site' });
    const en = await app.inject({ url: '/v1/relate_site?language=en' });
    const zhItems = RelateSiteData.parse(zh.json().data).items;
    const enItems = RelateSiteData.parse(en.json().data).items;
    expect(zh.json()).toMatchObject({ code: 0, message: '' });
    expect(zhItems.map((s) => s.key)).toEqual(['creation', 'literature', 'meeting', 'drug_newsletter', 'dictionary', 'illustration']);
    expect(zhItems[0]?.title).toBe('创作中心');
    expect(enItems[0]?.title).toBe('Creation Centre');
    for (const s of zhItems) expect(s.icon).toMatch(/^\/media\/cover\/icon\//);
  });
});

describe('GET /v1/relate_site/{key}', () => {
  it('gives every sister product a landing page with its description, features and links, in zh and en', async () => {
    const { items } = RelateSiteData.parse((await app.inject({ url: '/v1/relate_site' })).json().data);
    for (const site of items) {
      expect(site.url).toBe(`/${site.key}`);
      const zhRes = (await app.inject({ url: `/v1/relate_site/${site.key}` })).json();
      expect(zhRes.code, site.key).toBe(0);
      const zh = ProductPage.parse(zhRes.data);
      const en = ProductPage.parse((await app.inject({ url: `/v1/relate_site/${site.key}?language=en` })).json().data);
      expect(zh).toMatchObject({ key: site.key, title: site.title, desc: site.desc });
      expect(zh.intro_html).toMatch(/^<p>[\s\S]*[\u4e00-\u9fff]/);
      expect(en.intro_html).not.toMatch(/[\u4e00-\u9fff]/);
      expect(zh.features.length).toBeGreaterThanOrEqual(3);
      expect(en.features[0]?.title).not.toBe(zh.features[0]?.title);
      // The main call to action opens the product itself; the others stay in the portal.
      expect(zh.links[0]?.action).toMatchObject({ type: ActionType.EXTERNAL_URL, target: '_blank' });
      expect(zh.links[0]?.action.data?.url).toMatch(/^https:\/\/[a-z]+\.medportal\.cn\/$/);
      expect(zh.links.slice(1).every((l) => l.action.type === ActionType.ROUTE && l.action.data?.url?.startsWith('/'))).toBe(true);
      expect(zh.others.map((o) => o.key)).toEqual(items.filter((o) => o.key !== site.key).map((o) => o.key));
    }
  });

  it('NOT_FOUND for an unknown product, VALIDATION for a malformed key', async () => {
    expect((await app.inject({ url: '/v1/relate_site/nothing' })).json().code).toBe(ErrorCode.NOT_FOUND);
    expect((await app.inject({ url: '/v1/relate_site/Creation!' })).json().code).toBe(ErrorCode.VALIDATION);
  });
});

describe('GET /v1/user/banner', () => {
  it('defaults to the home side panel', async () => {
    const res = await app.inject({ url: '/v1/user/banner' });
    const { items } = UserBannerData.parse(res.json().data);
    expect(items).toHaveLength(2);
  });

  it('answers the user-centre slot in English', async () => {
    const res = await app.inject({ url: '/v1/user/banner?position=user_center&language=en' });
    const { items } = UserBannerData.parse(res.json().data);
    expect(items.map((b) => b.title)).toEqual(['Complete your profile for a learning pack', 'My coupons']);
  });

  it('rejects an unknown position with a VALIDATION envelope naming the field, in zh and en', async () => {
    const zh = await app.inject({ url: '/v1/user/banner?position=zzz' });
    expect(zh.statusCode).toBe(200);
    expect(zh.json()).toEqual({
      code: 40000,
      message: 'position: 必须是以下之一：home_side、user_center',
      data: { fields: [{ field: 'position', message: '必须是以下之一：home_side、user_center' }] },
    });
    const en = await app.inject({ url: '/v1/user/banner?position=zzz&language=en' });
    expect(en.json().message).toBe('position: must be one of: home_side, user_center');
    expect(en.json().data.fields[0].field).toBe('position');
  });
});

describe('GET /v1/site/config', () => {
  it('returns the site chrome from configuration', async () => {
    const res = await app.inject({ url: '/v1/site/config?language=en' });
    const cfg = SiteConfig.parse(res.json().data);
    expect(cfg.app_downloads.map((a) => a.key)).toEqual(['ios', 'android']);
    expect(cfg.wechat_account.title).toBe('WeChat Official Account');
    expect(cfg.contact.email).toBe('service@medportal.cn');
    for (const entry of [...cfg.app_downloads, cfg.wechat_account, ...cfg.media_accounts]) {
      expect(entry.url).toMatch(/^https:\/\/www\.medportal\.cn\//);
    }
  });
});

describe('common parameters', () => {
  it('never fail a request: bad platform, timezone or language fall back to defaults', async () => {
    const res = await app.inject({ url: '/v1/relate_site?platform=ios&timezone=Mars/Base&language=klingon&appversion=' });
    expect(res.json().code).toBe(0);
    expect(res.json().data.items[0].title).toBe('创作中心');
  });
});
