import { z } from 'zod';
import type { EndpointSchemas } from './api.ts';
import { Id, Page, PageQuery } from './common.ts';
import { SELECTED_CHANNELS, SELECTED_TAG_KINDS, SPECIAL_MENUS } from './constants.ts';
import { Media } from './media.ts';

/**
 * Selected-content channels of the two video journals (`/vjhemonc_selected`,
 * `/vjoncology_selected`) and the themed special albums (`/special/{theme_id}/{album_id}`).
 * The spec names the pages only; these endpoints are ours.
 */

export const SelectedChannelSlug = z.enum(SELECTED_CHANNELS);
export type SelectedChannelSlug = z.infer<typeof SelectedChannelSlug>;

export const SelectedTagKind = z.enum(SELECTED_TAG_KINDS);
export type SelectedTagKind = z.infer<typeof SelectedTagKind>;

export const SpecialMenu = z.enum(SPECIAL_MENUS);
export type SpecialMenu = z.infer<typeof SpecialMenu>;

export const SelectedChannel = z.object({
  slug: SelectedChannelSlug,
  name: z.string(),
  /** Short line under the name. */
  slogan: z.string(),
  intro: z.string(),
  logo: z.string(),
  /** Brand colour, `#rrggbb`. */
  color: z.string(),
  has_hotspot: z.boolean(),
});
export type SelectedChannel = z.infer<typeof SelectedChannel>;

export const SelectedTag = z.object({
  id: z.number().int(),
  kind: SelectedTagKind,
  name: z.string(),
  desc: z.string(),
  cover: z.string(),
  /** Published videos carrying the tag (within the album, for album lists). */
  count: z.number().int(),
});
export type SelectedTag = z.infer<typeof SelectedTag>;

export const SelectedSpeaker = z.object({ name: z.string(), organization: z.string() });

export const SelectedVideoCard = z.object({
  id: z.number().int(),
  channel: SelectedChannelSlug,
  /** `interview` (expert interview) or `meeting` (meeting coverage). */
  kind: z.enum(['interview', 'meeting']),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  duration_s: z.number().int(),
  published_at: z.string(),
  speakers: z.array(SelectedSpeaker),
  tags: z.array(SelectedTag.omit({ count: true, desc: true, cover: true })),
});
export type SelectedVideoCard = z.infer<typeof SelectedVideoCard>;

export const SelectedVideoDetail = SelectedVideoCard.extend({
  transcript: z.string(),
  /** Signed media (null when the video has none bound). */
  media: Media.nullable(),
  related: z.array(SelectedVideoCard),
});
export type SelectedVideoDetail = z.infer<typeof SelectedVideoDetail>;

export const SelectedHome = z.object({
  channel: SelectedChannel,
  latest: z.array(SelectedVideoCard),
  topics: z.array(SelectedTag),
});

export const SelectedPageText = z.object({ title: z.string(), body: z.string() });

export const ChannelParams = z.object({ channel: SelectedChannelSlug });
export const ChannelVideoParams = ChannelParams.extend({ id: Id });
export const TagsQuery = z.object({ kind: SelectedTagKind });
export const VideoListQuery = PageQuery.extend({
  tag_id: Id.optional(),
  keyword: z.string().trim().max(50).optional(),
});
export type VideoListQuery = z.infer<typeof VideoListQuery>;
export const DocQuery = z.object({ doc: z.enum(['about', 'copyright']) });

/** theme_id must be digits (spec §8); which digits are allowed is a business rule (NOT_FOUND). */
export const SpecialParams = z.object({
  theme_id: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
  album_id: Id,
});

export const SpecialConfig = z.object({
  theme_id: z.number().int(),
  album_id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  banner: z.string(),
  /** `#rrggbb` colours of the album's header and accents. */
  primary_color: z.string(),
  accent_color: z.string(),
  menus: z.array(z.object({ key: SpecialMenu, title: z.string() })),
  intro: z.string(),
  about: z.string(),
  copyright: z.string(),
  /** Channel whose player shows the album's videos. */
  channel: SelectedChannelSlug,
});
export type SpecialConfig = z.infer<typeof SpecialConfig>;

const define = <const E extends EndpointSchemas>(e: E) => e;
const tags = ['selected'] as const;

export const selectedSchemas = {
  selectedHome: define({
    summary: "A channel's identity, its latest published videos and its hot topics",
    tags,
    params: ChannelParams,
    data: SelectedHome,
  }),
  selectedTags: define({
    summary: "A channel's tags of one kind with their video counts; NOT_FOUND for hotspot on a channel without meeting highlights",
    tags,
    params: ChannelParams,
    query: TagsQuery,
    data: z.array(SelectedTag),
  }),
  selectedVideos: define({
    summary: "A channel's published videos, newest first, optionally of one tag or matching a keyword (title, summary, speakers)",
    tags,
    params: ChannelParams,
    query: VideoListQuery,
    data: Page(SelectedVideoCard),
  }),
  selectedVideo: define({
    summary: 'One published video of the channel with its transcript, signed media and related videos',
    tags,
    params: ChannelVideoParams,
    data: SelectedVideoDetail,
  }),
  selectedDoc: define({
    summary: "The channel's about or copyright text",
    tags,
    params: ChannelParams,
    query: DocQuery,
    data: SelectedPageText,
  }),
  specialConfig: define({
    summary: 'A themed album config (title, banner, colours, menus, texts); NOT_FOUND unless theme is 1 or 3 and the album is published in it',
    tags,
    params: SpecialParams,
    data: SpecialConfig,
  }),
  specialTags: define({
    summary: "Tags of one kind among the album's videos, with counts within the album",
    tags,
    params: SpecialParams,
    query: TagsQuery,
    data: z.array(SelectedTag),
  }),
  specialVideos: define({
    summary: "The album's videos in the editors' order, optionally of one tag or matching a keyword",
    tags,
    params: SpecialParams,
    query: VideoListQuery,
    data: Page(SelectedVideoCard),
  }),
} as const;
