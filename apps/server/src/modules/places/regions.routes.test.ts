import { ErrorCode, HospitalCard, NewsItem, Page, PlaceHeader, RegionListData } from '@medportal/contract';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, hospitals, regions, speakers } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { call } from '../../../test/factories.ts';

const HospitalPage = Page(HospitalCard);

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

const get = <T>(url: string) => call<T>(app, { url });
const regionNamed = async (zh: string) => (await app.db.select().from(regions).where(eq(regions.nameZh, zh)))[0]!;

describe('regions', () => {
  it('lists every region, parents before their cities, with hospital counts that include the cities', async () => {
    const zh = RegionListData.parse((await get('/v1/region')).data).items;
    const [all] = await app.db.select({ n: count() }).from(regions);
    expect(zh).toHaveLength(all!.n);
    const index = new Map(zh.map((r, i) => [r.id, i]));
    for (const r of zh) if (r.parent_id !== null) expect(index.get(r.parent_id)!).toBeLessThan(index.get(r.id)!);
    const top = zh.filter((r) => r.parent_id === null);
    const [hospitalTotal] = await app.db.select({ n: count() }).from(hospitals);
    expect(top.reduce((sum, r) => sum + r.hospital_count, 0)).toBe(hospitalTotal!.n);
    const guangdong = zh.find((r) => r.name === '广东')!;
    const guangzhou = zh.find((r) => r.name === '广州')!;
    expect(guangzhou.parent_id).toBe(guangdong.id);
    expect(guangdong.hospital_count).toBe(guangzhou.hospital_count);
    expect(guangdong.hospital_count).toBeGreaterThan(0);
    // Chinese and international regions, in both languages.
    expect(zh.map((r) => r.name)).toEqual(expect.arrayContaining(['北京', '上海', '美国', '日本']));
    const en = RegionListData.parse((await get('/v1/region?language=en')).data).items;
    expect(en.map((r) => r.id)).toEqual(zh.map((r) => r.id));
    expect(en.map((r) => r.name)).toEqual(expect.arrayContaining(['Beijing', 'Shanghai', 'United States', 'Japan']));
  });
});

