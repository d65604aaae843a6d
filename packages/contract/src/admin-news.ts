import { z } from 'zod';
import type { EndpointSchemas } from './api.ts';
import { Id, Page } from './common.ts';
import { AdminBulkBody, AdminBulkResult, AdminListQuery, AdminPublishBody, AdminVersion, PublicationStateSchema } from './admin.ts';
import { DOI_PATTERN } from './constants.ts';

/**
 * The console's news (decision record 0067): articles with zh/en title, summary and rich-text body
 * (sanitised on the server with the public page's rules), cover, category, tags, source, author
 * and a DOI; categories with zh/en names and an order; and the console's image upload, used by
 * every editor that puts images in content.
 */

/** A DOI as cited: `10.<registrant>/<suffix>`, the same pattern the public pages link. */
export const DOI_FORMAT = new RegExp(`^${DOI_PATTERN.source.replace(/^\\b/, '')}$`);
export const Doi = z.string().trim().max(200).regex(DOI_FORMAT, 'must look like 10.xxxx/...');

/** A cover or body image: an upload of this site (`/uploads/...`) or an https address. */
export const ImageRef = z.string().trim().min(1).max(500).regex(/^(\/uploads\/|https:\/\/)[^\s"<>\\]+$/, 'must be an uploaded image or an https address');

/** Body HTML as the rich-text editor writes it; the server keeps only the allowed markup. */
const BodyHtml = z.string().max(200_000);
const Text = (max: number) => z.string().trim().max(max);

export const ADMIN_NEWS_BULK_ACTIONS = ['publish', 'offline', 'delete'] as const;

export const AdminNewsListQuery = AdminListQuery.extend({
  category_id: Id.optional(),
  /** Published (or scheduled) from this instant on. */
  from: z.iso.datetime({ offset: true }).optional(),
  /** Published (or scheduled) before this instant. */
  to: z.iso.datetime({ offset: true }).optional(),
});

export const AdminNewsRow = z.object({
  id: z.number().int(),
  title_zh: z.string(),
  title_en: z.string().nullable(),
  cover: z.string(),
  category_id: z.number().int(),
  category_title_zh: z.string(),
  state: PublicationStateSchema,
  published_at: z.string().nullable(),
  updated_at: z.string(),
  views: z.number().int(),
});
export type AdminNewsRow = z.infer<typeof AdminNewsRow>;

export const AdminNewsInput = z.object({
  category_id: Id,
  title_zh: Text(200).min(1),
  title_en: Text(200).min(1).nullable().default(null),
  summary_zh: Text(1000).default(''),
  summary_en: Text(1000).min(1).nullable().default(null),
  body_zh: BodyHtml.min(1),
  body_en: BodyHtml.min(1).nullable().default(null),
  cover: ImageRef,
  source_zh: Text(200).default(''),
  source_en: Text(200).min(1).nullable().default(null),
  author_zh: Text(200).default(''),
  author_en: Text(200).min(1).nullable().default(null),
  doi: Doi.nullable().default(null),
  tag_ids: z.array(Id).max(20).default([]),
});
export type AdminNewsInput = z.input<typeof AdminNewsInput>;
export const AdminNewsUpdate = AdminNewsInput.extend(AdminVersion.shape);

/** An article as the editor loads it: bodies as stored (already sanitised when saved). */
export const AdminNewsDetail = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  title_zh: z.string(),
  title_en: z.string().nullable(),
  summary_zh: z.string(),
  summary_en: z.string().nullable(),
  body_zh: z.string(),
  body_en: z.string().nullable(),
  cover: z.string(),
  source_zh: z.string(),
  source_en: z.string().nullable(),
  author_zh: z.string(),
  author_en: z.string().nullable(),
  doi: z.string().nullable(),
  tag_ids: z.array(z.number().int()),
  state: PublicationStateSchema,
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  views: z.number().int(),
});
export type AdminNewsDetail = z.infer<typeof AdminNewsDetail>;

