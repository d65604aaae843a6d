import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { contentStatus, createdAt } from './common.ts';
import { lives } from './lives.ts';

/** Lives tagged with a sister product (`relate_sites.key`), shown on its landing page. */
export const liveProducts = pgTable(
  'live_products',
  {
    liveId: integer()
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    product: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.liveId, t.product] }), index('live_products_product_idx').on(t.product)],
);

/** Per-language texts of a pre-event landing page. */
export interface PreActTexts {
  title: string;
  subtitle: string;
  buttons: Array<{ text: string; url: string; style: 'primary' | 'secondary' }>;
}

/** Pre-event landing pages (`/pre_act/{id}`): their look, written by the operator. */
export const preActs = pgTable('pre_acts', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  banner: text().notNull(),
  startsAt: timestamp({ withTimezone: true }).notNull(),
  colors: jsonb().$type<{ primary: string; background: string; text: string }>().notNull(),
  textsZh: jsonb().$type<PreActTexts>().notNull(),
  textsEn: jsonb().$type<PreActTexts>(),
  status: contentStatus().notNull().default('published'),
  createdAt: createdAt(),
});
