import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { preferredEncoding } from './encoding.ts';
import { HREFLANG, pageUrl } from './page-url.ts';
import { etagOf } from './public-cache.ts';
import { LRUCache } from 'lru-cache';

/**
 * What the web app's server renderer (apps/web/src/entry-server.tsx, built into dist-ssr/) exports.
 * Declared here rather than imported: the server and the web app are built apart.
 */
export type Lang = 'zh' | 'en';

export interface RenderedMeta {
  title: string;
  siteName: string;
  description: string;
  image?: string;
  type?: string;
  jsonLd?: Record<string, unknown>[];
}

export type RenderOutcome =
  | { status: number; html: string; state: string; meta: RenderedMeta }
  | { redirect: string; status: number }
  | null;

/** How the server answers a URL before rendering (entry-server.tsx `route`). */
export type PageRoute =
  | { kind: 'page'; url: string; status: number }
  | { kind: 'shell'; status: number }
  | { kind: 'redirect'; location: string; status: number }
  | null;

export interface PageRenderer {
  /** The page's own URL (only the query it reads) and its status when left to the browser; renders nothing. */
  route(url: string): PageRoute;
  render(request: {
    url: string;
    lang: Lang;
    fetch: (url: string, init: RequestInit) => Promise<Response>;
  }): Promise<RenderOutcome>;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** JSON in a <script>: nothing in it may end the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');

/** Query parameters that never select content: left out of canonical URLs. */
const NOT_CONTENT = new Set(['lang', 'access_token', 'from', 'share', 'utm_source', 'utm_medium', 'utm_campaign']);

/** The path and the content-selecting query of a request URL, as the canonical link keeps them. */
export function canonicalPath(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = new URLSearchParams(url.slice(at + 1));
  for (const key of [...query.keys()]) if (NOT_CONTENT.has(key)) query.delete(key);
  const qs = query.toString();
  return `${url.slice(0, at)}${qs ? `?${qs}` : ''}`;
}

/**
 * The head of a rendered page: title, description, canonical and language alternates, Open Graph
 * (also read by WeChat share cards) and the page's structured data.
 */
export function headTags(
  meta: RenderedMeta,
  opts: { origin: string; path: string; lang: Lang; defaultImage: string; langInUrl: boolean },
): string {
  // The page is its own canonical: `?lang=` names one language's page, a URL without it is the
  // x-default page (its language follows the browser), as the hreflang links say.
  const canonical = pageUrl(opts.origin, opts.path, opts.langInUrl ? opts.lang : undefined);
  const image = new URL(meta.image || opts.defaultImage, `${opts.origin}/`).href;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...(['zh', 'en'] as const).map(
      (l) => `<link rel="alternate" hreflang="${HREFLANG[l]}" href="${escapeHtml(pageUrl(opts.origin, opts.path, l))}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl(opts.origin, opts.path))}" />`,
    `<meta property="og:type" content="${escapeHtml(meta.type ?? 'website')}" />`,
    `<meta property="og:site_name" content="${escapeHtml(meta.siteName)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:locale" content="${opts.lang === 'en' ? 'en_US' : 'zh_CN'}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ];
  if (meta.jsonLd?.length) {
    const items = meta.jsonLd.map((item) => absoluteLinks(item, opts.origin) as Record<string, unknown>);
    const graph = items.length === 1 ? items[0] : { '@context': 'https://schema.org', '@graph': items };
    tags.push(`<script type="application/ld+json">${scriptJson(graph)}</script>`);
  }
  return tags.join('\n    ');
}

/** Keys of schema.org objects whose value is a link: the page gives paths, search engines want URLs. */
const LINK_KEYS = new Set(['url', 'item', 'image', 'logo', 'target']);

function absoluteLinks(value: unknown, origin: string, key = ''): unknown {
  if (typeof value === 'string') return LINK_KEYS.has(key) && value.startsWith('/') && !value.startsWith('//') ? `${origin}${value}` : value;
  if (Array.isArray(value)) return value.map((v) => absoluteLinks(v, origin, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, absoluteLinks(v, origin, k)]));
  }
  return value;
}

/** The built index.html with these head tags in place of its <title>, and the page's language. */
export function withHead(template: string, lang: Lang, head: string): string {
  const headed = /<title>[\s\S]*?<\/title>/i.test(template)
    ? template.replace(/<title>[\s\S]*?<\/title>/i, () => head)
    : template.replace(/<head([^>]*)>/i, (_, attrs: string) => `<head${attrs}>\n    ${head}`);
  return headed.replace(/<html([^>]*?)\slang="[^"]*"/i, '<html$1').replace(/<html/i, `<html lang="${lang === 'en' ? 'en' : 'zh-CN'}"`);
}

/** Puts a rendered page into the built index.html: head tags, language, markup and state. */
export function assemblePage(template: string, lang: Lang, head: string, body: string, state: string): string {
  return withHead(template, lang, head).replace(
    '<div id="root"></div>',
    () => `<div id="root">${body}</div>\n    <script type="application/json" id="ssr-state">${state}</script>`,
  );
}

const compressBr = promisify(brotliCompress);
const compressGzip = promisify(gzip);

interface CachedPage {
  status: number;
  body: Buffer;
  /** The body compressed once, when rendered: most of a page's bytes are markup and state. */
  br: Buffer;
  gzip: Buffer;
  etag: string;
  mark: number;
  /** The tags of the public reads the page was built from; null: some read was not tracked. */
  tags: readonly string[] | null;
  /** The latest mark at which none of its reads had changed (a hit checks its tags only after a new invalidation). */
  checked: number;
  expiresAt: number;
}

/** What a render's page shows, as its API reads told: their tags (null: not all known) and how long they all stay true. */
export interface PageDeps {
  tags: readonly string[] | null;
  ttlMs: number;
}

/** A render's outcome with what the page depends on (its reads; none known: `ttlMs` and any invalidation). */
export interface RenderResult {
  outcome: RenderOutcome;
  deps?: PageDeps;
}

/**
 * Rendered pages by language and URL. An entry lives as long as the reads it was built from stay
 * true (`deps.ttlMs`; `ttlMs` when not known) and only while none of them was invalidated since it
 * was rendered (`changedSince` its tags and `mark`: a news item's new view count drops the pages
 * showing that item, not every page); for `staleMs` more it is served while one render replaces
 * it; at most `maxEntries`, least recent first out.
 */
export class RenderedPages {
  /** Least recently used pages go first past maxEntries; expiry and the mark are checked on read. */
  private readonly entries: LRUCache<string, CachedPage>;
  private readonly inFlight = new Map<string, Promise<CachedPage | RenderOutcome>>();

  constructor(
    private readonly opts: {
      ttlMs: number;
      maxEntries: number;
      mark: () => number;
      /** Whether reads with these tags changed after `since` (a mark); default: any invalidation. */
      changedSince?: (tags: readonly string[] | null, since: number) => boolean;
      /** Renders started and not finished at most: past it a new page is not rendered ('busy'). */
      maxPending: number;
      /** How long past its lifetime a page is still served while it is rendered again (0: not at all). */
      staleMs?: number;
      now?: () => number;
    },
  ) {
    this.entries = new LRUCache({ max: opts.maxEntries });
  }

  private now(): number {
    return this.opts.now?.() ?? Date.now();
  }

  private changed(page: CachedPage): boolean {
    const mark = this.opts.mark();
    if (page.checked === mark) return false;
    if (this.opts.changedSince ? this.opts.changedSince(page.tags, page.mark) : page.mark !== mark) return true;
    page.checked = mark;
    return false;
  }

  /**
   * The cached page for `key`, or the result of `build` (shared by concurrent callers), or 'busy'
   * when `maxPending` renders are under way already (renders take turns: a long queue would hold
   * every visitor behind it). A page built into HTML (`toPage`) is kept when its status is 200 or
   * 404; redirects and unrendered routes are not.
   */
  async get(
    key: string,
    build: () => Promise<RenderResult>,
    toPage: (outcome: Exclude<RenderOutcome, null | { redirect: string }>) => { status: number; body: Buffer },
  ): Promise<CachedPage | RenderOutcome | 'busy'> {
    const hit = this.entries.get(key);
    if (hit && !this.changed(hit)) {
      const now = this.now();
      if (hit.expiresAt > now) return hit;
      // Expired by its lifetime only (nothing it shows was invalidated): served while one render
      // replaces it, instead of every visitor waiting for that render.
      if (hit.expiresAt + (this.opts.staleMs ?? 0) > now) {
        if (!this.inFlight.has(key) && this.inFlight.size < this.opts.maxPending) {
          this.render(key, build, toPage).catch(() => undefined);
        }
        return hit;
      }
    }
    if (hit) this.entries.delete(key);
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    if (this.inFlight.size >= this.opts.maxPending) return 'busy';
    return this.render(key, build, toPage);
  }

  /** The page kept for `key` while fresh (nothing it shows invalidated, within its lifetime), else null. */
  fresh(key: string): CachedPage | null {
    const hit = this.entries.get(key);
    return hit && !this.changed(hit) && hit.expiresAt > this.now() ? hit : null;
  }

  private render(
    key: string,
    build: () => Promise<RenderResult>,
    toPage: (outcome: Exclude<RenderOutcome, null | { redirect: string }>) => { status: number; body: Buffer },
  ): Promise<CachedPage | RenderOutcome> {
    const mark = this.opts.mark();
    const pending = build()
      .then(async ({ outcome, deps }) => {
        if (!outcome || 'redirect' in outcome) return outcome;
        const { status, body } = toPage(outcome);
        const [br, gz] = await Promise.all([
          compressBr(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
          compressGzip(body, { level: 6 }),
        ]);
        const tags = deps?.tags ?? null;
        const page: CachedPage = { status, body, br, gzip: gz, etag: etagOf(body), mark, tags, checked: mark, expiresAt: this.now() + (deps?.ttlMs ?? this.opts.ttlMs) };
        // A page built across an invalidation of what it shows may hold the old data: served once, not kept.
        if (!this.changed(page) && (status === 200 || status === 404)) this.keep(key, page);
        return page;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, pending);
    return pending;
  }

  private keep(key: string, page: CachedPage): void {
    this.entries.set(key, page);
  }
}

/** The body to send for an Accept-Encoding header, and its encoding. */
export function encodedBody(page: CachedPage, acceptEncoding: string | string[] | undefined): { body: Buffer; encoding: 'br' | 'gzip' | null } {
  const encoding = preferredEncoding(acceptEncoding);
  return { body: encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.body, encoding };
}

export const isCachedPage = (value: CachedPage | RenderOutcome | 'busy'): value is CachedPage =>
  value !== null && typeof value === 'object' && 'body' in value && Buffer.isBuffer(value.body);
