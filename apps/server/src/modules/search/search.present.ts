import { type Action, ActionType, type ApiLanguage, type SearchModule, type SearchResult, type SearchTypeValue } from '@medportal/contract';
import type { SearchEvent } from '../../db/schema/index.ts';
import { pick } from '../../lib/i18n.ts';
import { action } from '../shared/content.present.ts';
import { newsDetailAction } from '../shared/news.present.ts';
import { excerpt } from './tokenizer.ts';

type Words = readonly [zh: string, en: string];

/** Result tabs in display order (spec §2 /search). */
export const SEARCH_TABS: ReadonlyArray<readonly [SearchTypeValue, Words]> = [
  ['all', ['全部', 'All']],
  ['course', ['课程', 'Courses']],
  ['live', ['会议', 'Conferences']],
  ['news', ['资讯', 'News']],
  ['speaker', ['讲者', 'Speakers']],
  ['paper', ['文献', 'Papers']],
  ['column', ['专栏', 'Columns']],
  // The international meeting calendar's congresses, apart from our own lives (decision record 0057).
  ['congress', ['国际会议', 'Congresses']],
];

/** The tag on a result card: the module's name and its colour (white text on it: each at least 4.5:1). */
const MODULE_TAGS: Record<SearchModule, { words: Words; color: string }> = {
  course: { words: ['课程', 'Course'], color: '#2f6fed' },
  live: { words: ['会议', 'Conference'], color: '#cf2f35' },
  news: { words: ['资讯', 'News'], color: '#0d7a72' },
  speaker: { words: ['讲者', 'Speaker'], color: '#8e4ec6' },
  paper: { words: ['文献', 'Paper'], color: '#c2410c' },
  column: { words: ['专栏', 'Column'], color: '#087588' },
  congress: { words: ['国际会议', 'Congress'], color: '#4d5bce' },
};

const say = (lang: ApiLanguage, w: Words) => (lang === 'en' ? w[1] : w[0]);

export function presentTabs(lang: ApiLanguage) {
  return { items: SEARCH_TABS.map(([type, words]) => ({ type, title: say(lang, words) })) };
}

/** The same targets the module's own cards use (course, live, news, speaker, congress detail; papers and columns). */
export function searchAction(module: SearchModule, id: number): Action {
  switch (module) {
    case 'course':
      return action(ActionType.COURSE_DETAIL, { id });
    case 'live':
      return action(ActionType.LIVE_DETAIL, { id });
    case 'news':
      return newsDetailAction(id);
    case 'speaker':
      return action(ActionType.SPEAKER_DETAIL, { id });
    case 'paper':
      return action(ActionType.MODULE_DETAIL, { module: 'paper', module_id: id });
    case 'column':
      return action(ActionType.ROUTE, { url: '/column/index' });
    case 'congress':
      return action(ActionType.ROUTE, { url: `/meeting/calendar/${id}` });
  }
}

export interface DocumentRow {
  id: number;
  module: string;
  itemId: number;
  titleZh: string;
  titleEn: string | null;
  bodyZh: string;
  bodyEn: string | null;
  cover: string;
  publishedAt: Date | null;
  event: SearchEvent | null;
}

export function presentResult(r: DocumentRow, terms: readonly string[], lang: ApiLanguage): SearchResult {
  const module = r.module as SearchModule;
  const tag = MODULE_TAGS[module];
  return {
    id: r.id,
    item_id: r.itemId,
    module,
    cover: r.cover,
    title: pick(lang, r.titleZh, r.titleEn),
    tag: say(lang, tag.words),
    tag_bg_color: tag.color,
    summary: excerpt(pick(lang, r.bodyZh, r.bodyEn), terms),
    published_at: r.publishedAt ? r.publishedAt.toISOString() : null,
    event: r.event
      ? { start_date: r.event.startDate, end_date: r.event.endDate, city: pick(lang, r.event.cityZh, r.event.cityEn), country: r.event.country }
      : null,
    action: searchAction(module, r.itemId),
  };
}
