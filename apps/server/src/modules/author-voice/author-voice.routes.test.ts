import {
  AuthorTalkCard,
  AuthorTalkDetail,
  AuthorVoiceFilters,
  AuthorVoiceHome,
  ErrorCode,
  LinkupDetail,
  LinkupCard,
  Page,
} from '@medportal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { authorTalks, papers } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { call } from '../../../test/factories.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

const get = async <T>(url: string, schema: z.ZodType<T>): Promise<T> => {
  const r = await call<unknown>(app, { url });
  expect(r.code, `${url}: ${JSON.stringify(r)}`).toBe(0);
  return schema.parse(r.data);
};
const TalkPage = Page(AuthorTalkCard);
const LinkupPage = Page(LinkupCard);

describe('author talks', () => {
  it('lists talks newest first with paging', async () => {
    const all = await get('/v1/author_voice/talk?page_size=100', TalkPage);
    expect(all.total).toBeGreaterThanOrEqual(10);
    const times = all.items.map((t) => t.published_at);
    expect(times).toEqual([...times].sort().reverse());
    const p1 = await get('/v1/author_voice/talk?page=1&page_size=4', TalkPage);
    const p2 = await get('/v1/author_voice/talk?page=2&page_size=4', TalkPage);
    expect(p1.items).toHaveLength(4);
    expect(p1.has_more).toBe(true);
    expect(p2.items.map((t) => t.id)).toEqual(all.items.slice(4, 8).map((t) => t.id));
    const last = await get(`/v1/author_voice/talk?page=${Math.ceil(all.total / 4)}&page_size=4`, TalkPage);
    expect(last.has_more).toBe(false);
  });

  it('filters by field and by journal, alone and together, from the values the filters endpoint offers', async () => {
    const filters = await get('/v1/author_voice/filters', AuthorVoiceFilters);
    expect(filters.fields.length).toBeGreaterThan(2);
    expect(filters.journals.length).toBeGreaterThan(1);
    const all = await get('/v1/author_voice/talk?page_size=100', TalkPage);
    for (const f of filters.fields) {
      const page = await get(`/v1/author_voice/talk?page_size=100&field_id=${f.id}`, TalkPage);
      expect(page.total).toBe(all.items.filter((t) => t.field.id === f.id).length);
      expect(page.total).toBeGreaterThan(0);
      expect(page.items.every((t) => t.field.id === f.id)).toBe(true);
    }
    for (const j of filters.journals) {
      const page = await get(`/v1/author_voice/talk?page_size=100&journal=${encodeURIComponent(j)}`, TalkPage);
      expect(page.total).toBe(all.items.filter((t) => t.journal === j).length);
      expect(page.total).toBeGreaterThan(0);
    }
    const lancet = all.items.find((t) => t.journal === 'The Lancet');
    if (!lancet) throw new Error('no Lancet talk');
    const both = await get(`/v1/author_voice/talk?page_size=100&journal=The%20Lancet&field_id=${lancet.field.id}`, TalkPage);
    expect(both.items.every((t) => t.journal === 'The Lancet' && t.field.id === lancet.field.id)).toBe(true);
    expect(both.items.map((t) => t.id)).toContain(lancet.id);
    const none = await get('/v1/author_voice/talk?journal=No%20Such%20Journal', TalkPage);
    expect(none.total).toBe(0);
    expect((await call(app, { url: '/v1/author_voice/talk?field_id=abc' })).code).toBe(ErrorCode.VALIDATION);
  });

  it('answers a talk with its transcript, its paper with the DOI, signed media and related talks, in both languages', async () => {
    const [first] = (await get('/v1/author_voice/talk?page_size=1', TalkPage)).items;
    if (!first) throw new Error('no talk');
    const zh = await get(`/v1/author_voice/talk/${first.id}`, AuthorTalkDetail);
    const en = await get(`/v1/author_voice/talk/${first.id}?language=en`, AuthorTalkDetail);
    expect(zh.paper.doi).toMatch(/^10\.\d{4,}\//);
    expect(zh.paper.full_journal).toBe(zh.journal);
    expect(zh.transcript.length).toBeGreaterThan(2);
    expect(en.transcript.join(' ')).toContain(en.paper.title);
    expect(en.title).not.toBe(zh.title);
    expect(zh.media?.hls_url).toMatch(/master\.m3u8/);
    expect(Date.parse(zh.media?.expires_at ?? '')).toBeGreaterThan(Date.now());
    expect(zh.related.every((r) => r.field.id === zh.field.id && r.id !== zh.id)).toBe(true);
  });

  it('hides a talk whose paper or itself is not published', async () => {
    const [first] = (await get('/v1/author_voice/talk?page_size=1', TalkPage)).items;
    if (!first) throw new Error('no talk');
    const [row] = await app.db.select().from(authorTalks).where(eq(authorTalks.id, first.id));
    if (!row) throw new Error('no row');
    await app.db.update(papers).set({ status: 'offline' }).where(eq(papers.id, row.paperId));
    try {
      expect((await call(app, { url: `/v1/author_voice/talk/${first.id}` })).code).toBe(ErrorCode.NOT_FOUND);
    } finally {
      await app.db.update(papers).set({ status: 'published' }).where(eq(papers.id, row.paperId));
    }
    await app.db.update(authorTalks).set({ status: 'draft' }).where(eq(authorTalks.id, first.id));
    try {
      expect((await call(app, { url: `/v1/author_voice/talk/${first.id}` })).code).toBe(ErrorCode.NOT_FOUND);
    } finally {
      await app.db.update(authorTalks).set({ status: 'published' }).where(eq(authorTalks.id, first.id));
    }
    expect((await call(app, { url: '/v1/author_voice/talk/2000000' })).code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('international link-ups', () => {
  it('pairs a Chinese and an overseas author, each with their own talk and paper', async () => {
    const list = await get('/v1/author_voice/linkup', LinkupPage);
    expect(list.total).toBeGreaterThanOrEqual(3);
    for (const l of list.items) {
      expect(l.cn_author.region).toBe('cn');
      expect(l.overseas_author.region).toBe('overseas');
    }
    const first = list.items[0];
    if (!first) throw new Error('no link-up');
    const d = await get(`/v1/author_voice/linkup/${first.id}?language=en`, LinkupDetail);
    expect(d.talks.map((t) => t.author.region)).toEqual(['cn', 'overseas']);
    expect(d.talks.map((t) => t.author.name)).toEqual([d.cn_author.name, d.overseas_author.name]);
    for (const t of d.talks) expect(t.paper.doi).toBeTruthy();
    expect(new Set(d.transcript.map((l) => l.speaker))).toEqual(new Set(['cn', 'overseas', 'moderator']));
    expect(d.transcript[0]?.text).toContain(d.overseas_author.name);
    expect(d.media?.hls_url).toMatch(/master\.m3u8/);
    expect((await call(app, { url: '/v1/author_voice/linkup/999999' })).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('the front page shows the newest talks and link-ups with their counts', async () => {
    const home = await get('/v1/author_voice?language=en', AuthorVoiceHome);
    expect(home.talk_count).toBeGreaterThanOrEqual(10);
    expect(home.linkup_count).toBeGreaterThanOrEqual(3);
    expect(home.talks.length).toBeGreaterThan(0);
    expect(home.linkups).toHaveLength(3);
    const newest = (await get('/v1/author_voice/talk?page_size=1&language=en', TalkPage)).items[0];
    expect(home.talks[0]?.id).toBe(newest?.id);
  });
});
