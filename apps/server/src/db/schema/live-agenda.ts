import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { lives } from './lives.ts';
import { speakers } from './speakers.ts';

/** A live's programme: its sessions in time order, each with an optional speaker. */
export const liveAgendaItems = pgTable(
  'live_agenda_items',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    liveId: integer()
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    startAt: timestamp({ withTimezone: true }).notNull(),
    endAt: timestamp({ withTimezone: true }).notNull(),
    titleZh: text().notNull(),
    titleEn: text(),
    speakerId: integer().references(() => speakers.id, { onDelete: 'set null' }),
    sort: integer().notNull().default(0),
  },
  (t) => [index('live_agenda_items_live_idx').on(t.liveId, t.sort)],
);
