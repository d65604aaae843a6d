import { z } from 'zod';
import { Action } from './actions.ts';
import type { EndpointSchemas } from './api.ts';
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, CONTACT_NAME_MAX, CONTACT_VALUE_MAX, isContactValue } from './constants.ts';
import { RelateSite } from './home.ts';

/**
 * Site pages (spec §2 "Legal and info"): the about text, the service agreement, the privacy
 * policy and its third-party SDK list, the contact page's text; the sister products' landing
 * pages (spec §2 `/{product}`); and the contact form (spec §7 "Other").
 */

export { SitePageSlug } from './codes.ts';

const Slug = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/);

export const SitePageParams = z.object({ slug: Slug });

export const SitePage = z.object({
  slug: z.string(),
  title: z.string(),
  /** Sanitised HTML; links inside are absolute http(s) (new tab) or paths of this site. */
  body_html: z.string(),
  /** Document version as published, e.g. "2025-07"; empty for texts without versions. */
  version: z.string(),
  /** The date (YYYY-MM-DD) the version takes effect; null when not a versioned document. */
  effective_on: z.string().nullable(),
  /** ISO 8601 instant of the last change. */
  updated_at: z.string(),
});
export type SitePage = z.infer<typeof SitePage>;

export const ProductParams = z.object({ key: Slug });

export const ProductFeature = z.object({ title: z.string(), text: z.string() });
export type ProductFeature = z.infer<typeof ProductFeature>;
export const ProductLink = z.object({ title: z.string(), action: Action });
export type ProductLink = z.infer<typeof ProductLink>;

/** A sister product's landing page (`/{product}`). */
export const ProductPage = RelateSite.extend({
  /** Sanitised HTML introduction. */
  intro_html: z.string(),
  features: z.array(ProductFeature),
  /** The first link is the main call to action. */
  links: z.array(ProductLink),
  /** The other sister products, for the strip at the bottom. */
  others: z.array(RelateSite),
});
export type ProductPage = z.infer<typeof ProductPage>;

export const ContactFormBody = z.object({
  name: z.string().trim().min(1).max(CONTACT_NAME_MAX),
  contact: z
    .string()
    .trim()
    .min(1)
    .max(CONTACT_VALUE_MAX)
    .refine(isContactValue, {
      message: 'must be a phone number or an email address',
      params: { zh_CN: '请填写手机号或邮箱', en: 'must be a phone number or an email address' },
    }),
  message: z.string().trim().min(CONTACT_MESSAGE_MIN).max(CONTACT_MESSAGE_MAX),
});
export type ContactFormBody = z.infer<typeof ContactFormBody>;

export const ContactFormData = z.object({
  /** Reference the visitor can quote when following up, e.g. "C20250701-000123". */
  reference: z.string(),
  /** ISO 8601 instant the message was stored. */
  received_at: z.string(),
});
export type ContactFormData = z.infer<typeof ContactFormData>;

const define = <const E extends EndpointSchemas>(e: E) => e;

export const pageSchemas = {
  sitePage: define({
    summary: 'A site document (about, contact, contract, privacy, privacy-sdk) in the request language; NOT_FOUND for unknown or unpublished',
    tags: ['site'],
    params: SitePageParams,
    data: SitePage,
  }),
  productPage: define({
    summary: "A sister product's landing page: description, features, links, the other products; NOT_FOUND for unknown",
    tags: ['site'],
    params: ProductParams,
    data: ProductPage,
  }),
  contactForm: define({
    summary: 'Leave a message for customer service (anonymous or logged in); rate-limited per address and per contact',
    tags: ['site'],
    body: ContactFormBody,
    data: ContactFormData,
  }),
} as const;
