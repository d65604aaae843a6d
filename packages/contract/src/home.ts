import { z } from 'zod';
import { Action } from './actions.ts';
import { Banner, Column, Course, LiveItem, NewsItem, Paper, SearchItem, Special, Speaker } from './entities.ts';

/** Home block layouts (spec §1), in the vocabulary of `/v1/pc_index`. */
export const BlockLayout = {
  BANNER: 'banner',
  NEWS: 'news',
  NEWS_MENU: 'news_menu',
  SPEAKER_HORIZONTAL: 'speaker_horizontal',
  COURSES: 'courses',
  BIG_COURSES: 'big_courses',
  COLUMNS: 'columns',
  PAPERS: 'papers',
  INTRO_TEXT: 'intro_text',
  COURSE_SERIES: 'course_series',
  SPECIAL: 'special',
  SPEAKERS: 'speakers',
  LIVE_MEETINGS: 'live_meetings',
  TODAY_LIVE: 'today_live',
  LEFT_IMAGE_COURSES: 'left_image_courses',
  SEARCH_ITEMS: 'search_items',
  SPECIAL_TOPICS: 'special_topics',
} as const;
export type BlockLayout = (typeof BlockLayout)[keyof typeof BlockLayout];

export const BlockHeader = z.object({
  title: z.string(),
  more_action: Action.nullable(),
  hide: z.boolean(),
});
export type BlockHeader = z.infer<typeof BlockHeader>;

export const NewsMenuTab = z.object({
  id: z.number().int(),
  title: z.string(),
  action: Action,
  items: z.array(NewsItem),
});
export type NewsMenuTab = z.infer<typeof NewsMenuTab>;

export const IntroText = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  action: Action.nullable(),
});
export type IntroText = z.infer<typeof IntroText>;

const block = <L extends BlockLayout, T extends z.ZodType>(layout: L, item: T) =>
  z.object({
    id: z.number().int(),
    layout: z.literal(layout),
    header: BlockHeader,
    data: z.object({ items: z.array(item) }),
  });

export const HomeBlock = z.discriminatedUnion('layout', [
  block(BlockLayout.BANNER, Banner),
  block(BlockLayout.NEWS, NewsItem),
  block(BlockLayout.NEWS_MENU, NewsMenuTab),
  block(BlockLayout.SPEAKER_HORIZONTAL, Speaker),
  block(BlockLayout.COURSES, Course),
  block(BlockLayout.BIG_COURSES, Course),
  block(BlockLayout.COLUMNS, Column),
  block(BlockLayout.PAPERS, Paper),
  block(BlockLayout.INTRO_TEXT, IntroText),
  block(BlockLayout.COURSE_SERIES, Course),
  block(BlockLayout.SPECIAL, Special),
  block(BlockLayout.SPEAKERS, Speaker),
  block(BlockLayout.LIVE_MEETINGS, LiveItem),
  block(BlockLayout.TODAY_LIVE, LiveItem),
  block(BlockLayout.LEFT_IMAGE_COURSES, Course),
  block(BlockLayout.SEARCH_ITEMS, SearchItem),
  block(BlockLayout.SPECIAL_TOPICS, Special),
]);
export type HomeBlock = z.infer<typeof HomeBlock>;
export type HomeBlockOf<L extends BlockLayout> = Extract<HomeBlock, { layout: L }>;

export const PcIndexData = z.object({ blocks: z.array(HomeBlock) });
export type PcIndexData = z.infer<typeof PcIndexData>;

/** Sister products shown in the top bar and the all-products dropdown. */
export const RelateSite = z.object({
  id: z.number().int(),
  key: z.string(),
  title: z.string(),
  desc: z.string(),
  icon: z.string(),
  url: z.string(),
});
export type RelateSite = z.infer<typeof RelateSite>;
export const RelateSiteData = z.object({ items: z.array(RelateSite) });

/** Banner slot of the user centre / side panels (`/v1/user/banner`). */
export const UserBannerQuery = z.object({ position: z.enum(['home_side', 'user_center']).default('home_side') });
export const UserBannerData = z.object({ items: z.array(Banner) });

/** Site-wide configuration the chrome needs: QR targets, downloads, media accounts, contact. */
export const QrEntry = z.object({ key: z.string(), title: z.string(), url: z.string() });
export type QrEntry = z.infer<typeof QrEntry>;
export const SiteConfig = z.object({
  app_downloads: z.array(QrEntry),
  wechat_account: QrEntry,
  media_accounts: z.array(QrEntry),
  contact: z.object({ phone: z.string(), email: z.string(), hours: z.string(), address: z.string() }),
  icp: z.string(),
});
export type SiteConfig = z.infer<typeof SiteConfig>;
