import { z } from 'zod';
import type { EndpointSchemas } from './api.ts';
import { Id, Page, PageQuery } from './common.ts';
import { TOPIC_MODULES } from './constants.ts';
import { Course, LiveItem, NewsItem, Special } from './entities.ts';
import { PaperCard } from './papers.ts';

/**
 * Special topics (spec §2 /topic, /topic/h5): published `specials` of kind topic, each grouping
 * courses, lives, news and papers (the `special_items` rows) in the editors' order.
 */

export const TopicModule = z.enum(TOPIC_MODULES);
export type TopicModule = z.infer<typeof TopicModule>;

export const TopicIdParams = z.object({ id: Id });

/** How many published items of each module the topic holds. */
export const TopicCounts = z.object({
  course: z.number().int(),
  live: z.number().int(),
  news: z.number().int(),
  paper: z.number().int(),
});
export type TopicCounts = z.infer<typeof TopicCounts>;

export const TopicCard = Special.extend({ counts: TopicCounts });
export type TopicCard = z.infer<typeof TopicCard>;

const define = <const E extends EndpointSchemas>(e: E) => e;
const tags = ['topics'] as const;

export const topicSchemas = {
  topicList: define({
    summary: 'Published special topics in display order (sort, id), with their item counts',
    tags,
    query: PageQuery,
    data: Page(TopicCard),
  }),
  topicDetail: define({
    summary: 'One published special topic with its item counts; NOT_FOUND for a missing, unpublished or album special',
    tags,
    params: TopicIdParams,
    data: TopicCard,
  }),
  topicCourses: define({
    summary: "The topic's published courses in the editors' order (sort, course id)",
    tags,
    params: TopicIdParams,
    query: PageQuery,
    data: Page(Course),
  }),
  topicLives: define({
    summary: "The topic's published lives in the editors' order (sort, live id)",
    tags,
    params: TopicIdParams,
    query: PageQuery,
    data: Page(LiveItem),
  }),
  topicNews: define({
    summary: "The topic's published news in the editors' order (sort, news id)",
    tags,
    params: TopicIdParams,
    query: PageQuery,
    data: Page(NewsItem),
  }),
  topicPapers: define({
    summary: "The topic's published papers in the editors' order (sort, paper id)",
    tags,
    params: TopicIdParams,
    query: PageQuery,
    data: Page(PaperCard),
  }),
} as const;
