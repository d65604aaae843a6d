import { date, index, integer, pgEnum, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { contentStatus, createdAt, updatedAt } from './common.ts';
import { users } from './users.ts';

/**
 * Site documents (about, contact, service agreement, privacy policy, SDK list): bilingual HTML
 * written by the operator. The product ships its texts in a migration (not the demo seed), so
 * every database has them and `seed --reset` leaves them alone. `{{contact_email}}`-style
 * placeholders are filled from the site configuration when served.
 */
export const sitePages = pgTable('site_pages', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  slug: text().notNull().unique(),
  titleZh: text().notNull(),
  titleEn: text(),
  bodyZh: text().notNull(),
  bodyEn: text(),
  /** Published version label of a legal text ('' for plain pages). */
  version: text().notNull().default(''),
  effectiveOn: date({ mode: 'string' }),
  status: contentStatus().notNull().default('published'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Every saved text of a site page (decision record 0068): an edit in the console writes one and
 * makes it the page's text; restoring an old one writes a new version copying it. `number` counts
 * 1, 2, 3... within a page.
 */
export const sitePageVersions = pgTable(
  'site_page_versions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    pageId: integer()
      .notNull()
      .references(() => sitePages.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    titleZh: text().notNull(),
    titleEn: text(),
    bodyZh: text().notNull(),
    bodyEn: text(),
    version: text().notNull().default(''),
    effectiveOn: date({ mode: 'string' }),
    /** The version this one copies, when it was made by a restore. */
    restoredFrom: integer(),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [unique('site_page_versions_page_number_uq').on(t.pageId, t.number)],
);

export const contactKind = pgEnum('contact_kind', ['phone', 'email']);
export const contactMessageStatus = pgEnum('contact_message_status', ['new', 'handled']);

/** Messages left through the contact form, for customer service. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    /** As typed (trimmed), for the reply. */
    contact: text().notNull(),
    contactKind: contactKind().notNull(),
    message: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Client address, kept for abuse handling; removed with the row after the retention period. */
    ip: text().notNull(),
    lang: text().notNull(),
    status: contactMessageStatus().notNull().default('new'),
    /** Who marked it handled in the console, when, and what was done. */
    handledAt: timestamp({ withTimezone: true }),
    handledBy: integer().references(() => users.id, { onDelete: 'set null' }),
    handledNote: text(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);
