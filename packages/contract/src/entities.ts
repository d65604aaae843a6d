import { z } from 'zod';
import { Action } from './actions.ts';
import { Platform } from './common.ts';

// Plain code tables live in codes.ts (no zod) so the web bundle can import them cheaply.
export { CourseType, PriceType, LiveStatus } from './codes.ts';

/** Entity shapes of spec §3, as sent by the API. Money is integer fen. */

export const Tag = z.object({ id: z.number().int(), title: z.string(), cover: z.string().nullable() });

export const Course = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  course_type: z.number().int(),
  price_type: z.number().int(),
  /** Price in fen. */
  price: z.number().int(),
  /** Price before discount in fen; 0 when there is none. */
  original_price: z.number().int(),
  learn_count: z.number().int(),
  /** learn_count as shown (e.g. "1.2万" / "12.3k"). */
  learn_count_show: z.string(),
  course_updated_count: z.number().int(),
  tags: z.array(Tag),
  action: Action,
});
export type Course = z.infer<typeof Course>;

export const LiveItem = z.object({
  id: z.number().int(),
  banner: z.string(),
  preview_gif: z.string().nullable(),
  title: z.string(),
  sub_title: z.string(),
  /** ISO 8601 instant. */
  start_at: z.string(),
  live_status: z.number().int(),
  live_status_text: z.string(),
  action: Action,
});
export type LiveItem = z.infer<typeof LiveItem>;

export const Speaker = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  title: z.string(),
  organization: z.object({ name: z.string() }).nullable(),
  hospital: z.object({ name: z.string() }).nullable(),
  departments: z.array(z.object({ id: z.number().int(), title: z.string() })),
  is_follow: z.boolean(),
  follower_count: z.number().int(),
  action: Action,
});
export type Speaker = z.infer<typeof Speaker>;

export const NewsItem = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  cover: z.string(),
  category: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  published_at: z.string(),
  action: Action,
});
export type NewsItem = z.infer<typeof NewsItem>;

export const Column = z.object({
  id: z.number().int(),
  cover: z.string(),
  title: z.string(),
  desc: z.string(),
  /** Number of issues published. */
  issue: z.number().int(),
  action: Action,
});
export type Column = z.infer<typeof Column>;

export const Paper = z.object({
  uuid: z.string(),
  title: z.string(),
  abstract: z.string(),
  full_journal: z.string(),
  doi: z.string().nullable(),
  action: Action,
});
export type Paper = z.infer<typeof Paper>;

export const SearchItem = z.object({
  id: z.number().int(),
  cover: z.string(),
  title: z.string(),
  tag: z.string(),
  tag_bg_color: z.string(),
  action: Action,
  item_id: z.number().int(),
});
export type SearchItem = z.infer<typeof SearchItem>;

export const HotWord = z.object({ id: z.number().int(), word: z.string() });
export type HotWord = z.infer<typeof HotWord>;
export const SearchHint = z.object({ word: z.string() });
export type SearchHint = z.infer<typeof SearchHint>;

export const SubscribeCard = z.object({
  id: z.number().int(),
  title: z.string(),
  subscribe_logo: z.string(),
  subscribe_total: z.number().int(),
  is_follow: z.boolean(),
  url: z.string(),
  action: Action,
});
export type SubscribeCard = z.infer<typeof SubscribeCard>;

export const HistoryRecord = z.object({ module_name: z.string(), module_id: z.number().int() });
export type HistoryRecord = z.infer<typeof HistoryRecord>;

export const UserInfo = z.object({ avatar_url: z.string(), nickname: z.string() });
export type UserInfo = z.infer<typeof UserInfo>;

export const LoginResult = z.object({
  user_access_token: z.string(),
  user_refresh_token: z.string(),
  user_info: UserInfo,
  platform: Platform,
});
export type LoginResult = z.infer<typeof LoginResult>;

/** Answer of the server session check (spec §4 / §7 "Session check"). */
export const SessionCheck = z.object({
  user_access_token: z.string(),
  platform: Platform,
  /** Present when the server opened a new token family for this browser's session cookie. */
  user_refresh_token: z.string().optional(),
  user_info: UserInfo.optional(),
});
export type SessionCheck = z.infer<typeof SessionCheck>;

/** A special album or special topic card. */
export const Special = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  desc: z.string(),
  action: Action,
});
export type Special = z.infer<typeof Special>;

export const Banner = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  action: Action,
});
export type Banner = z.infer<typeof Banner>;
