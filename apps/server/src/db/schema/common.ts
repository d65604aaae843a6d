import { pgEnum, timestamp } from 'drizzle-orm/pg-core';

/**
 * Only `published` rows are ever listed for visitors. `unlisted`: reachable by its id and link but in
 * no list, search or sitemap (the lives behind created meetings, decision record 0050).
 */
export const contentStatus = pgEnum('content_status', ['draft', 'published', 'offline', 'unlisted']);

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
