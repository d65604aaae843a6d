import { createHash } from 'node:crypto';
import {
  type ApiLanguage,
  type ContactFormBody,
  type ContactFormData,
  EMAIL_PATTERN,
  ErrorCode,
  type SitePage,
} from '@medportal/contract';
import type { SiteSettings } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { pick } from '../../lib/i18n.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { deleteContactMessagesBefore, findPublishedPage, insertContactMessage, type SitePageRow } from './pages.repository.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** `{{name}}` placeholders a site page may use, filled from the site configuration. */
export function placeholderValues(site: SiteSettings, lang: ApiLanguage): Record<string, string> {
  return {
    contact_phone: site.contact.phone,
    contact_email: site.contact.email,
    contact_address: site.contact.address[lang],
  };
}

/** Fills known placeholders (HTML-escaped); an unknown one is left visible so an editor notices it. */
export function fillPlaceholders(html: string, values: Record<string, string>): string {
  return html.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => {
    const v = values[name];
    return v === undefined ? whole : escapeHtml(v);
  });
}

export function presentSitePage(row: SitePageRow, lang: ApiLanguage, site: SiteSettings): SitePage {
  const body = fillPlaceholders(pick(lang, row.bodyZh, row.bodyEn), placeholderValues(site, lang));
  return {
    slug: row.slug,
    title: pick(lang, row.titleZh, row.titleEn),
    body_html: sanitizeHtml(body, { sitePaths: true }).trim(),
    version: row.version,
    effective_on: row.effectiveOn,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function sitePage(db: Db, slug: string, lang: ApiLanguage, site: SiteSettings): Promise<SitePage> {
  const row = await findPublishedPage(db, slug);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  return presentSitePage(row, lang, site);
}

/** Limits of the contact form: per client address, and per phone/email written in the form. */
export const CONTACT_LIMITS = {
  perIp: { max: 5, windowS: 15 * 60 },
  perContact: { max: 3, windowS: 60 * 60 },
} as const;
/** Messages are deleted this long after they arrive (the privacy policy says one year). */
export const CONTACT_RETENTION_DAYS = 365;

/** The same person however the number or address is typed: lower-case email, or the phone's digits. */
export function contactKey(contact: string): { kind: 'email' | 'phone'; key: string } {
  const v = contact.trim();
  if (EMAIL_PATTERN.test(v)) return { kind: 'email', key: v.toLowerCase() };
  let digits = v.replace(/\D/g, '').replace(/^00/, '');
  // Mainland numbers with the country code are the same recipient as without it.
  if (/^861[3-9]\d{9}$/.test(digits)) digits = digits.slice(2);
  return { kind: 'phone', key: digits };
}

// Limiter keys carry a digest, not the phone number or address itself.
const digest = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 32);

export interface ContactLimiter {
  hit(db: Db, key: string, windowS: number): Promise<number>;
  peek(db: Db, key: string): Promise<{ count: number; expiresAt: Date | null }>;
  retryAfter(expiresAt: Date | null): number;
}

export interface ContactCaller {
  ip: string;
  userId: number | undefined;
  lang: ApiLanguage;
  now: Date;
}

/** "C" + the day in UTC+8 + the row id: what a visitor quotes when following up. */
export function contactReference(id: number, at: Date): string {
  const day = new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
  return `C${day}-${String(id).padStart(6, '0')}`;
}

export async function submitContactForm(db: Db, limiter: ContactLimiter, body: ContactFormBody, caller: ContactCaller): Promise<ContactFormData> {
  const { kind, key } = contactKey(body.contact);
  // Count first, then decide: the counter's upsert is atomic, so parallel requests cannot slip through.
  const limits: Array<[string, { max: number; windowS: number }]> = [
    [`contact_form:ip:${caller.ip}`, CONTACT_LIMITS.perIp],
    [`contact_form:contact:${digest(`${kind}:${key}`)}`, CONTACT_LIMITS.perContact],
  ];
  for (const [k, limit] of limits) {
    const count = await limiter.hit(db, k, limit.windowS);
    if (count > limit.max) {
      const { expiresAt } = await limiter.peek(db, k);
      throw new AppError(ErrorCode.RATE_LIMITED, { data: { retry_after: limiter.retryAfter(expiresAt) } });
    }
  }
  const saved = await insertContactMessage(db, {
    name: body.name,
    contact: body.contact,
    contactKind: kind,
    message: body.message,
    userId: caller.userId ?? null,
    ip: caller.ip,
    lang: caller.lang,
    createdAt: caller.now,
  });
  return { reference: contactReference(saved.id, saved.createdAt), received_at: saved.createdAt.toISOString() };
}

export function sweepContactMessages(db: Db, now: Date): Promise<number> {
  return deleteContactMessagesBefore(db, new Date(now.getTime() - CONTACT_RETENTION_DAYS * 86_400_000));
}
