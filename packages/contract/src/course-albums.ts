import { z } from 'zod';
import type { EndpointSchemas } from './api.ts';
import { Id, Page, PageQuery } from './common.ts';
import { Action } from './actions.ts';
import { Course } from './entities.ts';

/**
 * Course albums (spec §7 "Albums under /v1/user/course_album and course_album_bar") and the live
 * room's agenda and related courses (issue 30).
 */

/** Web page of one album; the album cards' ROUTE action points here. */
export const COURSE_ALBUM_PAGE = '/course/album/:id';
export const courseAlbumPage = (id: number) => `/course/album/${id}`;

export const CourseAlbum = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  cover: z.string(),
  /** Published courses in the album. */
  course_count: z.number().int(),
  action: Action,
});
export type CourseAlbum = z.infer<typeof CourseAlbum>;

export const CourseAlbumPage = Page(CourseAlbum);
export type CourseAlbumPage = z.infer<typeof CourseAlbumPage>;
export const CourseAlbumBarData = z.object({ items: z.array(CourseAlbum) });
export type CourseAlbumBarData = z.infer<typeof CourseAlbumBarData>;
export const CourseAlbumDetail = CourseAlbum.extend({ courses: z.array(Course) });
export type CourseAlbumDetail = z.infer<typeof CourseAlbumDetail>;

export const AgendaItem = z.object({
  id: z.number().int(),
  /** ISO 8601 instants. */
  start_at: z.string(),
  end_at: z.string(),
  title: z.string(),
  speaker: z.object({ id: z.number().int(), name: z.string(), title: z.string(), avatar: z.string(), action: Action }).nullable(),
});
export type AgendaItem = z.infer<typeof AgendaItem>;
export const LiveAgendaData = z.object({ items: z.array(AgendaItem) });
export type LiveAgendaData = z.infer<typeof LiveAgendaData>;

const define = <const E extends EndpointSchemas>(e: E) => e;
const IdParams = z.object({ id: Id });

export const courseAlbumSchemas = {
  courseAlbumList: define({
    summary: 'Published course albums in their configured order',
    tags: ['courses'],
    query: PageQuery,
    data: CourseAlbumPage,
  }),
  courseAlbumDetail: define({
    summary: 'One album with its published courses in album order; NOT_FOUND for missing or unpublished',
    tags: ['courses'],
    params: IdParams,
    data: CourseAlbumDetail,
  }),
  courseAlbumBar: define({
    summary: 'The albums shown in the bar above the course list',
    tags: ['courses'],
    data: CourseAlbumBarData,
  }),
  liveAgenda: define({
    summary: "A live's agenda: its sessions in time order with their speakers",
    tags: ['lives'],
    params: IdParams,
    data: LiveAgendaData,
  }),
  liveRelatedCourses: define({
    summary: "Courses related to a live: the live's speakers' courses first, then its department's, by popularity",
    tags: ['lives'],
    params: IdParams,
    query: z.object({ limit: z.coerce.number().int().min(1).max(20).default(8) }),
    data: z.object({ items: z.array(Course) }),
  }),
} as const;
