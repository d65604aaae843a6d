import { CourseType, PriceType } from '@medportal/contract';
import type * as s from '../db/schema/index.ts';
import { createRng, type Rng } from '../lib/prng.ts';
import { coverUrl } from '../modules/media/cover-svg.ts';
import { departmentRows } from './data/department-tree.ts';
import { DEPARTMENT_TAGS, DEPARTMENTS, GENERAL_TAGS, HOSPITALS, ORGANIZERS, SPEAKERS, TAGS } from './data/catalog.ts';
import { CHAPTER_PHASES, COURSES } from './data/courses.ts';
import { DEMO_MEDIA } from './data/demo-media.ts';

const APPRAISE_TAGS: ReadonlyArray<readonly [string, string]> = [
  ['讲解清晰', 'Clear'],
  ['实用性强', 'Practical'],
  ['内容前沿', 'Up to date'],
  ['案例丰富', 'Rich in cases'],
  ['节奏适中', 'Well paced'],
  ['值得推荐', 'Recommended'],
];
import { COLUMNS, HOT_WORDS, PAPERS, SPECIALS, TOPIC_ITEMS_PER_MODULE, TOPIC_MATCH } from './data/editorial.ts';
import { LIVES, PAST_LIVES } from './data/lives.ts';
import { NEWS, NEWS_CATEGORIES } from './data/news.ts';
import { REGIONS, regionId } from './data/regions.ts';
import { COLUMN_HOSTS, PAPER_AUTHORS } from './data/speaker-links.ts';
import { BANNERS, HOME_BLOCKS, INTRO_TEXTS, RELATE_SITES } from './data/site.ts';
import { buildLiveRoomSeed, type LiveRoomSeedRows } from './live-room.ts';
import { buildCongressSeed, type CongressSeedRows } from './congresses.ts';
import { type AlbumSeedRows, buildAlbumSeed } from './course-albums.ts';
import { type AuthorVoiceSeedRows, buildAuthorVoiceSeed } from './author-voice.ts';

type Rows<T extends { $inferInsert: unknown }> = Array<T['$inferInsert']>;

export interface SeedRows extends LiveRoomSeedRows, CongressSeedRows, AlbumSeedRows, AuthorVoiceSeedRows {
  departments: Rows<typeof s.departments>;
  regions: Rows<typeof s.regions>;
  hospitals: Rows<typeof s.hospitals>;
  organizers: Rows<typeof s.organizers>;
  tags: Rows<typeof s.tags>;
  speakers: Rows<typeof s.speakers>;
  speakerDepartments: Rows<typeof s.speakerDepartments>;
  courses: Rows<typeof s.courses>;
  courseChapters: Rows<typeof s.courseChapters>;
  courseTags: Rows<typeof s.courseTags>;
  appraiseTags: Rows<typeof s.appraiseTags>;
  lives: Rows<typeof s.lives>;
  mediaAssets: Rows<typeof s.mediaAssets>;
  mediaBindings: Rows<typeof s.mediaBindings>;
  newsCategories: Rows<typeof s.newsCategories>;
  news: Rows<typeof s.news>;
  newsTags: Rows<typeof s.newsTags>;
  newsSpeakers: Rows<typeof s.newsSpeakers>;
  columns: Rows<typeof s.columns>;
  papers: Rows<typeof s.papers>;
  columnSpeakers: Rows<typeof s.columnSpeakers>;
  paperSpeakers: Rows<typeof s.paperSpeakers>;
  specials: Rows<typeof s.specials>;
  specialItems: Rows<typeof s.specialItems>;
  hotWords: Rows<typeof s.hotWords>;
  banners: Rows<typeof s.banners>;
  relateSites: Rows<typeof s.relateSites>;
  introTexts: Rows<typeof s.introTexts>;
  homeBlocks: Rows<typeof s.homeBlocks>;
}

/** Everything except lives is dated from this fixed instant, so content is identical on every run. */
export const SEED_BASE_DATE = new Date('2025-06-30T02:00:00Z');
const SEED = 20_250_630;
const MINUTE = 60_000;
const DAY = 1_440 * MINUTE;

