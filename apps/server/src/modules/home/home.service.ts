import {
  type Action,
  ActionType,
  type ApiLanguage,
  type BlockLayout,
  type HomeBlock,
  type HomeBlockOf,
  PcIndexData,
  type SearchItem,
} from '@medportal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { homeBlocks } from '../../db/schema/index.ts';
import { pick } from '../../lib/i18n.ts';
import { BlockSource } from './block-source.ts';
import * as repo from './home.repository.ts';
import { action, presentCourse, presentSpeaker } from '../shared/content.present.ts';
import { presentBanner, presentColumn, presentPaper, presentSpecial } from '../shared/editorial.present.ts';
import { presentLive } from '../shared/live.present.ts';
import { presentNews } from '../shared/news.present.ts';
import { presentIntro } from './home.present.ts';

/** A block as the builder reads it: a home_blocks row, or a block of the console's draft. */
export type BlockRow = Pick<typeof homeBlocks.$inferSelect, 'id' | 'layout' | 'titleZh' | 'titleEn' | 'hide' | 'moreAction' | 'source'>;
type Items<L extends BlockLayout> = HomeBlockOf<L>['data']['items'];
interface BuildContext {
  db: Db;
  lang: ApiLanguage;
  now: Date;
  source: BlockSource;
}

const HOUR = 3_600_000;

/** Rows in the order of the chosen ids (a block's item_ids); rows of other queries as they came. */
function inOrder<R extends { id: number }>(rows: R[], ids: number[] | undefined): R[] {
  if (!ids) return rows;
  const at = new Map(ids.map((id, i) => [id, i]));
  return [...rows].sort((a, b) => (at.get(a.id) ?? 0) - (at.get(b.id) ?? 0));
}
/** How many rows a block asks for: its chosen items, or its limit. */
const countOf = (source: BlockSource) => source.item_ids?.length ?? source.limit;

const courseBlock = ({ db, lang, now, source }: BuildContext) =>
  repo
    .listCourses(db, now, {
      limit: countOf(source),
      ids: source.item_ids,
      department: source.department,
      courseType: source.course_type,
      priceType: source.price_type,
      featured: source.featured,
      order: source.order,
    })
    .then((rows) => inOrder(rows, source.item_ids).map((r) => presentCourse(r, lang)));

const speakerBlock = ({ db, lang, source }: BuildContext) =>
  repo
    .listSpeakers(db, { limit: countOf(source), department: source.department, order: source.order, ids: source.item_ids })
    .then((rows) => inOrder(rows, source.item_ids).map((r) => presentSpeaker(r, lang)));

/** Tag colours under white text: each at least 4.5:1 (WCAG AA). */
const SEARCH_TAGS = {
  course: { zh_CN: '课程', en: 'Course', color: '#0d7a72' },
  live: { zh_CN: '直播', en: 'Live', color: '#cf2f35' },
  news: { zh_CN: '资讯', en: 'News', color: '#2563eb' },
} as const;

