import { z } from 'zod';
import type { EndpointSchemas } from './api.ts';
import { Id, Page, PageQuery } from './common.ts';
import { Paper } from './entities.ts';

/**
 * Literature papers (spec §3 Paper). Members favourite and record papers by their integer id
 * (module_id), links carry the uuid; the detail answers to either.
 */

export const PaperCard = Paper.extend({
  id: z.number().int(),
  /** ISO 8601 instant; null when the editors gave no date. */
  published_at: z.string().nullable(),
});
export type PaperCard = z.infer<typeof PaperCard>;

export const PaperDetail = PaperCard.extend({
  /** False for anonymous callers. */
  is_favorite: z.boolean(),
});
export type PaperDetail = z.infer<typeof PaperDetail>;

/** A paper's integer id or its uuid. */
export const PaperKeyParams = z.object({ id: z.union([z.uuid(), Id]) });

const define = <const E extends EndpointSchemas>(e: E) => e;
const tags = ['papers'] as const;

export const paperSchemas = {
  paperList: define({
    summary: 'Published papers, newest first (published_at desc, id desc)',
    tags,
    query: PageQuery,
    data: Page(PaperCard),
  }),
  paperDetail: define({
    summary: 'One published paper by integer id or uuid (login optional: is_favorite is personal); NOT_FOUND otherwise',
    tags,
    params: PaperKeyParams,
    data: PaperDetail,
  }),
} as const;