describe('hospital list', () => {
  it('pages every hospital by id without overlap, with region and counts', async () => {
    const [total] = await app.db.select({ n: count() }).from(hospitals);
    const seen: number[] = [];
    for (let p = 1; p <= 50; p++) {
      const data = HospitalPage.parse((await get(`/v1/hospital?page=${p}&page_size=5`)).data);
      expect(data.total).toBe(total!.n);
      seen.push(...data.items.map((h) => h.id));
      if (!data.has_more) break;
    }
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(total!.n);

    const first = HospitalPage.parse((await get('/v1/hospital?page_size=1')).data).items[0]!;
    const header = PlaceHeader.parse((await get(`/v1/hospital/${first.id}`)).data);
    expect(first.counts).toEqual({ speakers: header.counts.speakers, courses: header.counts.courses });
    expect(first.action).toMatchObject({ data: { url: `/hospital/${first.id}` } });
    expect(first.region?.name).toBe('北京');
    expect(first.region?.parent).toBeNull();
  });

  it('filters by region: a province lists its cities’ hospitals; a city card names its province', async () => {
    const sichuan = await regionNamed('四川');
    const chengdu = await regionNamed('成都');
    const province = HospitalPage.parse((await get(`/v1/hospital?region_id=${sichuan.id}`)).data);
    const city = HospitalPage.parse((await get(`/v1/hospital?region_id=${chengdu.id}&language=en`)).data);
    expect(province.total).toBeGreaterThan(0);
    expect(province.items.map((h) => h.id)).toEqual(city.items.map((h) => h.id));
    expect(province.items[0]?.region).toEqual({ id: chengdu.id, name: '成都', parent: { id: sichuan.id, name: '四川' } });
    expect(city.items[0]?.region).toEqual({ id: chengdu.id, name: 'Chengdu', parent: { id: sichuan.id, name: 'Sichuan' } });
    expect(city.items[0]?.name).toBe('West China Hospital, Sichuan University');
    const header = PlaceHeader.parse((await get(`/v1/hospital/${city.items[0]!.id}?language=en`)).data);
    expect(header.region).toEqual(city.items[0]?.region);
    expect(PlaceHeader.parse((await get('/v1/organizer/1')).data).region).toBeNull();

    const beijing = await regionNamed('北京');
    const bj = HospitalPage.parse((await get(`/v1/hospital?region_id=${beijing.id}&page_size=100`)).data);
    const [n] = await app.db.select({ n: count() }).from(hospitals).where(eq(hospitals.regionId, beijing.id));
    expect(bj.total).toBe(n!.n);
    expect(bj.items.every((h) => h.region?.id === beijing.id)).toBe(true);

    const usa = await regionNamed('美国');
    const abroad = HospitalPage.parse((await get(`/v1/hospital?region_id=${usa.id}&language=en`)).data);
    expect(abroad.items.map((h) => h.name)).toEqual(['Mayo Clinic', 'The Johns Hopkins Hospital']);
    expect(abroad.items.every((h) => h.counts.speakers === 0)).toBe(true);
  });

  it('counts only published speakers and their published courses', async () => {
    const [h] = await app.db.insert(hospitals).values({ nameZh: '计数医院', cityZh: '北京', logo: '/l.svg' }).returning({ id: hospitals.id });
    const [on, off] = await app.db
      .insert(speakers)
      .values([
        { nameZh: '在岗', avatar: '/a.svg', titleZh: '医师', hospitalId: h!.id, status: 'published' },
        { nameZh: '草稿', avatar: '/a.svg', titleZh: '医师', hospitalId: h!.id, status: 'draft' },
      ])
      .returning({ id: speakers.id });
    await app.db.insert(courses).values([
      { courseType: 1, priceType: 1, titleZh: '课一', cover: '/c.svg', speakerId: on!.id, status: 'published' },
      { courseType: 1, priceType: 1, titleZh: '课二', cover: '/c.svg', speakerId: on!.id, status: 'draft' },
      { courseType: 1, priceType: 1, titleZh: '课三', cover: '/c.svg', speakerId: off!.id, status: 'published' },
    ]);
    const last = HospitalPage.parse((await get('/v1/hospital?page_size=100')).data).items.find((x) => x.id === h!.id)!;
    expect(last).toMatchObject({ region: null, counts: { speakers: 1, courses: 1 } });
    const [real] = await app.db.select({ n: count() }).from(speakers).where(and(eq(speakers.hospitalId, h!.id), eq(speakers.status, 'published')));
    expect(real!.n).toBe(1);
  });

  it('answers NOT_FOUND for an unknown region and VALIDATION for bad input', async () => {
    expect((await get('/v1/hospital?region_id=999999')).code).toBe(ErrorCode.NOT_FOUND);
    expect((await get('/v1/hospital?region_id=abc')).code).toBe(ErrorCode.VALIDATION);
    expect((await get('/v1/hospital?region_id=-3')).code).toBe(ErrorCode.VALIDATION);
    expect((await get('/v1/hospital?page=0')).code).toBe(ErrorCode.VALIDATION);
    expect((await get('/v1/hospital?page_size=1000')).code).toBe(ErrorCode.VALIDATION);
    expect((await get('/v1/hospital/abc')).code).toBe(ErrorCode.VALIDATION);
    expect((await get('/v1/hospital/999999')).code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('hospital news', () => {
  it("lists the news naming the hospital's speakers", async () => {
    const header = PlaceHeader.parse((await get('/v1/hospital/1')).data);
    expect(header.counts.news).toBeGreaterThan(0);
    const list = Page(NewsItem).parse((await get('/v1/hospital/1/news?page_size=100')).data);
    expect(list.total).toBe(header.counts.news);
    const bySpeakers = new Set<number>();
    const ids = (await app.db.select({ id: speakers.id }).from(speakers).where(eq(speakers.hospitalId, 1))).map((r) => r.id);
    for (const id of ids) for (const n of Page(NewsItem).parse((await get(`/v1/speaker/${id}/news?page_size=100`)).data).items) bySpeakers.add(n.id);
    expect(new Set(list.items.map((n) => n.id))).toEqual(bySpeakers);
  });
});
