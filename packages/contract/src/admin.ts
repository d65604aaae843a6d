import { z } from 'zod';
import { Id, PageQuery } from './common.ts';

/**
 * What every content list and editor of the operator console shares (decision record 0062).
 *
 * Bilingual fields come in pairs, `<field>_zh` (required) and `<field>_en` (null when not
 * written): an English reader sees the Chinese text where the English is missing, and the console
 * marks such fields "shows Chinese".
 *
 * Publication: a content row is `draft`, `published` (visible from `published_at`: a future
 * `published_at` is a scheduled publication, shown to readers from that instant without any job
 * having to run), `offline` (taken down) or `unlisted` (reachable by its link only).
 */

export const PUBLICATION_STATES = ['draft', 'scheduled', 'published', 'offline', 'unlisted'] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];
export const PublicationStateSchema = z.enum(PUBLICATION_STATES);

/** A console list: page, free-text search, a publication-state filter and a sort. */
export const AdminListQuery = PageQuery.extend({
  q: z.string().trim().max(100).optional(),
  state: PublicationStateSchema.optional(),
  sort: z.string().regex(/^[a-z_]{1,40}$/).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type AdminListQuery = z.infer<typeof AdminListQuery>;

/** Publish now (`at` absent or null) or at a later instant (a scheduled publication). */
export const AdminPublishBody = z.object({ at: z.iso.datetime({ offset: true }).nullable().optional() });

/**
 * An edit carries the `updated_at` it was made from: when the row changed since (another
 * operator's save), the server answers ADMIN_EDIT_CONFLICT instead of overwriting that change.
 */
export const AdminVersion = z.object({ updated_at: z.iso.datetime({ offset: true }) });

/** One action over many rows of a list (publish, take offline, delete, approve, hide...). */
export const AdminBulkBody = z.object({ ids: z.array(Id).min(1).max(100), action: z.string().regex(/^[a-z_]{1,30}$/) });
export const AdminBulkResult = z.object({
  done: z.array(z.number().int()),
  failed: z.array(z.object({ id: z.number().int(), code: z.number().int(), message: z.string() })),
});
export type AdminBulkResult = z.infer<typeof AdminBulkResult>;

/** What the console can preview as a reader would see it before it is published. */
export const PREVIEW_KINDS = ['course', 'news', 'home'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];
export const AdminPreviewBody = z.object({ kind: z.enum(PREVIEW_KINDS), id: z.number().int().min(0), lang: z.enum(['zh', 'en']).default('zh') });
/** `url`: the public page with a short-lived preview grant; it shows the unpublished item, is never cached and is not indexed. */
export const AdminPreviewData = z.object({ url: z.string(), expires_at: z.string() });
