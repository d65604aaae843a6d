import { ErrorCode, Page, SelectedHome, SelectedTag, SelectedVideoCard, SelectedVideoDetail, SpecialConfig } from '@medportal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { selectedVideos, specials } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { call } from '../../../test/factories.ts';

const VideoPage = Page(SelectedVideoCard);
const Tags = z.array(SelectedTag);

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

const get = <T = unknown>(url: string, lang?: 'zh_CN' | 'en') => call<T>(app, { url: lang ? `${url}${url.includes('?') ? '&' : '?'}language=${lang}` : url });

describe('selected-content channels', () => {
  it('shows each channel with its own identity, its latest videos newest first and its hot topics', async () => {
    const hem = SelectedHome.parse((await get('/v1/selected/vjhemonc', 'en')).data);
    const onc = SelectedHome.parse((await get('/v1/selected/vjoncology', 'zh_CN')).data);
    expect(hem.channel).toMatchObject({ slug: 'vjhemonc', name: 'VJHemOnc Selected', has_hotspot: true });
    expect(onc.channel).toMatchObject({ slug: 'vjoncology', name: 'VJOncology 肿瘤精选', has_hotspot: false });
    expect(hem.channel.color).not.toBe(onc.channel.color);
    expect(hem.latest.length).toBeGreaterThan(0);
    expect(hem.latest.every((v) => v.channel === 'vjhemonc')).toBe(true);
    const dates = hem.latest.map((v) => v.published_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(hem.topics.length).toBeGreaterThan(0);
    expect(hem.topics.every((t) => t.kind === 'topic')).toBe(true);
  });

  it('lists at least 12 videos per channel, pages them, and filters by tag', async () => {
    for (const ch of ['vjhemonc', 'vjoncology']) {
      const all = VideoPage.parse((await get(`/v1/selected/${ch}/videos?page_size=100`)).data);
      expect(all.total).toBeGreaterThanOrEqual(12);
      const p2 = VideoPage.parse((await get(`/v1/selected/${ch}/videos?page=2&page_size=5`)).data);
      expect(p2.items.map((v) => v.id)).toEqual(all.items.slice(5, 10).map((v) => v.id));
      const fields = Tags.parse((await get(`/v1/selected/${ch}/tags?kind=field`)).data);
      const field = fields.find((f) => f.count > 0)!;
      const inField = VideoPage.parse((await get(`/v1/selected/${ch}/videos?tag_id=${field.id}&page_size=100`)).data);
      expect(inField.total).toBe(field.count);
      expect(inField.items.every((v) => v.tags.some((t) => t.id === field.id))).toBe(true);
    }
  });

  it('searches within the channel by title, summary and speaker, and treats wildcards literally', async () => {
    const hem = VideoPage.parse((await get('/v1/selected/vjhemonc/videos?keyword=CAR-T')).data);
    expect(hem.total).toBeGreaterThan(0);
    expect(hem.items.every((v) => v.channel === 'vjhemonc')).toBe(true);
    // A lung-cancer keyword finds nothing in the hematology channel, but something in oncology.
    expect(VideoPage.parse((await get(`/v1/selected/vjhemonc/videos?keyword=${encodeURIComponent('肺癌')}`)).data).total).toBe(0);
    expect(VideoPage.parse((await get(`/v1/selected/vjoncology/videos?keyword=${encodeURIComponent('肺癌')}`)).data).total).toBeGreaterThan(0);
    expect(VideoPage.parse((await get('/v1/selected/vjoncology/videos?keyword=James%20Carter')).data).total).toBeGreaterThan(0);
    expect(VideoPage.parse((await get('/v1/selected/vjoncology/videos?keyword=_')).data).total).toBe(0);
  });

  it('has meeting highlights on the hemonc channel only', async () => {
    const hot = Tags.parse((await get('/v1/selected/vjhemonc/tags?kind=hotspot')).data);
    expect(hot.length).toBeGreaterThan(0);
    expect(hot.every((t) => t.kind === 'hotspot')).toBe(true);
    expect((await get('/v1/selected/vjoncology/tags?kind=hotspot')).code).toBe(ErrorCode.NOT_FOUND);
    expect((await get('/v1/selected/vjoncology/tags?kind=meeting')).code).toBe(0);
  });

  it('plays a video through signed media, with speakers, tags, transcript and related videos', async () => {
    const [first] = VideoPage.parse((await get('/v1/selected/vjhemonc/videos?page_size=1')).data).items;
    const detail = SelectedVideoDetail.parse((await get(`/v1/selected/vjhemonc/videos/${first!.id}`, 'en')).data);
    expect(detail.media?.hls_url).toMatch(/master\.m3u8\?.*(sig|signature|token|expires)/i);
    expect(detail.speakers[0]!.name).toBeTruthy();
    expect(detail.transcript).toContain('Host:');
    expect(detail.related.every((v) => v.id !== detail.id)).toBe(true);
    // A video is found only under its own channel; unknown channels fail validation.
    expect((await get(`/v1/selected/vjoncology/videos/${first!.id}`)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await get('/v1/selected/vjcardio')).code).toBe(ErrorCode.VALIDATION);
  });

  it('hides drafts and videos scheduled for later', async () => {
    const [v] = await app.db.select().from(selectedVideos).limit(1);
    const before = VideoPage.parse((await get('/v1/selected/vjhemonc/videos?page_size=100')).data).total;
    await app.db.update(selectedVideos).set({ status: 'draft' }).where(eq(selectedVideos.id, v!.id));
    try {
      expect(VideoPage.parse((await get('/v1/selected/vjhemonc/videos?page_size=100')).data).total).toBe(before - 1);
      expect((await get(`/v1/selected/vjhemonc/videos/${v!.id}`)).code).toBe(ErrorCode.NOT_FOUND);
    } finally {
      await app.db.update(selectedVideos).set({ status: 'published' }).where(eq(selectedVideos.id, v!.id));
    }
  });

  it('serves the about and copyright texts', async () => {
    const about = (await get('/v1/selected/vjoncology/doc?doc=about', 'en')).data as { title: string; body: string };
    expect(about.body).toContain('VJOncology');
    const copyright = (await get('/v1/selected/vjoncology/doc?doc=copyright', 'zh_CN')).data as { body: string };
    expect(copyright.body).toContain('转载');
  });
});

describe('themed special albums', () => {
  it('gives the config of the home page albums 1/1, 3/2 and 1/3 in the caller language', async () => {
    for (const [theme, album] of [
      [1, 1],
      [3, 2],
      [1, 3],
    ]) {
      const res = await get(`/v1/special/${theme}/${album}/config`, 'zh_CN');
      expect(res.code).toBe(0);
      const cfg = SpecialConfig.parse(res.data);
      const [row] = await app.db.select().from(specials).where(eq(specials.id, album!));
      expect(cfg.title).toBe(row!.titleZh);
      expect(cfg.menus.length).toBeGreaterThan(0);
    }
    const en = SpecialConfig.parse((await get('/v1/special/1/1/config', 'en')).data);
    expect(en.title).toBe('Hematologic Oncology Selected');
    expect(en.menus.map((m) => m.key)).toContain('copyright');
  });

  it('takes digits only for the theme', async () => {
    expect((await get('/v1/special/abc/1/config')).code).toBe(ErrorCode.VALIDATION);
    expect((await get('/v1/special/1a/1/config')).code).toBe(ErrorCode.VALIDATION);
    expect((await get('/v1/special/-1/1/config')).code).toBe(ErrorCode.VALIDATION);
  });

  it('accepts only themes 1 and 3, and only an album published in that theme', async () => {
    expect((await get('/v1/special/2/1/config')).code).toBe(ErrorCode.NOT_FOUND);
    // Album 2 belongs to theme 3; asked for under theme 1 it is not found.
    expect((await get('/v1/special/1/2/config')).code).toBe(ErrorCode.NOT_FOUND);
    expect((await get('/v1/special/3/999999/config')).code).toBe(ErrorCode.NOT_FOUND);
    // A topic special (not an album) is not an album.
    const [topic] = await app.db.select().from(specials).where(eq(specials.kind, 'topic')).limit(1);
    expect((await get(`/v1/special/1/${topic!.id}/config`)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await get('/v1/special/2/1/videos')).code).toBe(ErrorCode.NOT_FOUND);
    expect((await get('/v1/special/2/1/tags?kind=topic')).code).toBe(ErrorCode.NOT_FOUND);
    await app.db.update(specials).set({ status: 'draft' }).where(eq(specials.id, 3));
    try {
      expect((await get('/v1/special/1/3/config')).code).toBe(ErrorCode.NOT_FOUND);
    } finally {
      await app.db.update(specials).set({ status: 'published' }).where(eq(specials.id, 3));
    }
  });

  it("lists the album's videos, its tags counted within the album, and searches within it", async () => {
    const all = VideoPage.parse((await get('/v1/special/1/3/videos?page_size=100')).data);
    expect(all.total).toBeGreaterThan(0);
    // Album 3 collects meeting coverage only.
    expect(all.items.every((v) => v.kind === 'meeting')).toBe(true);
    const meetings = Tags.parse((await get('/v1/special/1/3/tags?kind=meeting')).data);
    expect(meetings.length).toBeGreaterThan(0);
    expect(meetings.reduce((n, t) => n + t.count, 0)).toBe(all.total);
    const m = meetings[0]!;
    expect(VideoPage.parse((await get(`/v1/special/1/3/videos?tag_id=${m.id}`)).data).total).toBe(m.count);
    const found = VideoPage.parse((await get('/v1/special/1/3/videos?keyword=ASH')).data);
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThanOrEqual(all.total);
  });
});
