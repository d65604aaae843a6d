import {
  ActionType,
  type ApiLanguage,
  type Banner,
  type IntroText,
  type LiveItem,
  LiveStatus,
  type Special,
} from '@medportal/contract';
import type {
  banners,
  introTexts,
  specials,
} from '../../db/schema/index.ts';
import { pick } from '../../lib/i18n.ts';
import type { LiveRow } from './home.repository.ts';

/** Row → contract shape, in the request language. Pure functions: no I/O, easy to test. */

export { action, presentCourse, presentSpeaker } from '../shared/content.present.ts';
import { action } from '../shared/content.present.ts';

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

/** Shared with the news module. */
export { presentNews } from '../shared/news.present.ts';

/** Shared with the speakers and papers modules. */
export { presentColumn, presentPaper } from '../shared/editorial.present.ts';

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