export const AdminNewsCategory = z.object({
  id: z.number().int(),
  title_zh: z.string(),
  title_en: z.string().nullable(),
  sort: z.number().int(),
  /** Articles in it, of any state: a category with articles cannot be deleted. */
  news_count: z.number().int(),
});
export type AdminNewsCategory = z.infer<typeof AdminNewsCategory>;
export const AdminNewsCategoryInput = z.object({
  title_zh: Text(50).min(1),
  title_en: Text(50).min(1).nullable().default(null),
  sort: z.number().int().min(0).max(10_000).default(0),
});
export type AdminNewsCategoryInput = z.input<typeof AdminNewsCategoryInput>;

/** Tags to pick for an article (the shared `tags` table), matched by either name. */
export const AdminNewsTagQuery = z.object({ q: z.string().trim().max(50).optional(), ids: z.string().regex(/^\d+(,\d+){0,49}$/).optional() });
export const AdminNewsTag = z.object({ id: z.number().int(), title_zh: z.string(), title_en: z.string().nullable() });
export type AdminNewsTag = z.infer<typeof AdminNewsTag>;

/** `POST /v1/admin/images`: multipart field `file`, PNG/JPEG/GIF/WebP by content. */
export const AdminImageData = z.object({ url: z.string(), width: z.number().int().nullable(), height: z.number().int().nullable() });
export type AdminImageData = z.infer<typeof AdminImageData>;

const NewsIdParams = z.object({ id: Id });

export const adminNewsSchemas = {
  adminImageUpload: {
    summary: 'Upload an image for content (multipart field "file"; type checked by content); audited',
    tags: ['admin'],
    data: AdminImageData,
  },
  adminLiveImageUpload: {
    summary: 'The same image upload for the lives area (live producers)',
    tags: ['admin'],
    data: AdminImageData,
  },
  adminNewsList: {
    summary: 'News of every state: search (titles), category, state and publication range',
    tags: ['admin'],
    query: AdminNewsListQuery,
    data: Page(AdminNewsRow),
  },
  adminNewsDetail: { summary: 'One article for the editor', tags: ['admin'], params: NewsIdParams, data: AdminNewsDetail },
  adminNewsCreate: { summary: 'A new article (a draft); bodies are sanitised', tags: ['admin'], body: AdminNewsInput, data: AdminNewsDetail },
  adminNewsUpdate: {
    summary: 'Edit an article; a stale updated_at answers ADMIN_EDIT_CONFLICT',
    tags: ['admin'],
    params: NewsIdParams,
    body: AdminNewsUpdate,
    data: AdminNewsDetail,
  },
  adminNewsPublish: {
    summary: 'Publish now, or at `at` (scheduled)',
    tags: ['admin'],
    params: NewsIdParams,
    body: AdminPublishBody,
    data: AdminNewsDetail,
  },
  adminNewsOffline: { summary: 'Take an article down', tags: ['admin'], params: NewsIdParams, data: AdminNewsDetail },
  adminNewsDelete: { summary: 'Delete an article with its comments and likes', tags: ['admin'], params: NewsIdParams, data: z.null() },
  adminNewsBulk: {
    summary: 'publish, offline or delete many articles',
    tags: ['admin'],
    body: AdminBulkBody.extend({ action: z.enum(ADMIN_NEWS_BULK_ACTIONS) }),
    data: AdminBulkResult,
  },
  adminNewsTags: { summary: 'Tags to pick for an article', tags: ['admin'], query: AdminNewsTagQuery, data: z.object({ items: z.array(AdminNewsTag) }) },
  adminNewsCategories: { summary: 'Every news category in order, with article counts', tags: ['admin'], data: z.object({ items: z.array(AdminNewsCategory) }) },
  adminNewsCategoryCreate: { summary: 'A new news category', tags: ['admin'], body: AdminNewsCategoryInput, data: AdminNewsCategory },
  adminNewsCategoryUpdate: {
    summary: 'Rename or reorder a news category',
    tags: ['admin'],
    params: NewsIdParams,
    body: AdminNewsCategoryInput,
    data: AdminNewsCategory,
  },
  adminNewsCategoryDelete: {
    summary: 'Delete an empty news category (NEWS_CATEGORY_NOT_EMPTY otherwise)',
    tags: ['admin'],
    params: NewsIdParams,
    data: z.null(),
  },
} satisfies Record<string, EndpointSchemas>;
