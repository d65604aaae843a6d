import { type Action, ActionType, type ApiLanguage, type ColumnCard, type MemberModule, type SubscribeCard } from '@medportal/contract';
import { pick } from '../../lib/i18n.ts';
import { action } from '../shared/content.present.ts';
import type { ColumnRow } from './member.repository.ts';

/** Module names with their titles, in menu order. */
export const MODULE_TITLES: Record<MemberModule, { zh: string; en: string }> = {
  course: { zh: '课程', en: 'Courses' },
  news: { zh: '资讯', en: 'News' },
  live: { zh: '直播', en: 'Lives' },
  speaker: { zh: '讲者', en: 'Speakers' },
  column: { zh: '栏目', en: 'Columns' },
  paper: { zh: '文献', en: 'Papers' },
  vod: { zh: '回放', en: 'Recordings' },
};

export const COLUMN_URL = '/column/index';

/** Where a favourite or history card opens. */
export function moduleAction(module: MemberModule, id: number): Action {
  switch (module) {
    case 'course':
      return action(ActionType.COURSE_DETAIL, { id });
    case 'news':
      return action(ActionType.NEWS_DETAIL, { id });
    case 'live':
      return action(ActionType.LIVE_DETAIL, { id });
    case 'speaker':
      return action(ActionType.SPEAKER_DETAIL, { id });
    case 'column':
      return action(ActionType.ROUTE, { url: COLUMN_URL });
    case 'paper':
      return action(ActionType.MODULE_DETAIL, { module: 'paper', module_id: id });
    case 'vod':
      return action(ActionType.VOD_DETAIL, { id });
  }
}

export function presentSubscribeCard(r: ColumnRow, lang: ApiLanguage): SubscribeCard {
  return {
    id: r.id,
    title: pick(lang, r.titleZh, r.titleEn),
    subscribe_logo: r.cover,
    subscribe_total: Number(r.subscribeTotal),
    is_follow: Boolean(r.isFollow),
    url: COLUMN_URL,
    action: action(ActionType.ROUTE, { url: COLUMN_URL }),
  };
}

export function presentColumnCard(r: ColumnRow, lang: ApiLanguage): ColumnCard {
  return {
    ...presentSubscribeCard(r, lang),
    cover: r.cover,
    desc: pick(lang, r.descZh, r.descEn),
    issue: r.issueCount,
  };
}
