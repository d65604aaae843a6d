import { Covid19Data, ErrorCode, LiveCard, PreActUiConfig, ProductLivesData } from '@medportal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { call } from '../../../test/factories.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('GET /v1/covid19', () => {
  it('gives every province-level division, totals that add up and the date of the static figures', async () => {
    const zh = Covid19Data.parse((await call<unknown>(app, { url: '/v1/covid19?language=zh_CN' })).data);
    const en = Covid19Data.parse((await call<unknown>(app, { url: '/v1/covid19?language=en' })).data);
    expect(zh.provinces).toHaveLength(34);
    expect(zh.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(zh.is_demo).toBe(true);
    expect(zh.totals.confirmed).toBe(zh.provinces.reduce((n, p) => n + p.confirmed, 0));
    expect(zh.provinces.find((p) => p.code === '420000')?.name).toBe('湖北');
    expect(en.provinces.find((p) => p.code === '420000')?.name).toBe('Hubei');
    expect(en.source).not.toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('GET /v1/live/product/{product}', () => {
  it("lists only the lives tagged with the product, and NOT_FOUND for an unknown product", async () => {
    const res = await call<unknown>(app, { url: '/v1/live/product/vjhemonc' });
    expect(res.code, res.message).toBe(0);
    const data = ProductLivesData.parse(res.data);
    expect(data.items.length).toBeGreaterThan(0);
    for (const item of data.items) LiveCard.parse(item);
    const onc = ProductLivesData.parse((await call<unknown>(app, { url: '/v1/live/product/vjoncology' })).data);
    expect(onc.items.map((l) => l.id)).not.toEqual(data.items.map((l) => l.id));
    expect((await call(app, { url: '/v1/live/product/no_such_product' })).code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('GET /v1/user/pre_act/{id}/ui_config', () => {
  it("gives the demo page's look per language, and NOT_FOUND for an unknown id", async () => {
    const zh = PreActUiConfig.parse((await call<unknown>(app, { url: '/v1/user/pre_act/1/ui_config?language=zh_CN' })).data);
    const en = PreActUiConfig.parse((await call<unknown>(app, { url: '/v1/user/pre_act/1/ui_config?language=en' })).data);
    expect(zh.title).toMatch(/[\u4e00-\u9fff]/);
    expect(en.title).not.toMatch(/[\u4e00-\u9fff]/);
    expect(zh.colors).toEqual(en.colors);
    expect(zh.buttons.length).toBeGreaterThan(0);
    expect((await call(app, { url: '/v1/user/pre_act/999/ui_config' })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await call(app, { url: '/v1/user/pre_act/abc/ui_config' })).code).toBe(ErrorCode.VALIDATION);
  });
});
