import { z } from 'zod';
import { Action } from './actions.ts';
import type { EndpointSchemas } from './api.ts';
import { Id, Page, PageQuery } from './common.ts';
import { Column, SubscribeCard } from './entities.ts';

/**
 * Favourites, history, columns and subscriptions (spec §7). Every endpoint needs login except the two
 * card lists (/v1/user/column, /v1/user/subscribe), which /column/index shows to visitors too.
 */

export const MEMBER_MODULES = ['course', 'news', 'live', 'speaker', 'column', 'paper', 'vod'] as const;
export const MemberModule = z.enum(MEMBER_MODULES);
export type MemberModule = z.infer<typeof MemberModule>;

/** Most ids one history delete may name. */
export const HISTORY_DELETE_MAX = 100;

/** A favourite or history row resolved from its module. */
export const MemberItem = z.object({
  /** History: the history row id (for delete). Favourites: the module item id. */
  id: z.number().int(),
  module_name: MemberModule,
  module_id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  action: Action,
  /** ISO time: when favourited, or last viewed. */
  at: z.string(),
});
export type MemberItem = z.infer<typeof MemberItem>;

export const ModuleCount = z.object({ module_name: MemberModule, title_zh: z.string(), title_en: z.string(), title: z.string(), count: z.number().int() });
export type ModuleCount = z.infer<typeof ModuleCount>;
export const ModuleCountData = z.object({ items: z.array(ModuleCount) });

export const FavoriteBody = z.object({
  module_name: MemberModule,
  module_id: Id,
  /** 1 add, 2 remove. */
  status: z.union([z.literal(1), z.literal(2)]),
});
export const FavoriteData = z.object({ is_favorite: z.boolean() });
export const MemberListQuery = PageQuery.extend({ module_name: MemberModule.optional() });

export const HistoryBody = z.object({ module_name: MemberModule, module_id: Id });
export const HistoryDeleteBody = z.object({ ids: z.array(Id).min(1).max(HISTORY_DELETE_MAX) });
export const HistoryDeleteData = z.object({ deleted: z.number().int() });

export const ColumnCard = Column.extend(SubscribeCard.shape);
export type ColumnCard = z.infer<typeof ColumnCard>;
export const SubscribeBody = z.object({ sub_id: Id });
export const SubscribeData = z.object({ is_follow: z.boolean(), subscribe_total: z.number().int() });
export type SubscribeData = z.infer<typeof SubscribeData>;

const define = <const E extends EndpointSchemas>(e: E) => e;
const tags = ['member'] as const;

export const memberSchemas = {
  favoriteSet: define({
    summary: 'Favourite (status 1) or unfavourite (status 2) a module item; idempotent',
    tags,
    body: FavoriteBody,
    data: FavoriteData,
  }),
  favoriteList: define({
    summary: "The caller's favourites, newest first, resolved with title, cover and action",
    tags,
    query: MemberListQuery,
    data: Page(MemberItem),
  }),
  favoriteModules: define({
    summary: 'Favourite modules with zh/en titles and the caller’s counts',
    tags,
    data: ModuleCountData,
  }),
  historyRecord: define({
    summary: 'Record a view: one row per user and item, last_viewed_at moved to now',
    tags,
    body: HistoryBody,
    data: z.null(),
  }),
  historyMenu: define({
    summary: 'History modules with the caller’s counts',
    tags,
    data: ModuleCountData,
  }),
  historyList: define({
    summary: "The caller's history, most recently viewed first",
    tags,
    query: MemberListQuery,
    data: Page(MemberItem),
  }),
  historyDelete: define({
    summary: "Delete history rows by id (at most 100); only the caller's rows are touched",
    tags,
    body: HistoryDeleteBody,
    data: HistoryDeleteData,
  }),
  historyClear: define({
    summary: "Delete all of the caller's history",
    tags,
    data: HistoryDeleteData,
  }),
  columnList: define({
    summary: 'Column cards with subscription fields; public read (is_follow false when anonymous), subscribe_total counted from rows',
    tags,
    query: PageQuery,
    data: Page(ColumnCard),
  }),
  subscribeList: define({
    summary: 'Subscribable cards; public read (is_follow false when anonymous)',
    tags,
    query: PageQuery,
    data: Page(SubscribeCard),
  }),
  mySubscribe: define({
    summary: "The caller's subscriptions, newest first",
    tags,
    query: PageQuery,
    data: Page(SubscribeCard),
  }),
  subscribeAdd: define({
    summary: 'Subscribe to a column; idempotent',
    tags,
    body: SubscribeBody,
    data: SubscribeData,
  }),
  subscribeDel: define({
    summary: 'Unsubscribe from a column; idempotent',
    tags,
    body: SubscribeBody,
    data: SubscribeData,
  }),
} as const;
