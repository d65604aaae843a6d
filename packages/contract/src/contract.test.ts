import { describe, expect, it } from 'vitest';
import {
  Action,
  BlockLayout,
  CommonParams,
  DOI_PATTERN,
  EMAIL_PATTERN,
  ErrorCode,
  HomeBlock,
  PageQuery,
  pathOf,
  routes,
  schemas,
  errorMessage,
  errorMessages,
  formatCount,
} from './index.ts';
import { adminRoutes } from './admin-routes.ts';

describe('error-code table', () => {
  it('keeps the codes the spec names', () => {
    expect(ErrorCode.OK).toBe(0);
    expect(ErrorCode.FALSE).toBe(10001);
    expect(ErrorCode.NOT_LOGGED_IN).toBe(200203);
  });

  it('has a distinct code and a zh and en message for every entry', () => {
    const codes = Object.values(ErrorCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) {
      expect(errorMessages[code].zh_CN.length).toBeGreaterThan(0);
      expect(errorMessages[code].en.length).toBeGreaterThan(0);
      expect(errorMessages[code].zh_CN).not.toBe(errorMessages[code].en);
    }
    expect(errorMessage(ErrorCode.NOT_FOUND, 'en')).toMatch(/not exist/);
  });
});

describe('common parameters', () => {
  it('defaults platform and language and rejects unknown values', () => {
    expect(CommonParams.parse({})).toMatchObject({ platform: 'web', language: 'zh_CN' });
    expect(CommonParams.safeParse({ language: 'fr' }).success).toBe(false);
    expect(CommonParams.safeParse({ platform: 'wechat', language: 'en' }).success).toBe(true);
  });

  it('bounds pagination', () => {
    expect(PageQuery.parse({})).toEqual({ page: 1, page_size: 20 });
    expect(PageQuery.parse({ page: '3', page_size: '50' })).toEqual({ page: 3, page_size: 50 });
    expect(PageQuery.safeParse({ page: -1 }).success).toBe(false);
    expect(PageQuery.safeParse({ page_size: 10_000 }).success).toBe(false);
  });
});

describe('home blocks', () => {
  const action = { type: 5, data: { id: 1 }, target: '_self' } as const;
  const header = { title: 't', more_action: null, hide: false };

  it('accepts a block of every layout and rejects unknown layouts', () => {
    for (const layout of Object.values(BlockLayout)) {
      const parsed = HomeBlock.safeParse({ id: 1, layout, header, data: { items: [] } });
      expect(parsed.success, layout).toBe(true);
    }
    expect(HomeBlock.safeParse({ id: 1, layout: 'carousel3d', header, data: { items: [] } }).success).toBe(false);
  });

  it('checks items against the layout', () => {
    const course = {
      id: 1, title: 'c', cover: '/c.svg', course_type: 2, price_type: 2, price: 990, original_price: 1990,
      learn_count: 10, learn_count_show: '10', course_updated_count: 3, tags: [], action,
    };
    expect(HomeBlock.safeParse({ id: 1, layout: 'courses', header, data: { items: [course] } }).success).toBe(true);
    expect(HomeBlock.safeParse({ id: 1, layout: 'papers', header, data: { items: [course] } }).success).toBe(false);
  });

  it('defaults an action to open in the same tab', () => {
    expect(Action.parse({ type: 1 })).toEqual({ type: 1, data: {}, target: '_self' });
  });
});

describe('validation patterns', () => {
  it('matches emails as the spec describes', () => {
    for (const ok of ['a.b-c_d@example.com', 'doc@hospital.org.cn', 'x@y.io']) expect(EMAIL_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['no-at.com', 'a@b', 'a@b.c', 'a@b.toolongtld', 'a b@c.com']) expect(EMAIL_PATTERN.test(bad), bad).toBe(false);
  });

  it('finds DOIs of the form 10.xxxx/...', () => {
    const text = 'See 10.1056/NEJMoa2034577. Also (10.1016/S0140-6736(20)30183-5) and 10.12/short.';
    expect(text.match(DOI_PATTERN)).toEqual(['10.1056/NEJMoa2034577', '10.1016/S0140-6736(20)30183-5']);
  });
});

describe('endpoint registry', () => {
  it('has unique method and path pairs under /v1 or /v2', () => {
    const all = [...Object.values(routes), ...Object.values(adminRoutes)];
    const keys = all.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const e of all) expect(e.path).toMatch(/^\/v[12]\//);
  });

  it('has schemas for exactly the routes of the route table', () => {
    expect(Object.keys(schemas).sort()).toEqual([...Object.keys(routes), ...Object.keys(adminRoutes)].sort());
  });

  it('fills and encodes path placeholders', () => {
    expect(pathOf('newsDetail', { id: 7 })).toBe('/v1/news/7');
    expect(pathOf('devCaptcha', { captcha_key: 'a/b c' })).toBe('/v1/dev/captcha/a%2Fb%20c');
    expect(pathOf('pcIndex')).toBe('/v1/pc_index');
    // @ts-expect-error the path has an :id placeholder
    expect(() => pathOf('newsDetail')).toThrow(/missing :id/);
  });
});

describe('formatCount', () => {
  it('uses 万/亿 in Chinese and k/M in English, one decimal, never rounding up', () => {
    expect(formatCount(9_999, 'zh_CN')).toBe('9999');
    expect(formatCount(12_999, 'zh')).toBe('1.2万');
    expect(formatCount(100_000, 'zh_CN')).toBe('10万');
    expect(formatCount(340_000_000, 'zh_CN')).toBe('3.4亿');
    expect(formatCount(856, 'en')).toBe('856');
    expect(formatCount(12_345, 'en')).toBe('12.3k');
    expect(formatCount(1_250_000, 'en')).toBe('1.2M');
    expect(formatCount(-3, 'en')).toBe('0');
  });
});
