import { boolean, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { contentStatus, createdAt, updatedAt } from './common.ts';
import { specials } from './editorial.ts';

/** A selected-content channel of a video journal (/vjhemonc_selected, /vjoncology_selected) and its identity. */
export const selectedChannels = pgTable(
  'selected_channels',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    slug: text().notNull(),
    nameZh: text().notNull(),
    nameEn: text(),
    sloganZh: text().notNull().default(''),
    sloganEn: text(),
    introZh: text().notNull().default(''),
    introEn: text(),
    aboutZh: text().notNull().default(''),
    aboutEn: text(),
    copyrightZh: text().notNull().default(''),
    copyrightEn: text(),
    logo: text().notNull(),
    color: text().notNull(),
    /** Whether the channel publishes meeting highlights (the hotspot sub-page). */
    hasHotspot: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [unique('selected_channels_slug_uq').on(t.slug)],
);

export const selectedTagKind = pgEnum('selected_tag_kind', ['topic', 'hotspot', 'field', 'meeting']);

/** Hot topics, meeting highlights, disease areas and meetings a channel groups its videos by. */
export const selectedTags = pgTable(
  'selected_tags',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    channelId: integer()
      .notNull()
      .references(() => selectedChannels.id, { onDelete: 'cascade' }),
    kind: selectedTagKind().notNull(),
    nameZh: text().notNull(),
    nameEn: text(),
    descZh: text().notNull().default(''),
    descEn: text(),
    cover: text().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index('selected_tags_channel_idx').on(t.channelId, t.kind, t.sort)],
);

export interface SelectedSpeakerRow {
  nameZh: string;
  nameEn: string;
  orgZh: string;
  orgEn: string;
}

export const selectedVideoKind = pgEnum('selected_video_kind', ['interview', 'meeting']);

/** An expert interview or meeting-coverage video; its media is bound in media_bindings (target `selected`). */
export const selectedVideos = pgTable(
  'selected_videos',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    channelId: integer()
      .notNull()
      .references(() => selectedChannels.id, { onDelete: 'cascade' }),
    kind: selectedVideoKind().notNull(),
    titleZh: text().notNull(),
    titleEn: text(),
    summaryZh: text().notNull().default(''),
    summaryEn: text(),
    transcriptZh: text().notNull().default(''),
    transcriptEn: text(),
    cover: text().notNull(),
    durationS: integer().notNull().default(0),
    speakers: jsonb().$type<SelectedSpeakerRow[]>().notNull().default([]),
    publishedAt: timestamp({ withTimezone: true }).notNull(),
    status: contentStatus().notNull().default('draft'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('selected_videos_channel_idx').on(t.channelId, t.publishedAt)],
);

export const selectedVideoTags = pgTable(
  'selected_video_tags',
  {
    videoId: integer()
      .notNull()
      .references(() => selectedVideos.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => selectedTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.tagId] }), index('selected_video_tags_tag_idx').on(t.tagId)],
);

/** A themed special album's look and texts (the album itself is a `specials` row of kind album). */
export const specialAlbumConfigs = pgTable('special_album_configs', {
  specialId: integer()
    .primaryKey()
    .references(() => specials.id, { onDelete: 'cascade' }),
  channelId: integer()
    .notNull()
    .references(() => selectedChannels.id),
  subtitleZh: text().notNull().default(''),
  subtitleEn: text(),
  banner: text().notNull(),
  primaryColor: text().notNull(),
  accentColor: text().notNull(),
  /** Sub-pages shown, in order (SPECIAL_MENUS keys). */
  menus: jsonb().$type<string[]>().notNull(),
  introZh: text().notNull().default(''),
  introEn: text(),
  aboutZh: text().notNull().default(''),
  aboutEn: text(),
  copyrightZh: text().notNull().default(''),
  copyrightEn: text(),
  updatedAt: updatedAt(),
});

/** Videos an album shows, in the editors' order. */
export const specialAlbumVideos = pgTable(
  'special_album_videos',
  {
    specialId: integer()
      .notNull()
      .references(() => specials.id, { onDelete: 'cascade' }),
    videoId: integer()
      .notNull()
      .references(() => selectedVideos.id, { onDelete: 'cascade' }),
    sort: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.specialId, t.videoId] })],
);