const depId = (slug: string): number => {
  const i = DEPARTMENTS.findIndex((d) => d.slug === slug);
  if (i < 0) throw new Error(`unknown department ${slug}`);
  return i + 1;
};
const depName = (slug: string) => DEPARTMENTS[depId(slug) - 1] as (typeof DEPARTMENTS)[number];

function uuidFrom(rng: Rng): string {
  const hex = Array.from({ length: 32 }, () => rng.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = ((rng.int(0, 15) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function speakersOf(slug: string): number[] {
  return SPEAKERS.flatMap((sp, i) => (sp.departments.includes(slug) ? [i + 1] : []));
}

function newsBody(n: (typeof NEWS)[number], lang: 'zh' | 'en'): string {
  const cat = NEWS_CATEGORIES[n.category] as (typeof NEWS_CATEGORIES)[number];
  const dep = depName(n.dep);
  const points = lang === 'zh' ? cat.pointsZh : cat.pointsEn;
  const paragraphs =
    lang === 'zh'
      ? [
          `${n.zh}。本文由${dep.zh}专家团队整理，概述该领域的最新证据与临床实践要点，供临床医师参考。`,
          '以下内容依据公开发表的研究与指南整理，具体诊疗请结合患者个体情况并以最新版指南和药品说明书为准。',
        ]
      : [
          `${n.en}. Prepared with ${dep.en.toLowerCase()} specialists, this piece summarises the latest evidence and the practical points for clinicians.`,
          'It is based on published studies and guidelines; apply it to individual patients alongside the current guideline and the product label.',
        ];
  const heading = lang === 'zh' ? '要点' : 'Key points';
  const list = `<ul>${points.map((p) => `<li>${p}</li>`).join('')}</ul>`;
  const ref = n.doi
    ? lang === 'zh'
      ? `<p class="reference">参考文献：原始研究全文见 DOI: ${n.doi}</p>`
      : `<p class="reference">Reference: the original study is available at DOI: ${n.doi}</p>`
    : '';
  return `<p>${paragraphs[0]}</p><h3>${heading}</h3>${list}<p>${paragraphs[1]}</p>${ref}`;
}

/**
 * The whole demo data set as rows with explicit ids. Pure: the same `now` gives the same rows;
 * only live times depend on it (one is on air now, others later today, this week, and past).
 */
export function buildSeed(now: Date): SeedRows {
  const rng = createRng(SEED);
  const base = SEED_BASE_DATE.getTime();
  const minuteNow = Math.floor(now.getTime() / MINUTE) * MINUTE;

  const departments = departmentRows(DEPARTMENTS);
  const regions = REGIONS.map((r, i) => ({
    id: i + 1,
    parentId: r.parent === null ? null : regionId(r.parent),
    nameZh: r.zh,
    nameEn: r.en,
    sort: i,
  }));
  const hospitals = HOSPITALS.map((h, i) => ({
    id: i + 1,
    nameZh: h.zh,
    nameEn: h.en,
    cityZh: h.cityZh,
    cityEn: h.cityEn,
    logo: coverUrl('logo', `h${i + 1}`, h.zh.slice(0, 2)),
    regionId: regionId(h.region),
  }));
  const organizers = ORGANIZERS.map((o, i) => ({
    id: i + 1,
    nameZh: o.zh,
    nameEn: o.en,
    logo: coverUrl('logo', `o${i + 1}`, o.label),
  }));
  const tags = TAGS.map((t, i) => ({ id: i + 1, titleZh: t.zh, titleEn: t.en, cover: null }));

  const speakers = SPEAKERS.map((sp, i) => {
    const hospital = HOSPITALS[sp.hospital - 1] as (typeof HOSPITALS)[number];
    const dep = depName(sp.departments[0] as string);
    // The seed has no follow rows, so every count is 0; the draw is kept so later seeded values do not shift.
    rng.int(260, 36_000);
    return {
      id: i + 1,
      nameZh: sp.zh,
      nameEn: sp.en,
      avatar: coverUrl('speaker', `s${i + 1}`, sp.zh.slice(0, 1)),
      titleZh: sp.titleZh,
      titleEn: sp.titleEn,
      introZh: `${hospital.zh}${dep.zh}${sp.titleZh}，长期从事${dep.zh}临床、教学与科研工作。`,
      introEn: `${sp.titleEn} in ${dep.en}, ${hospital.en}; works in clinical care, teaching and research.`,
      hospitalId: sp.hospital,
      organizationId: sp.organizer,
      followerCount: 0,
      sort: i,
      status: 'published' as const,
    };
  });
  const speakerDepartments = SPEAKERS.flatMap((sp, i) => sp.departments.map((slug) => ({ speakerId: i + 1, departmentId: depId(slug) })));

  const mediaAssets: SeedRows['mediaAssets'] = DEMO_MEDIA.map((m, i) => ({
    id: i + 1,
    key: m.key,
    path: m.path,
    durationS: m.durationS,
    segmentS: m.segmentS,
    poster: m.poster,
    subtitles: m.subtitles.map((x) => ({ ...x })),
    renditions: m.renditions.map((x) => ({ ...x })),
  }));
  /** The demo clips take turns. */
  const demoAsset = (n: number) => ({ id: (n % DEMO_MEDIA.length) + 1, durationS: (DEMO_MEDIA[n % DEMO_MEDIA.length] as (typeof DEMO_MEDIA)[number]).durationS });
  const mediaBindings: SeedRows['mediaBindings'] = [];
  const courses: SeedRows['courses'] = [];
  const courseChapters: SeedRows['courseChapters'] = [];
  const courseTags: SeedRows['courseTags'] = [];
  COURSES.forEach((c, i) => {
    const id = i + 1;
    const series = c.series === true;
    const chapterCount = series ? rng.int(6, 12) : rng.int(2, 4);
    // Every fourth series is free; singles are free about half the time.
    const free = series ? i % 4 === 0 : rng.chance(0.5);
    const price = free ? 0 : series ? rng.pick([19_900, 29_900, 49_900]) : rng.pick([990, 1_990, 2_990, 4_990, 9_900]);
    const discounted = !free && rng.chance(0.6);
    const speakerPool = speakersOf(c.dep);
    const speakerId = rng.pick(speakerPool);
    const sp = SPEAKERS[speakerId - 1] as (typeof SPEAKERS)[number];
    const hospital = HOSPITALS[sp.hospital - 1] as (typeof HOSPITALS)[number];
    courses.push({
      id,
      courseType: series ? CourseType.SERIES : CourseType.SINGLE,
      titleZh: c.zh,
      titleEn: c.en,
      summaryZh: `由${hospital.zh}${sp.zh}${sp.titleZh}主讲，系统讲解“${c.zh}”的核心知识与临床实践要点。`,
      summaryEn: `Taught by ${sp.en} (${sp.titleEn}, ${hospital.en}): the core knowledge and practice of “${c.en}”.`,
      cover: coverUrl('course', `c${id}`, c.label),
      priceType: free ? PriceType.FREE : PriceType.PAID,
      price,
      originalPrice: discounted ? price + rng.pick([1_000, 2_000, 5_000, 10_000]) : 0,
      learnCount: rng.chance(0.35) ? rng.int(10_000, 128_000) : rng.int(120, 9_800),
      courseUpdatedCount: series ? chapterCount - rng.int(0, 3) : chapterCount,
      departmentId: depId(c.dep),
      speakerId,
      isFeatured: !free && (series || i % 3 === 0),
      status: 'published',
      publishedAt: new Date(base - i * 2 * DAY - rng.int(0, 600) * MINUTE),
    });
    for (let k = 0; k < chapterCount; k++) {
      const chapterId = courseChapters.length + 1;
      // A length used to be drawn here; the draw stays so later values do not shift. Chapters play the demo clips.
      rng.int(8, 45);
      const [zh, en] = CHAPTER_PHASES[Math.round((k * (CHAPTER_PHASES.length - 1)) / Math.max(chapterCount - 1, 1))] as readonly [string, string];
      courseChapters.push({
        id: chapterId,
        courseId: id,
        sort: k + 1,
        titleZh: `第${k + 1}讲 ${zh}`,
        titleEn: `Lesson ${k + 1}: ${en}`,
        durationS: demoAsset(id + k).durationS,
        isFree: k === 0 || free,
      });
      mediaBindings.push({ targetType: 'chapter', targetId: chapterId, assetId: demoAsset(id + k).id });
    }
    const tagIdOf = (title: string) => TAGS.findIndex((t) => t.zh === title) + 1;
    const chosen = [
      ...(/指南|共识/.test(c.zh) ? ['指南解读'] : []),
      ...rng.sample(DEPARTMENT_TAGS[c.dep] ?? [], 1),
      ...rng.sample(GENERAL_TAGS, rng.int(0, 1)),
    ];
    chosen.forEach((title, k) => courseTags.push({ courseId: id, tagId: tagIdOf(title), sort: k }));
  });
  // A single course joins the series its catalogue entry names; the others stand alone.
  COURSES.forEach((c, i) => {
    if (!c.partOf) return;
    const seriesIdx = COURSES.findIndex((x) => x.series === true && x.label === c.partOf);
    const row = courses[i];
    if (seriesIdx < 0 || !row) throw new Error(`course ${c.zh}: no series labelled ${c.partOf}`);
    row.seriesId = seriesIdx + 1;
  });
  const appraiseTags: SeedRows['appraiseTags'] = APPRAISE_TAGS.map(([zh, en], i) => ({ id: i + 1, titleZh: zh, titleEn: en, sort: i }));
  // One draft: it must never reach a visitor.
  courses.push({
    id: COURSES.length + 1,
    courseType: CourseType.SINGLE,
    titleZh: '（草稿）淋巴瘤放疗靶区勾画',
    titleEn: '(Draft) Lymphoma radiotherapy target delineation',
    cover: coverUrl('course', 'draft'),
    priceType: PriceType.FREE,
    learnCount: 999_999,
    departmentId: depId('hematology'),
    status: 'draft',
    publishedAt: new Date(base + DAY),
  });

  const liveRow = (l: (typeof LIVES)[number], id: number, rng: Rng): SeedRows['lives'][number] => {
    const startAt = new Date(minuteNow + l.startMin * MINUTE);
    return {
      id,
      titleZh: l.zh,
      titleEn: l.en,
      subTitleZh: l.subZh,
      subTitleEn: l.subEn,
      banner: coverUrl('live', `l${id}`, l.organizer ? ORGANIZERS[l.organizer - 1]?.label : undefined),
      previewGif: l.preview ? coverUrl('live-preview', `l${id}`) : null,
      startAt,
      endAt: new Date(startAt.getTime() + l.durationMin * MINUTE),
      hasReplay: l.replay,
      meetingNo: String(rng.int(1_000, 9_999)) + String(rng.int(1_000, 9_999)) + String(rng.int(1_000, 9_999)),
      organizerId: l.organizer,
      departmentId: depId(l.dep),
      speakerId: l.speaker,
      status: 'published',
    };
  };
  const lives: SeedRows['lives'] = LIVES.map((l, i) => liveRow(l, i + 1, rng));
  lives.push({
    id: LIVES.length + 1,
    titleZh: '（草稿）内部彩排直播',
    titleEn: '(Draft) Internal rehearsal',
    banner: coverUrl('live', 'draft'),
    startAt: new Date(minuteNow - 10 * MINUTE),
    endAt: new Date(minuteNow + 50 * MINUTE),
    meetingNo: '000000000000',
    status: 'draft',
  });
  // Their own random stream, so everything seeded after them stays as it was.
  const pastRng = createRng(0x11fe);
  lives.push(...PAST_LIVES.map((l, i) => liveRow(l, LIVES.length + 2 + i, pastRng)));
  // Every live loops a clip while on air (the simulated live source); one with a replay has a recording.
  for (const l of lives) {
    if (l.status !== 'published' || l.id === undefined) continue;
    mediaBindings.push({ targetType: 'live', targetId: l.id, assetId: demoAsset(l.id + 1).id });
    if (l.hasReplay) mediaBindings.push({ targetType: 'replay', targetId: l.id, assetId: demoAsset(l.id).id });
  }

  const newsCategories = NEWS_CATEGORIES.map((c, i) => ({ id: i + 1, titleZh: c.zh, titleEn: c.en, sort: i, status: 'published' as const }));
  const news: SeedRows['news'] = NEWS.map((n, i) => ({
    id: i + 1,
    categoryId: n.category + 1,
    titleZh: n.zh,
    titleEn: n.en,
    descriptionZh: `${depName(n.dep).zh} · ${NEWS_CATEGORIES[n.category]?.zh}：${NEWS_CATEGORIES[n.category]?.pointsZh[0]}`,
    descriptionEn: `${depName(n.dep).en} · ${NEWS_CATEGORIES[n.category]?.en}: ${NEWS_CATEGORIES[n.category]?.pointsEn[0]}`,
    bodyZh: newsBody(n, 'zh'),
    bodyEn: newsBody(n, 'en'),
    cover: coverUrl('news', `n${i + 1}`),
    sourceZh: '医学门户编辑部',
    sourceEn: 'MedPortal Editorial',
    authorZh: `${depName(n.dep).zh}编辑组`,
    authorEn: `${depName(n.dep).en} desk`,
    viewCount: rng.int(300, 48_000),
    status: 'published',
    // Interleave categories in time so every news tab has recent items.
    publishedAt: new Date(base - ((i % 7) * 6 + Math.floor(i / 7)) * 13 * 60 * MINUTE - rng.int(0, 300) * MINUTE),
  }));
  // The first two department tags of each published item (no rng: the draws below stay unchanged).
  const newsTags: SeedRows['newsTags'] = NEWS.flatMap((n, i) =>
    (DEPARTMENT_TAGS[n.dep] ?? []).slice(0, 2).map((title, k) => ({ newsId: i + 1, tagId: TAGS.findIndex((t) => t.zh === title) + 1, sort: k })),
  );
  // Each item names one speaker of its department, taking turns, so most speakers have news.
  const newsSpeakers: SeedRows['newsSpeakers'] = NEWS.flatMap((n, i) => {
    const pool = speakersOf(n.dep);
    const turn = NEWS.slice(0, i).filter((x) => x.dep === n.dep).length;
    return pool.length ? [{ newsId: i + 1, speakerId: pool[turn % pool.length] as number, sort: 0 }] : [];
  });
  news.push({
    id: NEWS.length + 1,
    categoryId: 1,
    titleZh: '（草稿）待审核稿件',
    titleEn: '(Draft) Awaiting review',
    bodyZh: '<p>草稿</p>',
    cover: coverUrl('news', 'draft'),
    status: 'draft',
    publishedAt: new Date(base + DAY),
  });

  const columns = COLUMNS.map((c, i) => ({
    id: i + 1,
    titleZh: c.zh,
    titleEn: c.en,
    descZh: c.descZh,
    descEn: c.descEn,
    cover: coverUrl('column', `col${i + 1}`),
    issueCount: c.issues,
    sort: i,
    status: 'published' as const,
  }));
  const papers = PAPERS.map((p, i) => ({
    id: i + 1,
    uuid: uuidFrom(rng),
    titleZh: p.zh,
    titleEn: p.title,
    abstractZh: p.absZh,
    abstractEn: p.absEn,
    fullJournal: p.journal,
    doi: p.doi,
    status: 'published' as const,
    publishedAt: new Date(base - i * 9 * DAY),
  }));
  const columnSpeakers: SeedRows['columnSpeakers'] = COLUMNS.flatMap((c, i) =>
    (COLUMN_HOSTS[c.zh] ?? []).map((speakerId, k) => ({ columnId: i + 1, speakerId, sort: k })),
  );
  const paperSpeakers: SeedRows['paperSpeakers'] = PAPERS.flatMap((p, i) =>
    (PAPER_AUTHORS[p.doi] ?? []).map((speakerId, k) => ({ paperId: i + 1, speakerId, sort: k })),
  );
  const specials = SPECIALS.map((sp, i) => ({
    id: i + 1,
    kind: sp.kind,
    themeId: sp.theme,
    titleZh: sp.zh,
    titleEn: sp.en,
    descZh: sp.descZh,
    descEn: sp.descEn,
    cover: coverUrl('special', `sp${i + 1}`, sp.label),
    sort: i,
    status: 'published' as const,
  }));
  // Topic contents by title match; no rng draws, so the values seeded after them stay the same.
  const specialItems: SeedRows['specialItems'] = SPECIALS.flatMap((_, i) => {
    const match = TOPIC_MATCH[i];
    if (!match) return [];
    const pickIds = (titles: readonly string[]) =>
      titles.flatMap((t, k) => (match.test(t) ? [k + 1] : [])).slice(0, TOPIC_ITEMS_PER_MODULE);
    const of = (module: 'course' | 'news' | 'live' | 'paper', ids: number[]) => ids.map((itemId, sort) => ({ specialId: i + 1, module, itemId, sort }));
    return [
      ...of('course', pickIds(COURSES.map((c) => c.zh))),
      ...of('live', pickIds(LIVES.map((l) => l.zh))),
      ...of('news', pickIds(NEWS.map((n) => n.zh))),
      ...of('paper', pickIds(PAPERS.map((p) => p.zh))),
    ];
  });
  const hotWords = HOT_WORDS.map(([zh, en], i) => ({ id: i + 1, wordZh: zh, wordEn: en, sort: i, status: 'published' as const }));
  const banners = BANNERS.map((b, i) => ({
    id: i + 1,
    position: b.position,
    titleZh: b.zh,
    titleEn: b.en,
    image: coverUrl(b.position === 'home' ? 'banner' : 'special', `b${i + 1}`),
    action: b.action,
    sort: i,
    status: 'published' as const,
  }));
  const relateSites = RELATE_SITES.map((r, i) => ({
    id: i + 1,
    key: r.key,
    titleZh: r.zh,
    titleEn: r.en,
    descZh: r.descZh,
    descEn: r.descEn,
    icon: coverUrl('icon', r.key, r.label),
    url: `/${r.key}`,
    introZh: r.introZh,
    introEn: r.introEn,
    features: r.features.map((f) => ({ titleZh: f.zh, titleEn: f.en, textZh: f.textZh, textEn: f.textEn })),
    links: r.links.map((l) => ({ titleZh: l.zh, titleEn: l.en, action: l.action })),
    sort: i,
    status: 'published' as const,
  }));
  const introTexts = INTRO_TEXTS.map((t, i) => ({
    id: i + 1,
    titleZh: t.zh,
    titleEn: t.en,
    textZh: t.textZh,
    textEn: t.textEn,
    action: t.action,
    sort: i,
    status: 'published' as const,
  }));
  const homeBlocks = HOME_BLOCKS.map((b, i) => ({
    id: i + 1,
    layout: b.layout,
    titleZh: b.zh,
    titleEn: b.en,
    sort: (i + 1) * 10,
    hide: b.hide === true,
    moreAction: b.more,
    source: b.source,
    status: 'published' as const,
  }));

  // Recordings play the demo clips: a live's replay, and a standalone talk its own clip.
  const liveRoom = buildLiveRoomSeed(lives as Parameters<typeof buildLiveRoomSeed>[0], speakers.length, now, {
    replay: (liveId) => demoAsset(liveId).durationS,
    recording: (recordingId) => demoAsset(recordingId).durationS,
  });
  for (const r of liveRoom.recordings) {
    if (r.liveId === null && r.id !== undefined) mediaBindings.push({ targetType: 'recording', targetId: r.id, assetId: demoAsset(r.id).id });
  }

  return {
    ...liveRoom,
    ...buildCongressSeed(now),
    ...buildAlbumSeed(lives, liveRoom.liveSpeakers),
    ...buildAuthorVoiceSeed(SEED_BASE_DATE, DEMO_MEDIA.length),
    departments,
    regions,
    hospitals,
    organizers,
    tags,
    speakers,
    speakerDepartments,
    courses,
    courseChapters,
    courseTags,
    appraiseTags,
    lives,
    mediaAssets,
    mediaBindings,
    newsCategories,
    news,
    newsTags,
    newsSpeakers,
    columns,
    papers,
    columnSpeakers,
    paperSpeakers,
    specials,
    specialItems,
    hotWords,
    banners,
    relateSites,
    introTexts,
    homeBlocks,
  };
}