/** Items of each layout. Typed per layout, so a builder cannot return the wrong item shape. */
const builders: { [L in BlockLayout]: (c: BuildContext) => Promise<Items<L>> } = {
  banner: async ({ db, lang, now, source }) =>
    inOrder(await repo.listBanners(db, source.position, now, countOf(source), source.item_ids), source.item_ids).map((r) => presentBanner(r, lang)),
  news: async ({ db, lang, now, source }) =>
    inOrder(await repo.listNews(db, now, { limit: countOf(source), categoryIds: source.category_ids, ids: source.item_ids }), source.item_ids).map((r) =>
      presentNews(r, lang),
    ),
  // Its tabs are categories: chosen ones (item_ids) or category_ids, in that order.
  news_menu: async ({ db, lang, now, source }) => {
    const chosen = source.item_ids ?? source.category_ids;
    const categories = await repo.listNewsCategories(db, chosen);
    const order = chosen ?? [];
    categories.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
    return Promise.all(
      categories.map(async (c) => ({
        id: c.id,
        title: pick(lang, c.titleZh, c.titleEn),
        action: action(ActionType.NEWS_CATEGORY, { category_id: c.id }),
        items: (await repo.listNews(db, now, { limit: source.limit, categoryIds: [c.id] })).map((r) => presentNews(r, lang)),
      })),
    );
  },
  speaker_horizontal: speakerBlock,
  speakers: speakerBlock,
  courses: courseBlock,
  big_courses: courseBlock,
  course_series: courseBlock,
  left_image_courses: courseBlock,
  columns: async ({ db, lang, source }) =>
    inOrder(await repo.listColumns(db, countOf(source), source.item_ids), source.item_ids).map((r) => presentColumn(r, lang)),
  papers: async ({ db, lang, now, source }) =>
    inOrder(await repo.listPapers(db, now, countOf(source), source.item_ids), source.item_ids).map((r) => presentPaper(r, lang)),
  intro_text: async ({ db, lang, source }) =>
    inOrder(await repo.listIntroTexts(db, countOf(source), source.item_ids), source.item_ids).map((r) => presentIntro(r, lang)),
  special: async ({ db, lang, source }) =>
    inOrder(await repo.listSpecials(db, 'album', countOf(source), source.item_ids), source.item_ids).map((r) => presentSpecial(r, lang)),
  special_topics: async ({ db, lang, source }) =>
    inOrder(await repo.listSpecials(db, 'topic', countOf(source), source.item_ids), source.item_ids).map((r) => presentSpecial(r, lang)),
  live_meetings: async ({ db, lang, now, source }) =>
    (source.item_ids ? inOrder(await repo.listLivesByIds(db, now, source.item_ids), source.item_ids) : await repo.listCurrentLives(db, now, source.limit)).map(
      (r) => presentLive(r, lang, now),
    ),
  // "Today": what is on now, what starts within a day, and what ended in the last few hours.
  today_live: async ({ db, lang, now, source }) =>
    (source.item_ids
      ? inOrder(await repo.listLivesByIds(db, now, source.item_ids), source.item_ids)
      : await repo.listLivesBetween(db, now, new Date(now.getTime() - 6 * HOUR), new Date(now.getTime() + 24 * HOUR), source.limit)
    ).map((r) => presentLive(r, lang, now)),
  search_items: async (c) => {
    const per = Math.ceil(c.source.limit / c.source.modules.length);
    const lists = await Promise.all(
      c.source.modules.map(async (module): Promise<Omit<SearchItem, 'id'>[]> => {
        const tag = SEARCH_TAGS[module];
        const base = { tag: tag[c.lang], tag_bg_color: tag.color };
        if (module === 'course') {
          const rows = await repo.listCourses(c.db, c.now, { limit: per, order: 'popular' });
          return rows.map((r) => ({ ...base, cover: r.cover, title: pick(c.lang, r.titleZh, r.titleEn), item_id: r.id, action: action(ActionType.COURSE_DETAIL, { id: r.id }) }));
        }
        if (module === 'live') {
          const rows = await repo.listCurrentLives(c.db, c.now, per);
          return rows.map((r) => ({ ...base, cover: r.banner, title: pick(c.lang, r.titleZh, r.titleEn), item_id: r.id, action: action(ActionType.LIVE_DETAIL, { id: r.id }) }));
        }
        const rows = await repo.listNews(c.db, c.now, { limit: per });
        return rows.map((r) => ({ ...base, cover: r.cover, title: pick(c.lang, r.titleZh, r.titleEn), item_id: r.id, action: action(ActionType.NEWS_DETAIL, { id: r.id }) }));
      }),
    );
    // Interleave the kinds, then number the cards: item ids repeat across kinds, card ids must not.
    const mixed: Omit<SearchItem, 'id'>[] = [];
    for (let i = 0; mixed.length < c.source.limit && lists.some((l) => i < l.length); i++) {
      for (const l of lists) {
        const item = l[i];
        if (item && mixed.length < c.source.limit) mixed.push(item);
      }
    }
    return mixed.map((item, i) => ({ id: i + 1, ...item }));
  },
};

function moreAction(block: BlockRow, title: string, source: BlockSource): Action | null {
  const more = block.moreAction;
  if (!more) return null;
  // The course-series list page is titled by the block and filtered by its department.
  if (more.type === ActionType.COURSE_LIST) {
    return { ...more, data: { dep_val: source.department ?? '', ...more.data, title } };
  }
  return more;
}

/**
 * Assembles /v1/pc_index from home_blocks, in order. Hidden blocks are sent with header.hide = true
 * and no items, so ids and order stay stable while the client skips them.
 */
export async function buildPcIndex(db: Db, lang: ApiLanguage, now: Date, log: FastifyBaseLogger, layout?: BlockRow[]): Promise<PcIndexData> {
  const rows = layout ?? (await repo.listHomeBlocks(db));
  const blocks = await Promise.all(
    rows.map(async (row): Promise<HomeBlock> => {
      const parsed = BlockSource.safeParse(row.source);
      if (!parsed.success) log.error({ blockId: row.id, issues: parsed.error.issues }, 'invalid home block source; using defaults');
      const source = parsed.success ? parsed.data : BlockSource.parse({});
      const title = pick(lang, row.titleZh, row.titleEn);
      const build = builders[row.layout] as (c: BuildContext) => Promise<unknown[]>;
      const items = row.hide ? [] : await build({ db, lang, now, source });
      return {
        id: row.id,
        layout: row.layout,
        header: { title, more_action: moreAction(row, title, source), hide: row.hide },
        data: { items },
      } as HomeBlock;
    }),
  );
  // Parse, not just type-check: strips stray fields and proves the payload matches the contract.
  return PcIndexData.parse({ blocks });
}

/** Home page reads; the route's answer is kept as a prepared payload (decision record 0031). */
export class HomeService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** `draft`: the console's draft layout, for a preview (decision record 0067); else the published one. */
  pcIndex(lang: ApiLanguage, draft?: BlockRow[]): Promise<PcIndexData> {
    return buildPcIndex(this.db, lang, this.now(), this.log, draft);
  }
}
