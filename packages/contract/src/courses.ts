import { z } from 'zod';
import type { EndpointSchemas } from './api.ts';
import { Id, Page, PageQuery } from './common.ts';
import { APPRAISE_CONTENT_MAX, APPRAISE_TAGS_MAX } from './constants.ts';
import { Course, Speaker } from './entities.ts';
import { LockedReason, Media } from './media.ts';

/** Course screens (spec §2 /course, /course/{id}, /course/more, /course_h5/{id}; §7 "Courses"). */

export const COURSE_SORTS = ['latest', 'popular', 'price_asc', 'price_desc'] as const;
export const CourseSort = z.enum(COURSE_SORTS);
export type CourseSort = z.infer<typeof CourseSort>;

/**
 * `dep_val`: a department id, its stable slug (`hematology`, as home blocks link it), or '' for
 * all departments. An unknown department lists nothing.
 */
const DepVal = z
  .union([z.literal(''), z.coerce.number().int().positive().max(2_147_483_647), z.string().regex(/^[a-z][a-z0-9-]{0,63}$/)])
  .default('');

export const CourseListQuery = PageQuery.extend({
  dep_val: DepVal,
  price_type: z.coerce.number().int().min(1).max(2).optional(),
  course_type: z.coerce.number().int().min(1).max(2).optional(),
  sort: CourseSort.default('latest'),
});
export type CourseListQuery = z.infer<typeof CourseListQuery>;

export const CourseDepartment = z.object({ id: z.number().int(), title: z.string() });
export type CourseDepartment = z.infer<typeof CourseDepartment>;

const CoursePage = Page(Course);
export const CourseListData = CoursePage.extend({ departments: z.array(CourseDepartment) });
export type CourseListData = z.infer<typeof CourseListData>;

export const CourseIdParams = z.object({ id: Id });

export const CourseDetail = Course.extend({
  /** Plain text; the client renders it as text, never as HTML. */
  description: z.string(),
  teachers: z.array(Speaker),
  chapters_count: z.number().int(),
  is_favorite: z.boolean(),
  rating: z.object({ average: z.number(), count: z.number().int() }),
  series_id: z.number().int().nullable(),
  series_title: z.string().nullable(),
  department: CourseDepartment.nullable(),
  /** ISO 8601 instant. */
  updated_at: z.string(),
});
export type CourseDetail = z.infer<typeof CourseDetail>;

export const CourseChapter = z.object({
  id: z.number().int(),
  title: z.string(),
  duration_s: z.number().int(),
  /** A trial chapter (试看): anyone may watch it. */
  free_preview: z.boolean(),
  sort: z.number().int(),
  /** Present when the caller may watch the chapter; else null with `locked_reason`. */
  media: Media.nullable(),
  locked_reason: LockedReason.nullable(),
});
export type CourseChapter = z.infer<typeof CourseChapter>;
export const CourseChaptersData = z.object({ items: z.array(CourseChapter) });
export type CourseChaptersData = z.infer<typeof CourseChaptersData>;

export const CourseItemsData = z.object({ items: z.array(Course) });
export type CourseItemsData = z.infer<typeof CourseItemsData>;

export const CourseSeriesOfData = z.object({ series: Course.nullable() });
export type CourseSeriesOfData = z.infer<typeof CourseSeriesOfData>;

export const MoreCourseQuery = PageQuery.extend({
  dep_val: DepVal,
  /** The list's heading as the link that opened it names it (`系列课程`); it filters nothing. */
  title: z.string().trim().max(100).default(''),
  /** Words the course title must contain (the page's search box). */
  keyword: z.string().trim().max(100).default(''),
});
export type MoreCourseQuery = z.infer<typeof MoreCourseQuery>;
export const MoreCourseData = CoursePage;
export type MoreCourseData = z.infer<typeof MoreCourseData>;

export const GuessLikeQuery = z.object({ course_id: Id, limit: z.coerce.number().int().min(1).max(20).default(6) });
export const GuessLikeData = CourseItemsData;


export const AppraiseTag = z.object({ id: z.number().int(), title: z.string() });
export type AppraiseTag = z.infer<typeof AppraiseTag>;
export const AppraiseTagsData = z.object({ items: z.array(AppraiseTag) });

export const Appraisal = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar_url: z.string(),
  rating: z.number().int().min(1).max(5),
  /** Plain text as the author typed it. */
  content: z.string(),
  tags: z.array(AppraiseTag),
  /** ISO 8601 instant. */
  created_at: z.string(),
});
export type Appraisal = z.infer<typeof Appraisal>;
export const AppraisalPage = Page(Appraisal);
export type AppraisalPage = z.infer<typeof AppraisalPage>;

export const AppraiseBody = z.object({
  rating: z.coerce.number().int().min(1).max(5),
  content: z.string().trim().max(APPRAISE_CONTENT_MAX).default(''),
  tag_ids: z.array(z.number().int().positive()).max(APPRAISE_TAGS_MAX).default([]),
});
export type AppraiseBody = z.infer<typeof AppraiseBody>;

const define = <const E extends EndpointSchemas>(e: E) => e;

export const courseSchemas = {
  courseList: define({
    summary: 'Course list with department, price and type filters; stable order (ties broken by id)',
    tags: ['courses'],
    query: CourseListQuery,
    data: CourseListData,
  }),
  courseDetail: define({
    summary: 'Course detail (login optional: is_favorite is personal); NOT_FOUND for missing or unpublished',
    tags: ['courses'],
    params: CourseIdParams,
    data: CourseDetail,
  }),
  courseChapters: define({
    summary: 'Chapters of a course in order, each with its media when the caller may watch it (login optional)',
    tags: ['courses'],
    params: CourseIdParams,
    data: CourseChaptersData,
  }),
  seriesCourses: define({
    summary: 'The courses of the series this course is (or belongs to)',
    tags: ['courses'],
    params: CourseIdParams,
    data: CourseItemsData,
  }),
  userCourseList: define({
    summary: 'The course list for app and mini-program hosts: the same list and filters as /v1/pc/course (decision record 0055)',
    tags: ['courses'],
    query: CourseListQuery,
    data: CourseListData,
  }),
  courseSeriesOf: define({
    summary: 'The series a course belongs to (the course itself when it is a series), or null',
    tags: ['courses'],
    params: CourseIdParams,
    data: CourseSeriesOfData,
  }),
  moreCourse: define({
    summary: 'Course series list (/course/more)',
    tags: ['courses'],
    query: MoreCourseQuery,
    data: MoreCourseData,
  }),
  guessLikeCourse: define({
    summary: 'Related courses by shared tags, then department; stable order',
    tags: ['courses'],
    query: GuessLikeQuery,
    data: GuessLikeData,
  }),
  courseAppraisals: define({
    summary: 'Appraisals of a course, newest first',
    tags: ['courses'],
    params: CourseIdParams,
    query: PageQuery,
    data: AppraisalPage,
  }),
  appraiseTags: define({
    summary: 'Tags an appraisal may carry',
    tags: ['courses'],
    data: AppraiseTagsData,
  }),
  appraiseCourse: define({
    summary: 'Appraise a course; one appraisal per user per course (a second submission updates it)',
    tags: ['courses'],
    params: CourseIdParams,
    body: AppraiseBody,
    data: Appraisal,
  }),
} as const;
