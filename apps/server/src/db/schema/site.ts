import { BlockLayout, type Action } from '@medportal/contract';
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { contentStatus, createdAt, updatedAt } from './common.ts';
import { users } from './users.ts';

export const bannerPosition = pgEnum('banner_position', ['home', 'home_side', 'user_center']);

export const banners = pgTable(
  'banners',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    position: bannerPosition().notNull(),
    titleZh: text().notNull(),
    titleEn: text(),
    image: text().notNull(),
    action: jsonb().$type<Action>().notNull(),
    sort: integer().notNull().default(0),
    /** Optional display window; null = unbounded. */
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    status: contentStatus().notNull().default('draft'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('banners_position_sort_idx').on(t.position, t.sort)],
);

/** A feature of a sister product, as its landing page lists it. */
export interface ProductFeatureRow {
  titleZh: string;
  titleEn: string | null;
  textZh: string;
  textEn: string | null;
}
/** A link on a sister product's landing page; the first one is the main call to action. */
export interface ProductLinkRow {
  titleZh: string;
  titleEn: string | null;
  action: Action;
}

/** Sister products in the top bar, each with its landing page (`/{key}`). */
export const relateSites = pgTable('relate_sites', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  key: text().notNull().unique(),
  titleZh: text().notNull(),
  titleEn: text(),
  descZh: text().notNull().default(''),
  descEn: text(),
  icon: text().notNull(),
  url: text().notNull(),
  /** Landing-page introduction: HTML, sanitised when served. */
  introZh: text().notNull().default(''),
  introEn: text(),
  features: jsonb().$type<ProductFeatureRow[]>().notNull().default([]),
  links: jsonb().$type<ProductLinkRow[]>().notNull().default([]),
  sort: integer().notNull().default(0),
  status: contentStatus().notNull().default('published'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const introTexts = pgTable('intro_texts', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  titleZh: text().notNull(),
  titleEn: text(),
  textZh: text().notNull(),
  textEn: text(),
  action: jsonb().$type<Action>(),
  sort: integer().notNull().default(0),
  status: contentStatus().notNull().default('published'),
  createdAt: createdAt(),
});

const layouts = Object.values(BlockLayout) as [BlockLayout, ...BlockLayout[]];
export const blockLayout = pgEnum('block_layout', layouts);

/** The home page: ordered blocks, each reading its items from a source query (see home/block-source.ts). */
export const homeBlocks = pgTable(
  'home_blocks',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    layout: blockLayout().notNull(),
    titleZh: text().notNull(),
    titleEn: text(),
    sort: integer().notNull().default(0),
    /** Sent to the client as header.hide; hidden blocks carry no items. */
    hide: boolean().notNull().default(false),
    moreAction: jsonb().$type<Action>(),
    /** Query parameters of the block's items, validated by BlockSource on read. */
    source: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    status: contentStatus().notNull().default('published'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('home_blocks_sort_idx').on(t.sort)],
);

/**
 * The home page's unpublished layout (one row, id 1): the console edits it while readers see
 * home_blocks, and publishing replaces home_blocks with it in one transaction (decision 0067).
 */
export const homeDrafts = pgTable('home_drafts', {
  id: integer().primaryKey(),
  /** AdminHomeBlock[] of the contract, in order. */
  blocks: jsonb().$type<unknown[]>().notNull(),
  updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/** Small key/value facts about the database itself (e.g. when demo content was seeded). */
export const appMeta = pgTable('app_meta', {
  key: text().primaryKey(),
  value: text().notNull(),
  updatedAt: updatedAt(),
});
