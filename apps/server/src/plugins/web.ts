import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { languageFromHeader } from '../lib/i18n.ts';
import { assemblePage, canonicalPath, encodedBody, escapeHtml, headTags, isCachedPage, type PageDeps, type PageRenderer, type PageRoute, RenderedPages, withHead } from '../lib/page-render.ts';
import type { RequestHost } from '../lib/page-url.ts';
import { etagMatches, RENDER_DEPS_HEADER } from '../lib/public-cache.ts';
import type { PublicCacheHandle } from './public-cache.ts';
import { RENDER_CALL_HEADER, RENDER_CALL_TOKEN } from '../lib/request-log.ts';
import { PREVIEW_HEADER } from './preview.ts';
import { markStart, startPhases } from '../lib/start-phases.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a non-API GET that is not a file: the rendered page, or index.html (the SPA routes, including its 404). */
    serveSpa(req: FastifyRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply>;
  }
}

type Lang = 'zh' | 'en';

export const SITE_TITLE: Record<Lang, string> = {
  zh: '医学教育与学术会议平台',
  en: 'Medical Education & Academic Conference Portal',
};

/** Server-side titles so the first paint (and crawlers) see the right one; the SPA keeps it updated. */
const PAGE_TITLES: ReadonlyArray<[prefix: string, zh: string, en: string]> = [
  ['/meeting/calendar', '国际会议日历', 'International Meeting Calendar'],
  ['/live', '会议直播', 'Conferences'],
  ['/w/o/live', '直播间', 'Live Room'],
  ['/w/o/vod', '回放', 'Recording'],
  ['/course', '课程', 'Courses'],
  ['/news', '资讯', 'News'],
  ['/topic', '专题', 'Topics'],
  ['/column', '栏目', 'Programmes'],
  ['/speaker', '专家', 'Speakers'],
  ['/search', '搜索', 'Search'],
  ['/login', '登录', 'Log in'],
  ['/register', '注册', 'Register'],
  ['/user', '个人中心', 'My Account'],
  ['/about_us', '关于我们', 'About us'],
  ['/about/w', '关于我们', 'About us'],
  ['/contact_us', '联系我们', 'Contact us'],
  ['/contract', '用户服务协议', 'User Agreement'],
  ['/privacy/sdk', '第三方 SDK 目录', 'Third-party SDK list'],
  ['/privacy', '隐私政策', 'Privacy Policy'],
];

export function pageTitle(pathname: string, lang: Lang): string {
  if (pathname === '/' || pathname === '') return SITE_TITLE[lang];
  const hit = PAGE_TITLES.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  if (!hit) return SITE_TITLE[lang];
  return `${lang === 'en' ? hit[2] : hit[1]} - ${SITE_TITLE[lang]}`;
}

function spaLanguage(req: FastifyRequest): Lang {
  const q = (req.query as Record<string, unknown> | undefined)?.lang;
  if (q === 'en' || q === 'zh') return q;
  return languageFromHeader(req.headers['accept-language']) === 'en' ? 'en' : 'zh';
}

const NOT_BUILT_HTML = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>Web app not built</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;line-height:1.6">
<h1>网页应用尚未构建 / The web app is not built</h1>
<p>服务器正在运行，API 可用（<a href="/docs">/docs</a>），但找不到前端构建产物。请运行 <code>npm run build</code> 后重启服务。</p>
<p>The server is running and the API works (<a href="/docs">/docs</a>), but the built web app was not found.
Run <code>npm run build</code> and restart the server (or point WEB_DIST at a build).</p>
</body></html>`;

const ADMIN_NOT_BUILT_HTML = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Console not built</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;line-height:1.6">
<h1>运营后台尚未构建 / The operator console is not built</h1>
<p>服务器正在运行，但找不到运营后台的构建产物（dist/admin/index.html）。请运行 <code>npm run build</code> 后重启服务。</p>
<p>The server is running, but the console's build (dist/admin/index.html) was not found.
Run <code>npm run build</code> and restart the server (or point WEB_DIST at a build that includes it).</p>
</body></html>`;

/** The operator console's pages: under /admin (decision record 0063). */
const isAdminPath = (pathname: string): boolean => pathname === '/admin' || pathname.startsWith('/admin/');

