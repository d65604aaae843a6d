import { z } from 'zod';
import type { EndpointSchemas } from './api.ts';
import { Id, Page, PageQuery } from './common.ts';
import { Action } from './actions.ts';
import { Course, LiveItem, NewsItem, Speaker } from './entities.ts';

/**
 * Hospitals, organisers and keywords (spec §2 /hospital/{id}, /organizer/{id}, /keywords/{id}): one
 * shared header shape and the same four content lists for the three kinds.
 */

export const PlaceKind = z.enum(['hospital', 'organizer', 'keyword']);
export type PlaceKind = z.infer<typeof PlaceKind>;

export const PlaceIdParams = z.object({ id: Id });

/** A hospital's region with its parent (a city under its province); null when it has none. */
export const PlaceRegion = z
  .object({ id: z.number().int(), name: z.string(), parent: z.object({ id: z.number().int(), name: z.string() }).nullable() })
  .nullable();
export type PlaceRegion = z.infer<typeof PlaceRegion>;

export const PlaceHeader = z.object({
  id: z.number().int(),
  kind: PlaceKind,
  name: z.string(),
  /** Logo of a hospital or organiser, cover of a keyword; empty when there is none. */
  logo: z.string(),
  intro: z.string(),
  counts: z.object({ courses: z.number().int(), lives: z.number().int(), news: z.number().int(), speakers: z.number().int() }),
  /** Hospitals only (null for organisers and keywords): where it is, for the same-region list. */
  region: PlaceRegion,
});
export type PlaceHeader = z.infer<typeof PlaceHeader>;

/** A region: a province, municipality or country (parent_id null), or a city below one. */
export const Region = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  /** Hospitals in the region, its cities included. */
  hospital_count: z.number().int(),
});
export type Region = z.infer<typeof Region>;

export const RegionListData = z.object({ items: z.array(Region) });

export const HospitalListQuery = PageQuery.extend({ region_id: Id.optional() });

export const HospitalCard = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  region: PlaceRegion,
  counts: z.object({ speakers: z.number().int(), courses: z.number().int() }),
  action: Action,
});
export type HospitalCard = z.infer<typeof HospitalCard>;

const define = <const E extends EndpointSchemas>(e: E) => e;

/** The header and the four lists of one kind, under `/v1/{kind}/:id`. */
const endpointsOf = <const K extends PlaceKind>(kind: K) =>
  ({
    detail: define({
      summary: `A ${kind}: name, logo, intro and content counts`,
      tags: ['places'],
      params: PlaceIdParams,
      data: PlaceHeader,
    }),
    courses: define({
      summary: `Published courses of the ${kind}, newest first (published_at desc, id desc)`,
      tags: ['places'],
      params: PlaceIdParams,
      query: PageQuery,
      data: Page(Course),
    }),
    lives: define({
      summary: `Published lives of the ${kind}, newest first (start_at desc, id desc)`,
      tags: ['places'],
      params: PlaceIdParams,
      query: PageQuery,
      data: Page(LiveItem),
    }),
    news: define({
      summary: `Published news of the ${kind}, newest first (published_at desc, id desc)`,
      tags: ['places'],
      params: PlaceIdParams,
      query: PageQuery,
      data: Page(NewsItem),
    }),
    speakers: define({
      summary: `Published speakers of the ${kind}, in display order (sort, id)`,
      tags: ['places'],
      params: PlaceIdParams,
      query: PageQuery,
      data: Page(Speaker),
    }),
  }) as const;

const hospital = endpointsOf('hospital');
const organizer = endpointsOf('organizer');
const keyword = endpointsOf('keyword');

export const placeSchemas = {
  regionList: define({
    summary: 'Every region, flat, parents before their cities (sort, id), with hospital counts',
    tags: ['places'],
    data: RegionListData,
  }),
  hospitalList: define({
    summary: 'Hospitals, optionally of one region (its cities included), by id; NOT_FOUND for an unknown region',
    tags: ['places'],
    query: HospitalListQuery,
    data: Page(HospitalCard),
  }),
  hospitalDetail: hospital.detail,
  hospitalCourses: hospital.courses,
  hospitalLives: hospital.lives,
  hospitalNews: hospital.news,
  hospitalSpeakers: hospital.speakers,
  organizerDetail: organizer.detail,
  organizerCourses: organizer.courses,
  organizerLives: organizer.lives,
  organizerNews: organizer.news,
  organizerSpeakers: organizer.speakers,
  keywordDetail: keyword.detail,
  keywordCourses: keyword.courses,
  keywordLives: keyword.lives,
  keywordNews: keyword.news,
  keywordSpeakers: keyword.speakers,
} as const;
