import { z } from 'zod';
import type { EndpointSchemas } from './api.ts';
import { Id, Page, PageQuery } from './common.ts';
import { Column, Course, LiveItem, NewsItem, Speaker } from './entities.ts';
import { PaperCard } from './papers.ts';

/** Speakers (spec §3 Speaker, §4 follow, §7 "Favourites, follows" and "Regions, hospitals, speakers"). */

export const SpeakerIdParams = z.object({ id: Id });

export const SpeakerDetail = Speaker.extend({
  /** Plain text: the full introduction (the /speaker/info page). */
  intro: z.string(),
  /** Where the header's hospital and organisation names link (/hospital/{id}, /organizer/{id}). */
  hospital_id: z.number().int().nullable(),
  organization_id: z.number().int().nullable(),
});
export type SpeakerDetail = z.infer<typeof SpeakerDetail>;

/** 1 follow, 2 unfollow (spec §4). */
export const SpeakerFollowBody = z.object({ status: z.union([z.literal(1), z.literal(2)]) });
export const SpeakerFollowData = z.object({ is_follow: z.boolean(), follower_count: z.number().int() });
export type SpeakerFollowData = z.infer<typeof SpeakerFollowData>;

export const SpeakerLiveQuery = PageQuery.extend({ year: z.coerce.number().int().min(1970).max(9999).optional() });
export const SpeakerLiveYearsData = z.object({ items: z.array(z.number().int()) });

/** Speaker browser: every published speaker, or those of one hospital and/or region (cities count for their province). */
export const SpeakerListQuery = PageQuery.extend({ hospital_id: Id.optional(), region_id: Id.optional() });

const define = <const E extends EndpointSchemas>(e: E) => e;

export const speakerSchemas = {
  speakerDetail: define({
    summary: 'One published speaker with the full intro; is_follow for a logged-in caller (login optional)',
    tags: ['speakers'],
    params: SpeakerIdParams,
    data: SpeakerDetail,
  }),
  speakerCourses: define({
    summary: "The speaker's published courses, newest first (published_at desc, id desc)",
    tags: ['speakers'],
    params: SpeakerIdParams,
    query: PageQuery,
    data: Page(Course),
  }),
  speakerLives: define({
    summary: "The speaker's published lives, newest first (start_at desc, id desc); optionally one year (UTC)",
    tags: ['speakers'],
    params: SpeakerIdParams,
    query: SpeakerLiveQuery,
    data: Page(LiveItem),
  }),
  speakerLiveYears: define({
    summary: 'Years (UTC) in which the speaker has published lives, newest first',
    tags: ['speakers'],
    params: SpeakerIdParams,
    data: SpeakerLiveYearsData,
  }),
  speakerNews: define({
    summary: 'Published news naming the speaker, newest first (published_at desc, id desc)',
    tags: ['speakers'],
    params: SpeakerIdParams,
    query: PageQuery,
    data: Page(NewsItem),
  }),
  speakerColumns: define({
    summary: 'Published columns the speaker hosts, in column order (sort, id)',
    tags: ['speakers'],
    params: SpeakerIdParams,
    query: PageQuery,
    data: Page(Column),
  }),
  speakerDocs: define({
    summary: "Published papers (documents) the speaker wrote, newest first (published_at desc, id desc); each card's action opens the paper",
    tags: ['speakers'],
    params: SpeakerIdParams,
    query: PageQuery,
    data: Page(PaperCard),
  }),
  speakerList: define({
    summary:
      'Published speakers in display order (sort, id), optionally of one hospital and/or region (a region includes its cities); NOT_FOUND for an unknown hospital or region; is_follow for a logged-in caller (login optional)',
    tags: ['speakers'],
    query: SpeakerListQuery,
    data: Page(Speaker),
  }),
  speakerFollow: define({
    summary: 'Follow (status 1) or unfollow (status 2); idempotent, follower_count is the number of follow rows',
    tags: ['speakers'],
    params: SpeakerIdParams,
    body: SpeakerFollowBody,
    data: SpeakerFollowData,
  }),
  myFollows: define({
    summary: 'Speakers the caller follows, most recently followed first',
    tags: ['speakers'],
    query: PageQuery,
    data: Page(Speaker),
  }),
} as const;
