import { ActionType, type ApiLanguage, type LiveItem, LiveStatus } from '@medportal/contract';
import type { lives } from '../../db/schema/index.ts';
import { pick } from '../../lib/i18n.ts';
import { action } from './content.present.ts';

/** What a live card is presented from (the columns of card.columns.ts's liveCardColumns). */
export type LiveRow = Pick<
  typeof lives.$inferSelect,
  'id' | 'banner' | 'previewGif' | 'titleZh' | 'titleEn' | 'subTitleZh' | 'subTitleEn' | 'startAt' | 'endAt' | 'hasReplay'
>;

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

/** A live card (home, lives, speakers, places, topics, search). */
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
