import { z } from 'zod';
import { Action } from './actions.ts';
import type { EndpointSchemas } from './api.ts';
import { Id } from './common.ts';
import { HOME_LAYOUT_ITEM_KIND } from './constants.ts';
import { BlockLayout } from './home.ts';

/**
 * The console's home page editor (decision record 0067): the blocks in order, each with its kind
 * (layout), header (zh/en title, "more" link, hidden) and what it shows: either a query (limit,
 * department, order...) or chosen items by id. Edits go to a draft layout, separate from the
 * published one; publishing switches the public home to the draft in one transaction.
 */

export const BLOCK_LAYOUTS = Object.values(BlockLayout) as [BlockLayout, ...BlockLayout[]];
export const BlockLayoutSchema = z.enum(BLOCK_LAYOUTS);

/** What each layout's chosen items are (`item_ids`); `search_items` mixes kinds and takes none. */
export const HOME_ITEM_KINDS = ['banner', 'news', 'news_category', 'speaker', 'course', 'column', 'paper', 'intro_text', 'album', 'topic', 'live'] as const;
export type HomeItemKind = (typeof HOME_ITEM_KINDS)[number];
export const HomeItemKindSchema = z.enum(HOME_ITEM_KINDS);
export const LAYOUT_ITEM_KIND: Readonly<Record<BlockLayout, HomeItemKind | null>> = HOME_LAYOUT_ITEM_KIND;

/** A block's query, or its chosen items (`item_ids`, shown in that order, published ones only). */
export const AdminHomeSource = z.object({
  limit: z.number().int().min(1).max(50).default(8),
  department: z.string().min(1).max(60).optional(),
  course_type: z.union([z.literal(1), z.literal(2)]).optional(),
  price_type: z.union([z.literal(1), z.literal(2)]).optional(),
  featured: z.boolean().optional(),
  order: z.enum(['latest', 'popular']).default('latest'),
  /** news: only these categories; news_menu: its tabs, in this order. */
  category_ids: z.array(Id).max(20).optional(),
  modules: z.array(z.enum(['course', 'live', 'news'])).min(1).optional(),
  position: z.enum(['home', 'home_side', 'user_center']).optional(),
  /** Chosen items of the layout's kind (LAYOUT_ITEM_KIND), instead of the query. */
  item_ids: z.array(Id).min(1).max(50).optional(),
});
export type AdminHomeSource = z.input<typeof AdminHomeSource>;

export const AdminHomeBlock = z.object({
  /** The published block it edits, or null for a new block. */
  id: z.number().int().positive().nullable(),
  layout: BlockLayoutSchema,
  title_zh: z.string().trim().min(1).max(60),
  title_en: z.string().trim().min(1).max(60).nullable(),
  more_action: Action.nullable(),
  hide: z.boolean(),
  source: AdminHomeSource,
});
export type AdminHomeBlock = z.input<typeof AdminHomeBlock>;

export const AdminHomeLayout = z.object({
  /** The draft when there is one, else the published layout. */
  blocks: z.array(AdminHomeBlock),
  /** There is a draft (unpublished edits). */
  draft: z.boolean(),
  /** The draft's version: send it back with the next save (null: no draft yet). */
  updated_at: z.string().nullable(),
  /** The published layout's last publication. */
  published_at: z.string().nullable(),
});
export type AdminHomeLayout = z.infer<typeof AdminHomeLayout>;

export const AdminHomeDraftBody = z.object({
  blocks: z.array(AdminHomeBlock).min(1).max(40),
  /** The draft version the edit started from; null when it started from the published layout. */
  updated_at: z.iso.datetime({ offset: true }).nullable(),
});
export const AdminHomeVersionBody = z.object({ updated_at: z.iso.datetime({ offset: true }) });

export const AdminHomeItemQuery = z.object({
  kind: HomeItemKindSchema,
  q: z.string().trim().max(100).optional(),
  /** Look these ids up (the picker's current items). */
  ids: z.string().regex(/^\d+(,\d+){0,49}$/).optional(),
});
export const AdminHomeItem = z.object({ id: z.number().int(), title_zh: z.string(), title_en: z.string().nullable(), published: z.boolean() });
export type AdminHomeItem = z.infer<typeof AdminHomeItem>;

export const adminHomeSchemas = {
  adminHome: { summary: 'The home page layout: the draft when there is one, else the published blocks', tags: ['admin'], data: AdminHomeLayout },
  adminHomeSaveDraft: {
    summary: 'Save the draft layout (items checked to exist); a stale updated_at answers ADMIN_EDIT_CONFLICT',
    tags: ['admin'],
    body: AdminHomeDraftBody,
    data: AdminHomeLayout,
  },
  adminHomePublish: {
    summary: 'Publish the draft: the public home switches to it at once (audited with before/after)',
    tags: ['admin'],
    body: AdminHomeVersionBody,
    data: AdminHomeLayout,
  },
  adminHomeDiscard: { summary: 'Drop the draft', tags: ['admin'], body: AdminHomeVersionBody, data: AdminHomeLayout },
  adminHomeItems: {
    summary: 'Items a block can show, by kind: search by title or look up ids (20 at most)',
    tags: ['admin'],
    query: AdminHomeItemQuery,
    data: z.object({ items: z.array(AdminHomeItem) }),
  },
} satisfies Record<string, EndpointSchemas>;
