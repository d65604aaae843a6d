import { z } from 'zod';
import type { EndpointSchemas } from './api.ts';
import { Id, Page, PageQuery } from './common.ts';
import { Media } from './media.ts';
import { PaperCard } from './papers.ts';

/**
 * Author voice (spec §2): authors of published papers present their work in a recorded talk,
 * and international link-ups pair a Chinese and an overseas author in one session.
 */

/** Web pages (each also with a `/w` web-view variant). `?id=` picks the talk or link-up shown. */
export const AUTHOR_VOICE_PAGE = '/author_voice';
export const authorVoicePage = (talkId?: number) => (talkId ? `/author_voice?id=${talkId}` : '/author_voice');
export const authorVoiceLinkupPage = (linkupId?: number) => (linkupId ? `/author_voice/inter?id=${linkupId}` : '/author_voice/inter');

/** Where the presenting author works: `cn` mainland China, `overseas` elsewhere. */
export const AuthorRegion = z.enum(['cn', 'overseas']);
export type AuthorRegion = z.infer<typeof AuthorRegion>;

export const VoiceAuthor = z.object({
  name: z.string(),
  /** Role in the paper and the institution ("First author · Mayo Clinic"). */
  affiliation: z.string(),
  country: z.string(),
  region: AuthorRegion,
  avatar: z.string(),
});
export type VoiceAuthor = z.infer<typeof VoiceAuthor>;

export const VoiceField = z.object({ id: z.number().int(), title: z.string() });
export type VoiceField = z.infer<typeof VoiceField>;

export const AuthorTalkCard = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  duration_s: z.number().int(),
  author: VoiceAuthor,
  field: VoiceField,
  /** The journal the paper appeared in (the paper's full journal name). */
  journal: z.string(),
  /** ISO 8601 instant. */
  published_at: z.string(),
});
export type AuthorTalkCard = z.infer<typeof AuthorTalkCard>;

export const AuthorTalkDetail = AuthorTalkCard.extend({
  /** Paragraphs of what the author says, in the caller's language. */
  transcript: z.array(z.string()),
  paper: PaperCard,
  /** Signed playback URLs; null when no recording is attached yet. */
  media: Media.nullable(),
  /** Other talks on the same field, newest first. */
  related: z.array(AuthorTalkCard),
});
export type AuthorTalkDetail = z.infer<typeof AuthorTalkDetail>;

export const LinkupCard = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  duration_s: z.number().int(),
  /** ISO 8601 instant the session was held. */
  held_at: z.string(),
  field: VoiceField,
  cn_author: VoiceAuthor,
  overseas_author: VoiceAuthor,
});
export type LinkupCard = z.infer<typeof LinkupCard>;

export const LinkupDetail = LinkupCard.extend({
  transcript: z.array(z.object({ speaker: z.enum(['cn', 'overseas', 'moderator']), text: z.string() })),
  media: Media.nullable(),
  /** The two authors' own talks on their papers, Chinese author first. */
  talks: z.array(AuthorTalkDetail.omit({ media: true, related: true, transcript: true })),
});
export type LinkupDetail = z.infer<typeof LinkupDetail>;

export const AuthorTalkListQuery = PageQuery.extend({
  field_id: Id.optional(),
  /** Exact journal name, as the filters list it. */
  journal: z.string().trim().min(1).max(200).optional(),
});
export type AuthorTalkListQuery = z.infer<typeof AuthorTalkListQuery>;

export const AuthorVoiceFilters = z.object({
  /** Fields that have at least one published talk. */
  fields: z.array(VoiceField),
  journals: z.array(z.string()),
});
export type AuthorVoiceFilters = z.infer<typeof AuthorVoiceFilters>;

export const AuthorVoiceHome = z.object({
  /** The newest talks: the first one plays on the programme's front page. */
  talks: z.array(AuthorTalkCard),
  linkups: z.array(LinkupCard),
  talk_count: z.number().int(),
  linkup_count: z.number().int(),
});
export type AuthorVoiceHome = z.infer<typeof AuthorVoiceHome>;

const define = <const E extends EndpointSchemas>(e: E) => e;
const tags = ['author-voice'] as const;
const IdParams = z.object({ id: Id });

export const authorVoiceSchemas = {
  authorVoiceHome: define({ summary: 'Front page of author voice: the newest talks and link-ups, with counts', tags, data: AuthorVoiceHome }),
  authorVoiceFilters: define({ summary: 'The fields and journals published talks can be filtered by', tags, data: AuthorVoiceFilters }),
  authorTalkList: define({
    summary: 'Published author talks, newest first, filtered by field and journal',
    tags,
    query: AuthorTalkListQuery,
    data: Page(AuthorTalkCard),
  }),
  authorTalkDetail: define({
    summary: 'One published talk with its transcript, its paper (DOI) and signed media; NOT_FOUND otherwise',
    tags,
    params: IdParams,
    data: AuthorTalkDetail,
  }),
  authorLinkupList: define({ summary: 'International link-ups, newest first', tags, query: PageQuery, data: Page(LinkupCard) }),
  authorLinkupDetail: define({
    summary: 'One link-up: both authors, their talks and papers, the session transcript and signed media; NOT_FOUND otherwise',
    tags,
    params: IdParams,
    data: LinkupDetail,
  }),
} as const;
