import { z } from 'zod';
import type { EndpointSchemas } from './api.ts';
import { Id } from './common.ts';
import { LiveCard } from './lives.ts';

/**
 * Smaller public reads (spec §7): the epidemic map's data (`/v1/covid19`), a sister product's
 * lives for its landing page (`{product}` live info) and a pre-event landing page's look
 * (`pre_act/{id}/ui_config`). Shapes are ours (the spec shows none).
 */

export const Covid19Province = z.object({
  /** GB/T 2260 code of the province-level division, e.g. "110000". */
  code: z.string(),
  name: z.string(),
  confirmed: z.number().int(),
  cured: z.number().int(),
  deaths: z.number().int(),
  /** Still under treatment on the data date. */
  current: z.number().int(),
});
export type Covid19Province = z.infer<typeof Covid19Province>;

export const Covid19Data = z.object({
  /** The day the figures describe (YYYY-MM-DD): the demo data is static and dated. */
  as_of: z.string(),
  /** Where the figures come from, in the request language. */
  source: z.string(),
  /** True for the demo's static figures. */
  is_demo: z.boolean(),
  totals: z.object({ confirmed: z.number().int(), cured: z.number().int(), deaths: z.number().int(), current: z.number().int() }),
  provinces: z.array(Covid19Province),
});
export type Covid19Data = z.infer<typeof Covid19Data>;

/** A sister product's key, as in `/{product}` (e.g. `vjhemonc`, `vjoncology`). */
export const ProductLivesParams = z.object({ product: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/) });
export const ProductLivesData = z.object({ product: z.string(), items: z.array(LiveCard) });
export type ProductLivesData = z.infer<typeof ProductLivesData>;

const Color = z.string().regex(/^#[0-9a-fA-F]{6}$/);

export const PreActButton = z.object({
  text: z.string(),
  /** A path of this site or an absolute https URL. */
  url: z.string(),
  style: z.enum(['primary', 'secondary']),
});
export type PreActButton = z.infer<typeof PreActButton>;

/** A pre-event landing page's look, in the request language. */
export const PreActUiConfig = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  /** Image path or URL for the banner. */
  banner: z.string(),
  /** ISO 8601 instant the event starts. */
  starts_at: z.string(),
  colors: z.object({ primary: Color, background: Color, text: Color }),
  buttons: z.array(PreActButton),
});
export type PreActUiConfig = z.infer<typeof PreActUiConfig>;
export const PreActParams = z.object({ id: Id });

const define = <const E extends EndpointSchemas>(e: E) => e;

export const showcaseSchemas = {
  covid19: define({
    summary: 'The epidemic map: cases by province-level division, totals and the date of the figures (static, dated demo data)',
    tags: ['site'],
    data: Covid19Data,
  }),
  liveProduct: define({
    summary: "A sister product's published lives (tagged with the product), upcoming first then the latest past; NOT_FOUND for unknown products",
    tags: ['lives'],
    params: ProductLivesParams,
    data: ProductLivesData,
  }),
  preActUiConfig: define({
    summary: "A pre-event landing page's look (title, banner, colours, buttons) in the request language; NOT_FOUND when unknown",
    tags: ['site'],
    params: PreActParams,
    data: PreActUiConfig,
  }),
} as const;