/** A rendered page whose reads are not all tracked (lib/public-cache.ts RENDER_DEPS_HEADER) is served this long at most. */
const PAGE_TTL_MS = 5_000;
/** Longest a page built from tracked reads is kept: as long as the shortest-lived of them (live cards 5 s), at most this. */
const PAGE_MAX_TTL_MS = 60_000;
/** An expired page is served this much longer while one render replaces it (decision record 0076). */
const PAGE_STALE_MS = 10_000;
/** Rendered pages kept per process (by language and URL). */
const MAX_PAGES = 500;
/** Longest a visitor waits for a render before getting the page to render in the browser. */
const RENDER_WAIT_MS = 3_000;
/**
 * Renders under way at most (they take turns, each a few to tens of milliseconds of CPU); past it a
 * page not kept gets the shell at once, so a flood of distinct URLs neither queues visitors behind
 * it nor keeps the process from answering the API.
 */
const MAX_PENDING_RENDERS = 4;
/** A CDN may keep anonymous HTML as briefly as the server does. */
const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=5, stale-while-revalidate=30';

/**
 * The web build's files that are served as they are, as paths relative to `webDist`: not the
 * pages (index.html of the site and of the console go through serveSpa), not the .br/.gz copies
 * (sent in their place), nothing under a dot directory (the build's manifests).
 */
