import {
  type Action,
  ActionType,
  type ApiLanguage,
  type Banner,
  type Column,
  type Course,
  type IntroText,
  type LiveItem,
  LiveStatus,
  type NewsItem,
  type Paper,
  type Special,
  type Speaker,
} from '@medportal/contract';
import type {
  banners,
  columns,
  introTexts,
  papers,
  specials,
} from '../../db/schema/index.ts';
import { formatCount, pick } from '../../lib/i18n.ts';
import type { CourseRow, LiveRow, NewsRow, SpeakerRow } from './home.repository.ts';

/** Row → contract shape, in the request language. Pure functions: no I/O, easy to test. */

export function action(type: ActionType, data: Action['data'] = {}, target: Action['target'] = '_self'): Action {
  return { type, data, target };
}

export function presentCourse(r: CourseRow, lang: ApiLanguage): Course {
  return {
    id: r.id,
    title: pick(lang, r.titleZh, r.titleEn),
    cover: r.cover,
    course_type: r.courseType,
    price_type: r.priceType,
    price: r.price,
    original_price: r.originalPrice,
    learn_count: r.learnCount,
    learn_count_show: formatCount(r.learnCount, lang),
    course_updated_count: r.courseUpdatedCount,
    tags: r.tags.map((t) => ({ id: t.id, title: pick(lang, t.titleZh, t.titleEn), cover: t.cover })),
    action: action(ActionType.COURSE_DETAIL, { id: r.id }),
  };
}

const LIVE_STATUS_TEXT: Record<number, Record<ApiLanguage, string>> = {
  [LiveStatus.UPCOMING]: { zh_CN: '未开始', en: 'Upcoming' },
  [LiveStatus.LIVE]: { zh_CN: '直播中', en: 'Live now' },
  [LiveStatus.ENDED]: { zh_CN: '已结束', en: 'Ended' },
  [LiveStatus.REPLAY]: { zh_CN: '回放', en: 'Replay' },
};

/** Live status is a function of time: before start upcoming, until the end live, then replay or ended. */
export function liveStatus(startAt: Date, endAt: Date, hasReplay: boolean, now: Date): number {
  if (now < startAt) return LiveStatus.UPCOMING;
  if (now < endAt) return LiveStatus.LIVE;
  return hasReplay ? LiveStatus.REPLAY : LiveStatus.ENDED;
}

export function liveStatusText(status: number, lang: ApiLanguage): string {
  return LIVE_STATUS_TEXT[status]?.[lang] ?? '';
}

export function presentLive(r: LiveRow, lang: ApiLanguage, now: Date): LiveItem {
  const status = liveStatus(r.startAt, r.endAt, r.hasReplay, now);
  return {
    id: r.id,
    banner: r.banner,
    preview_gif: r.previewGif,
    title: pick(lang, r.titleZh, r.titleEn),
    sub_title: pick(lang, r.subTitleZh, r.subTitleEn),
    start_at: r.startAt.toISOString(),
    live_status: status,
    live_status_text: liveStatusText(status, lang),
    action: action(ActionType.LIVE_DETAIL, { id: r.id }),
  };
}

export function presentNews(r: NewsRow, lang: ApiLanguage): NewsItem {
  return {
    id: r.id,
    title: pick(lang, r.titleZh, r.titleEn),
    description: pick(lang, r.descriptionZh, r.descriptionEn),
    cover: r.cover,
    category: { id: r.categoryId, title: pick(lang, r.categoryTitleZh, r.categoryTitleEn) },
    published_at: (r.publishedAt ?? new Date(0)).toISOString(),
    action: action(ActionType.NEWS_DETAIL, { id: r.id }),
  };
}

/** Anonymous view: is_follow is false until accounts exist. */
export function presentSpeaker(r: SpeakerRow, lang: ApiLanguage): Speaker {
  return {
    id: r.id,
    name: pick(lang, r.nameZh, r.nameEn),
    avatar: r.avatar,
    title: pick(lang, r.titleZh, r.titleEn),
    organization: r.organizationZh ? { name: pick(lang, r.organizationZh, r.organizationEn) } : null,
    hospital: r.hospitalZh ? { name: pick(lang, r.hospitalZh, r.hospitalEn) } : null,
    departments: r.departments.map((d) => ({ id: d.id, title: pick(lang, d.nameZh, d.nameEn) })),
    is_follow: false,
    follower_count: r.followerCount,
    action: action(ActionType.SPEAKER_DETAIL, { id: r.id }),
  };
}

export function presentColumn(r: typeof columns.$inferSelect, lang: ApiLanguage): Column {
  return {
    id: r.id,
    cover: r.cover,
    title: pick(lang, r.titleZh, r.titleEn),
    desc: pick(lang, r.descZh, r.descEn),
    issue: r.issueCount,
    action: action(ActionType.ROUTE, { url: '/column/index' }),
  };
}

export function presentPaper(r: typeof papers.$inferSelect, lang: ApiLanguage): Paper {
  return {
    uuid: r.uuid,
    title: pick(lang, r.titleZh, r.titleEn),
    abstract: pick(lang, r.abstractZh, r.abstractEn),
    full_journal: r.fullJournal,
    doi: r.doi,
    action: action(ActionType.MODULE_DETAIL, { module: 'paper', module_id: r.id }),
  };
}

/** Albums open their themed channel page; topics the generic module page. */
export function presentSpecial(r: typeof specials.$inferSelect, lang: ApiLanguage): Special {
  return {
    id: r.id,
    title: pick(lang, r.titleZh, r.titleEn),
    cover: r.cover,
    desc: pick(lang, r.descZh, r.descEn),
    action:
      r.kind === 'album' && r.themeId !== null
        ? action(ActionType.ROUTE, { url: `/special/${r.themeId}/${r.id}` })
        : action(ActionType.MODULE_DETAIL, { module: 'topic', module_id: r.id }),
  };
}

export function presentBanner(r: typeof banners.$inferSelect, lang: ApiLanguage): Banner {
  return { id: r.id, title: pick(lang, r.titleZh, r.titleEn), image: r.image, action: r.action };
}

export function presentIntro(r: typeof introTexts.$inferSelect, lang: ApiLanguage): IntroText {
  return { id: r.id, title: pick(lang, r.titleZh, r.titleEn), text: pick(lang, r.textZh, r.textEn), action: r.action };
}
