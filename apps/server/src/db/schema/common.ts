import { pgEnum, timestamp } from 'drizzle-orm/pg-core';

/** Only `published` rows are ever shown to visitors. */
export const contentStatus = pgEnum('content_status', ['draft', 'published', 'offline']);

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