function builtFiles(webDist: string): Set<string> {
  const files = new Set<string>();
  // Each directory's relative path once, not each file's: path.relative() per file (1,200 with
  // the .br/.gz copies) was most of this at every start.
  const dirs = new Map<string, string>();
  for (const entry of readdirSync(webDist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    let dir = dirs.get(entry.parentPath);
    if (dir === undefined) {
      dir = relative(webDist, entry.parentPath).split(sep).join('/');
      dirs.set(entry.parentPath, dir);
    }
    const file = dir ? `${dir}/${entry.name}` : entry.name;
    if (file.split('/').some((part) => part.startsWith('.'))) continue;
    if (file === 'index.html' || file === 'admin/index.html') continue;
    files.add(file);
  }
  return files;
}

/** The renderer's API calls: answered in-process, as for an anonymous visitor (no cookies, no token). */
function inProcessFetch(app: FastifyInstance, extra: Record<string, string> = {}) {
  return (url: string, init: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = { accept: 'application/json', [RENDER_CALL_HEADER]: RENDER_CALL_TOKEN, ...extra };
    if (typeof init.body === 'string') headers['content-type'] = 'application/json';
    const answer = app
      .inject({ method: (init.method ?? 'GET') as 'GET', url, headers, ...(typeof init.body === 'string' ? { payload: init.body } : {}) })
      .then((res) => {
        const empty = res.statusCode === 204 || res.statusCode === 304;
        const deps = res.headers[RENDER_DEPS_HEADER];
        return new Response(empty ? null : res.rawPayload, {
          status: res.statusCode,
          headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json'), ...(typeof deps === 'string' ? { [RENDER_DEPS_HEADER]: deps } : {}) },
        });
      });
    // Like fetch, the client's timeout (an abort) ends the wait even if the answer never comes:
    // renders take turns, and a stuck one would hold back every page after it.
    const signal = init.signal;
    if (!signal) return answer;
    return new Promise<Response>((resolve, reject) => {
      const abort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      if (signal.aborted) return abort();
      signal.addEventListener('abort', abort, { once: true });
      answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
    });
  };
}

/**
 * A render's fetch that notes what the page will show: the tags of its reads and the shortest time
 * they stay true. A call the cache does not track (not a cached GET, or versioned) makes the page
 * depend on everything, for PAGE_TTL_MS.
 */
function trackingFetch(fetch: (url: string, init: RequestInit) => Promise<Response>) {
  let tags: Set<string> | null = new Set();
  let ttlMs = PAGE_MAX_TTL_MS;
  const tracked = async (url: string, init: RequestInit): Promise<Response> => {
    const res = await fetch(url, init);
    const header = (init.method ?? 'GET') === 'GET' ? res.headers.get(RENDER_DEPS_HEADER) : null;
    const deps = header ? (JSON.parse(header) as { ttlMs: number; lifeMs: number; tags: string[] }) : null;
    if (deps) {
      for (const tag of deps.tags) tags?.add(tag);
      // The time the read has left, but not less than an untracked page gets (nor than the read's
      // own lifetime, when shorter): a read about to expire would have the page rendered again
      // and again (a home page with live cards every second instead of every 5 s).
      ttlMs = Math.min(ttlMs, Math.max(deps.ttlMs, Math.min(deps.lifeMs, PAGE_TTL_MS)));
    } else {
      tags = null;
      ttlMs = Math.min(ttlMs, PAGE_TTL_MS);
    }
    return res;
  };
  return { fetch: tracked, deps: (): PageDeps => ({ tags: tags ? [...tags] : null, ttlMs }) };
}

/**
 * Serves the built SPA from WEB_DIST: hashed /assets/* cached for a year, other files briefly.
 * Public pages are rendered on the server when the renderer is built (dist-ssr/ beside WEB_DIST,
 * decision record 0030): the same HTML for every anonymous visitor of a language, kept a few
 * seconds and dropped with the public reads it shows. Other pages get index.html with their
 * title (no-cache). Without a build, a clear 503 page.
 */
export default fp<{ webDist: string; originOf: (req: RequestHost) => string }>(
  async (app, { webDist, originOf }) => {
    const indexPath = join(webDist, 'index.html');
    const template = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
    if (!template) app.log.warn({ webDist }, 'web app not built: non-API pages answer 503');
    // The console is a build of its own (vite.admin.config.ts): one page for every /admin URL.
    const adminIndexPath = join(webDist, 'admin', 'index.html');
    const adminPage = existsSync(adminIndexPath) ? readFileSync(adminIndexPath) : null;
    if (template && !adminPage) app.log.warn({ adminIndexPath }, 'console not built: /admin answers 503');
    const rendererPath = join(webDist, '..', 'dist-ssr', 'entry-server.js');
    let renderer: PageRenderer | null = null;
    if (template && existsSync(rendererPath)) {
      // Loaded before the server listens, so the first visitor already gets a rendered page.
      app.addHook('onReady', async () => {
        renderer = (await import(pathToFileURL(rendererPath).href)) as PageRenderer;
        markStart('ssr_bundle');
      });
      // Then the home page is rendered ahead in both languages, as for a visitor from outside: the
      // first visitors find it kept (or join its render), and past its few seconds every cold
      // path it took (serialisers, prepared reads, the renderer's code) is warm (decision 0077).
      app.addHook('onListen', () => {
        if (renderer) void renderHomeAhead(renderer);
      });
    } else if (template) {
      app.log.warn({ rendererPath }, 'server renderer not built: pages are rendered in the browser only');
    }
    const pages = new RenderedPages({
      ttlMs: PAGE_TTL_MS,
      maxEntries: MAX_PAGES,
      mark: () => (app as { publicCache?: PublicCacheHandle }).publicCache?.mark ?? 0,
      changedSince: (tags, since) => (app as { publicCache?: PublicCacheHandle }).publicCache?.changedSince(tags, since) ?? false,
      maxPending: MAX_PENDING_RENDERS,
      // Like the public payloads (decision record 0031): an expired page while it is rendered again.
      staleMs: PAGE_STALE_MS,
    });
    const fetchInProcess = inProcessFetch(app);

    if (template) {
      // The files are listed once at start: an unknown path is never looked up on disk. A route per
      // file (two with HEAD) was half the server's routes and 0.15 s of every start; the hashed
      // assets/ directories get one route each, answered from the list (decision record 0077).
      const built = builtFiles(webDist);
      await app.register(fastifyStatic, {
        root: webDist,
        serve: false,
        index: false,
        // The build writes .br/.gz beside each asset (max quality, once): sent as they are.
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          const immutable = filePath.startsWith(join(webDist, 'assets') + sep) || filePath.startsWith(join(webDist, 'admin', 'assets') + sep);
          if (filePath.startsWith(join(webDist, 'admin') + sep)) reply.header('x-robots-tag', 'noindex');
          reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=600');
        },
      });
      const sendBuilt = (req: FastifyRequest, reply: FastifyReply) => {
        let file: string;
        try {
          file = decodeURIComponent((req.url.split('?', 1)[0] ?? '').slice(1));
        } catch {
          return reply.callNotFound();
        }
        return built.has(file) ? reply.sendFile(file) : reply.callNotFound();
      };
      const routed = new Set<string>();
      for (const file of built) {
        const dir = file.slice(0, file.lastIndexOf('/') + 1);
        const path = /(^|\/)assets\/$/.test(dir) ? `/${dir}*` : `/${file}`;
        if (routed.has(path)) continue;
        routed.add(path);
        // Files, not API operations: kept out of the OpenAPI document (which names every operation).
        app.route({ method: ['GET', 'HEAD'], url: path, schema: { hide: true }, handler: sendBuilt });
      }
    }

    const rendered = new Map<string, string>();
    const render = (lang: Lang, title: string): string => {
      const key = `${lang}\u0000${title}`;
      let html = rendered.get(key);
      if (html === undefined && template) {
        html = withHead(template, lang, `<title>${escapeHtml(title)}</title>`);
        rendered.set(key, html);
      }
      return html ?? '';
    };

    app.decorate('serveSpa', function serveSpa(req: FastifyRequest, reply: FastifyReply) {
      const raw = req.url.split('?', 1)[0] ?? '/';
      const pathname = raw === '/index.html' ? '/' : raw === '/admin/index.html' ? '/admin' : raw;
      // A missing asset (old hash, typo) must 404, not come back as HTML with a 200.
      if (pathname.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(pathname)) {
        return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not Found');
      }
      if (isAdminPath(pathname)) return serveAdmin(reply);
      if (!template) {
        return reply
          .code(503)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(NOT_BUILT_HTML);
      }
      const lang = spaLanguage(req);
      if (renderer && req.method === 'GET') return servePage(renderer, req, reply, lang, pathname);
      // HEAD: the status the page would have (404 for an unknown path), without rendering it.
      const target = renderer ? routeOf(renderer, req) : null;
      return sendShell(reply, lang, pathname, target && target.kind !== 'redirect' ? target.status : 200);
    });

    /**
     * Every console URL gets the console's page, which routes in the browser; never cached (a new
     * build names new assets) and never indexed.
     */
    const serveAdmin = (reply: FastifyReply) => {
      reply.header('x-robots-tag', 'noindex').header('cache-control', adminPage ? 'no-cache' : 'no-store').type('text/html; charset=utf-8');
      return adminPage ? reply.send(adminPage) : reply.code(503).send(ADMIN_NOT_BUILT_HTML);
    };

    const sendShell = (reply: FastifyReply, lang: Lang, pathname: string, status = 200) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'Accept-Language')
        .send(render(lang, pageTitle(pathname, lang)));

    /** How to answer the request's URL; one the renderer cannot parse is the browser's to show. */
    const routeOf = (using: PageRenderer, req: FastifyRequest): PageRoute => {
      try {
        return using.route(req.url);
      } catch {
        // A client's junk (`//%5B`), not our fault: no stack in the log.
        req.log.debug('page URL not parsed: page left to the browser');
        return null;
      }
    };

    /** The page as kept for every anonymous visitor of its language and origin, rendered when not kept. */
    const pageKey = (lang: Lang, origin: string, url: string) => `${lang}\u0000${origin}\u0000${url}`;
    const keptPage = (using: PageRenderer, lang: Lang, origin: string, url: string) =>
      pages.get(
        pageKey(lang, origin, url),
        async () => {
          const tracking = trackingFetch(fetchInProcess);
          const outcome = await timedRender(using, url, lang, tracking.fetch);
          return { outcome, deps: tracking.deps() };
        },
        (page) => {
          const langInUrl = new URLSearchParams(url.split('?')[1] ?? '').has('lang');
          const head = headTags(page.meta, { origin, path: canonicalPath(url), lang, defaultImage: '/share.png', langInUrl });
          return { status: page.status, body: Buffer.from(assemblePage(template ?? '', lang, head, page.html, page.state)) };
        },
      );

    async function renderHomeAhead(using: PageRenderer) {
      // Not a name of this machine: the origin public visitors get (PUBLIC_ORIGIN, else PUBLIC_URL's).
      const origin = originOf({ protocol: 'https', host: '', hostname: '' });
      const home = using.route('/');
      if (home?.kind !== 'page') return;
      for (const lang of ['zh', 'en'] as const) {
        const began = performance.now();
        try {
          const result = await keptPage(using, lang, origin, home.url);
          app.log.info({ lang, ms: Math.round(performance.now() - began), kept: isCachedPage(result) }, 'home page rendered ahead');
        } catch (err) {
          app.log.warn({ err, lang }, 'home page: rendering ahead failed; visitors render it');
        }
      }
    }

    let firstRender = true;
    /** A render; the process's first one is logged with its time (it pays for every cold path). */
    function timedRender(using: PageRenderer, url: string, lang: Lang, fetch = fetchInProcess) {
      if (!firstRender) return using.render({ url, lang, fetch });
      firstRender = false;
      const began = performance.now();
      return using.render({ url, lang, fetch }).finally(() => {
        markStart('first_render');
        app.log.info({ url, render_ms: Math.round(performance.now() - began), phases_ms: startPhases() }, 'first page rendered');
      });
    }

    async function servePage(using: PageRenderer, req: FastifyRequest, reply: FastifyReply, lang: Lang, pathname: string) {
      const target = routeOf(using, req);
      if (target === null) return sendShell(reply, lang, pathname);
      if (target.kind === 'redirect') return reply.redirect(target.location, target.status);
      if (target.kind === 'shell') return sendShell(reply, lang, pathname, target.status);
      const previewToken = (req.query as Record<string, unknown> | undefined)?.preview;
      if (typeof previewToken === 'string' && app.preview.verify(previewToken)) return servePreview(using, req, reply, lang, target.url, previewToken);
      // Rendered and kept under the page's own URL: other query parameters change nothing on it.
      const url = target.url;
      const origin = originOf(req);
      let result;
      try {
        const rendering = keptPage(using, lang, origin, url);
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<'late'>((resolve) => {
          timer = setTimeout(() => resolve('late'), RENDER_WAIT_MS);
        });
        result = await Promise.race([rendering, late]).finally(() => clearTimeout(timer));
        if (result === 'late') {
          // A slow render (a slow database) does not hold the visitor: the browser renders the
          // page; the render goes on and serves the next visitor when it is done.
          rendering.catch((err: unknown) => req.log.error({ err }, 'server rendering failed'));
          req.log.warn({ waitedMs: RENDER_WAIT_MS }, 'server rendering slow: page left to the browser');
          return sendShell(reply, lang, pathname, target.status);
        }
      } catch (err) {
        // The page still works: the browser renders it.
        req.log.error({ err }, 'server rendering failed');
        return sendShell(reply, lang, pathname, target.status);
      }
      // Renders busy: the browser renders the page, with the status it would have (404 for an unknown path).
      if (result === 'busy') return sendShell(reply, lang, pathname, target.status);
      // Not rendered here, or failed while rendering: the browser renders the page.
      if (result === null || result.status >= 500) return sendShell(reply, lang, pathname, target.status);
      if (!isCachedPage(result)) {
        if ('redirect' in result) return reply.redirect(result.redirect, result.status);
        return sendShell(reply, lang, pathname, target.status);
      }
      // The same request again is answered before the app while this page is kept (lib/replay.ts).
      const page = result;
      const key = pageKey(lang, origin, url);
      if (pages.fresh(key) === page) app.replays.offer(req.raw, reply.raw, page, page.etag, () => pages.fresh(key) === page);
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', result.status === 200 ? PAGE_CACHE_CONTROL : 'no-cache')
        .header('vary', 'Accept-Language, Accept-Encoding')
        .header('etag', result.etag);
      if (result.status === 200 && etagMatches(req.headers['if-none-match'], result.etag)) return reply.code(304).send();
      const { body, encoding } = encodedBody(result, req.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.code(result.status).send(body);
    }

    /**
     * A console preview: the page rendered with the grant, never kept, not indexed, and without
     * the app's scripts (in the browser they would fetch the item again, without the grant).
     */
    async function servePreview(using: PageRenderer, req: FastifyRequest, reply: FastifyReply, lang: Lang, url: string, token: string) {
      const page = await using.render({ url, lang, fetch: inProcessFetch(app, { [PREVIEW_HEADER]: token }) });
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      if (page === null || !('html' in page)) return sendShell(reply, lang, url.split('?', 1)[0] ?? '/');
      const origin = originOf(req);
      const head = `${headTags(page.meta, { origin, path: canonicalPath(url), lang, defaultImage: '/share.png', langInUrl: true })}\n    <meta name="robots" content="noindex">`;
      const banner = lang === 'en' ? 'Preview: readers do not see this yet' : '预览：读者尚看不到此内容';
      const html = assemblePage(template ?? '', lang, head, page.html, page.state)
        .replace(/<script type="module"[^>]*><\/script>\s*/g, '')
        .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
        .replace('<div id="root">', () => `<div role="status" class="preview-banner" style="position:sticky;top:0;z-index:1000;padding:8px 16px;background:#fff4d6;color:#5c3b00;text-align:center;font:600 14px/1.5 system-ui,sans-serif">${escapeHtml(banner)}</div><div id="root">`);
      return reply.code(page.status).type('text/html; charset=utf-8').send(html);
    }
  },
  { name: 'web', dependencies: ['preview'] },
);
