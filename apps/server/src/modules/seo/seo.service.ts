import type { Db } from '../../db/client.ts';
import { pageUrl } from '../../lib/page-url.ts';
import { type SitemapPage, sitemapPages } from './seo.repository.ts';

/** A sitemap file holds at most 50,000 URLs (sitemaps.org); each page has one per language. */
export const SITEMAP_MAX_URLS = 50_000;

const LANGS = [
  { lang: 'zh', hreflang: 'zh-CN' },
  { lang: 'en', hreflang: 'en' },
] as const;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** W3C datetime to the second. */
const lastmod = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

function urlEntries(origin: string, page: SitemapPage): string {
  const alternates = [
    ...LANGS.map(({ lang, hreflang }) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(pageUrl(origin, page.path, lang))}"/>`),
    `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(pageUrl(origin, page.path))}"/>`,
  ].join('');
  return LANGS.map(
    ({ lang }) => `<url><loc>${escapeXml(pageUrl(origin, page.path, lang))}</loc><lastmod>${lastmod(page.lastmod)}</lastmod>${alternates}</url>`,
  ).join('\n');
}

const URLSET_OPEN = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';

/** What a sitemap URL answers: the one file, the index of the parts, or a part (1-based); null: no such part. */
export type SitemapFile = { kind: 'urlset' | 'index'; xml: string } | null;

/**
 * /sitemap.xml and its parts: every public page in both languages, each URL with its alternates
 * (hreflang zh-CN, en, x-default) and lastmod. Up to `maxUrls` URLs it is one file; beyond, an
 * index of /sitemap-<n>.xml parts.
 */
export class SeoService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly maxUrls = SITEMAP_MAX_URLS,
  ) {}

  /** part 0: /sitemap.xml; n ≥ 1: /sitemap-<n>.xml. */
  async sitemap(origin: string, part: number): Promise<SitemapFile> {
    const pages = await sitemapPages(this.db, this.now());
    const perFile = Math.max(1, Math.floor(this.maxUrls / LANGS.length));
    const parts = Math.ceil(pages.length / perFile);
    if (part === 0 && parts <= 1) return { kind: 'urlset', xml: `${URLSET_OPEN}${pages.map((p) => urlEntries(origin, p)).join('\n')}\n</urlset>\n` };
    if (part === 0) {
      const entries: string[] = [];
      for (let i = 0; i < parts; i++) {
        const slice = pages.slice(i * perFile, (i + 1) * perFile);
        const newest = slice.reduce((a, p) => (p.lastmod > a ? p.lastmod : a), new Date(0));
        entries.push(`<sitemap><loc>${escapeXml(`${origin}/sitemap-${i + 1}.xml`)}</loc><lastmod>${lastmod(newest)}</lastmod></sitemap>`);
      }
      return {
        kind: 'index',
        xml: `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`,
      };
    }
    if (parts <= 1 || part > parts) return null;
    const slice = pages.slice((part - 1) * perFile, part * perFile);
    return { kind: 'urlset', xml: `${URLSET_OPEN}${slice.map((p) => urlEntries(origin, p)).join('\n')}\n</urlset>\n` };
  }
}

/** Paths crawlers keep out of: the API, login-only and personal pages, account flows, developer tools. */
const DISALLOW = [
  '/v1/',
  '/v2/',
  '/user',
  '/wallet/',
  '/bill',
  '/credit',
  '/voucher',
  '/login',
  '/logout',
  '/register',
  '/auth',
  '/wx/',
  '/forget',
  '/change_password',
  '/pay_password',
  '/forget_paypwd',
  '/security/',
  '/improve/',
  '/news/my_comments',
  // The followed-speakers list (a speaker's own page is /speaker/<id>).
  '/speaker$',
  '/uploads/',
  '/sandbox/',
  '/dev/',
  '/docs',
  '/error',
];

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOW.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
