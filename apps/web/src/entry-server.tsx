// Server rendering of the public pages (decision record 0030). Built by `vite build --ssr` into
// dist-ssr/ and called in-process by the API server (apps/server/src/plugins/web.ts).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { dehydrate, type Query } from '@tanstack/react-query';
import { ErrorCode } from '@medportal/contract/codes';
import { pathOf } from '@medportal/contract/routes';
import { AppProvider } from './app/provider';
import type { RouteHandle } from './app/document-title';
import { routes } from './app/router';
import { paths } from './config/paths';
import { resolveModuleTarget } from './features/topics/lib/module-target';
import { setTransport } from './shared/api-client';
import { SERVER_TIME_ZONE } from './shared/format/timezone';
import { i18n, initI18n, loadedNamespaces, loadNamespaces, type Lang } from './shared/i18n';
import { queryClient } from './shared/query-client';
import { collectPageMeta, type PageMeta } from './shared/ui/page-meta';

export interface RenderRequest {
  /** Path and query of the page, e.g. `/course/11?lang=en`. */
  url: string;
  lang: Lang;
  /** Answers the page's API calls in-process (an anonymous visitor's request). */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
}

export interface RenderedPage {
  status: number;
  /** The markup of `#root`. */
  html: string;
  /** The state handed to the browser: JSON, escaped for a `<script type="application/json">`. */
  state: string;
  meta: Omit<PageMeta, 'status'> & { title: string; siteName: string; description: string };
}

export type RenderOutcome = RenderedPage | { redirect: string; status: number } | null;

/**
 * What the server does with a URL before rendering anything. `page`: render it from `url` (the
 * path, `lang` and only the query parameters the page reads, in a fixed order: other parameters
 * change nothing on the page, so they neither make a new render nor a new cache entry); `status`
 * is what the browser-rendered shell answers when the page is not rendered here (renders busy).
 * `shell`: the browser renders it; the server answers `status`. `redirect`: elsewhere at once.
 * null: not a server-rendered page (the shell, 200).
 */
export type PageRoute =
  | { kind: 'page'; url: string; status: number }
  | { kind: 'shell'; status: number }
  | { kind: 'redirect'; location: string; status: number }
  | null;

/**
 * Pages rendered on the server, with the query parameters each reads (its components and
 * loaders): public content that reads the same for every anonymous visitor. Account pages, the
 * personal centre, the live room and the player stay client-rendered.
 */
const SERVER_RENDERED: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  [paths.home.path, []],
  [paths.course.path, ['dep_val', 'price_type', 'sort', 'page']],
  [paths.courseMore.path, ['dep_val', 'title', 'keyword', 'page']],
  [paths.courseDetail.path, ['resume']],
  [paths.live.path, ['tab', 'date', 'month']],
  [paths.liveHistory.path, ['year', 'department_id', 'page']],
  [paths.news.path, ['page']],
  [paths.newsDetail.path, []],
  [paths.newsCategory.path, ['page']],
  [paths.speakerInfo.path, ['id']],
  [paths.speakerDetail.path, ['tab']],
  [paths.hospital.path, ['region']],
  [paths.organizer.path, []],
  [paths.keywords.path, []],
  [paths.column.path, ['page']],
  [paths.search.path, ['txt', 'type', 'page']],
  [paths.topic.path, ['id', 'tab', 'page']],
  [paths.paperDetail.path, []],
  [paths.meetingCalendar.path, ['month', 'field', 'region', 'mode', 'keyword', 'page']],
  [paths.meetingCalendarDetail.path, []],
  [paths.aboutUs.path, []],
  [paths.contactUs.path, []],
  [paths.contract.path, []],
  [paths.privacy.path, []],
  [paths.aboutBare.path, []],
  [paths.contractBare.path, []],
  [paths.privacyBare.path, []],
  [paths.privacySdk.path, []],
  [paths.product.path, []],
]);

/**
 * Client-rendered pages of one item: the server asks whether the item exists and renders the page
 * only when it does not (its "not found" state, with a 404); otherwise the browser renders it.
 */
const CHECKED: ReadonlyMap<string, (id: string) => string> = new Map([
  [paths.liveRoom.path, (id: string) => pathOf('liveDetail', { id })],
  [paths.vod.path, (id: string) => pathOf('recordingDetail', { id })],
]);

/** The path with `lang` (when valid) and the named query parameters only, in that order. */
function pageUrl(location: URL, names: readonly string[]): string {
  const out = new URLSearchParams();
  const lang = location.searchParams.get('lang');
  if (lang === 'zh' || lang === 'en') out.set('lang', lang);
  for (const name of names) {
    const value = location.searchParams.get(name);
    if (value !== null) out.set(name, value);
  }
  const qs = out.toString();
  return `${location.pathname}${qs ? `?${qs}` : ''}`;
}

/**
 * The deepest route a path matches, remembered per path: `matchRoutes` flattens and ranks the whole
 * route tree on every call (about a millisecond), and every page request asks.
 */
const leaves = new Map<string, ReturnType<typeof leafOf>>();
const MAX_LEAVES = 2_000;
const leafOf = (pathname: string) => matchRoutes(routes, pathname)?.at(-1) ?? null;
function matchedLeaf(pathname: string): ReturnType<typeof leafOf> {
  let leaf = leaves.get(pathname);
  if (leaf === undefined) {
    leaf = leafOf(pathname);
    if (leaves.size >= MAX_LEAVES) leaves.delete(leaves.keys().next().value as string);
    leaves.set(pathname, leaf);
  }
  return leaf;
}

/** How the server answers a URL (see PageRoute); needs no data and renders nothing. */
export function route(url: string): PageRoute {
  const location = new URL(url, 'http://localhost');
  const leaf = matchedLeaf(location.pathname);
  if (!leaf) return null;
  const { route: r, params } = leaf;
  if (r.id === 'module-target') {
    // Its loader's redirect, made here so it costs no render; an unknown target is the 404 page.
    const target = resolveModuleTarget(params.module, params.module_id);
    if (!target) return { kind: 'page', url: pageUrl(location, []), status: 404 };
    const search = location.search.slice(1);
    return { kind: 'redirect', location: search ? `${target}${target.includes('?') ? '&' : '?'}${search}` : target, status: 302 };
  }
  if (r.id === 'not-found') return { kind: 'page', url: pageUrl(location, []), status: 404 };
  // An unknown path inside the personal centre: the browser asks for a login or shows the 404 page.
  if (r.id === 'user-not-found') return { kind: 'shell', status: 404 };
  const pattern = r.index ? paths.home.path : r.path;
  if (pattern === undefined) return null;
  if (CHECKED.has(pattern)) return { kind: 'page', url: pageUrl(location, []), status: 200 };
  const names = SERVER_RENDERED.get(pattern);
  return names ? { kind: 'page', url: pageUrl(location, names), status: 200 } : null;
}

const handler = createStaticHandler(routes);

// A failed query shows its error here (a "not found" page), not the loading state a browser shows
// while it tries again on mount.
queryClient.setDefaultOptions({
  ...queryClient.getDefaultOptions(),
  queries: { ...queryClient.getDefaultOptions().queries, retryOnMount: false },
});

/** Renders one at a time: the query cache and the language are the renderer's, not per request. */
let queue: Promise<unknown> = Promise.resolve();
let ready: Promise<unknown> | null = null;

export async function render(request: RenderRequest): Promise<RenderOutcome> {
  const target = route(request.url);
  if (target?.kind !== 'page') return null;
  // A checked page renders only for a missing item; the question needs no turn in the queue.
  if (!(await missingItem(request))) return null;
  const run = queue.then(() => renderNow(request));
  queue = run.catch(() => undefined);
  return run;
}

/** True unless the URL is a checked page whose item exists (or the check could not tell). */
async function missingItem({ url, fetch }: RenderRequest): Promise<boolean> {
  const location = new URL(url, 'http://localhost');
  const leaf = matchedLeaf(location.pathname);
  const detail = leaf?.route.path === undefined ? undefined : CHECKED.get(leaf.route.path);
  if (!detail) return true;
  const id = leaf?.params.id ?? '';
  // Not an id at all: the page shows "not found" without asking.
  if (!/^[1-9]\d{0,9}$/.test(id)) return true;
  const res = await fetch(detail(id), { method: 'GET', headers: {} });
  if (res.status === 404) return true;
  if (!res.ok) return false;
  const envelope = (await res.json()) as { code?: number };
  return envelope.code === ErrorCode.NOT_FOUND || envelope.code === ErrorCode.VALIDATION;
}

/** How many times a page is rendered at most to fetch what its components ask for. */
const MAX_PASSES = 5;

async function renderNow({ url, lang, fetch }: RenderRequest): Promise<RenderOutcome> {
  const location = new URL(url, 'http://localhost');

  ready ??= initI18n(lang).then(recordReads);
  await ready;
  setTransport(fetch);
  await i18n.changeLanguage(lang);
  queryClient.clear();
  // This page's namespaces only: the process keeps every one it ever loaded.
  readNamespaces.clear();
  (i18n as { reportNamespaces?: unknown }).reportNamespaces = undefined;

  const context = await handler.query(new Request(location.href));
  if (context instanceof Response) {
    const to = context.headers.get('Location');
    return to ? { redirect: to, status: context.status } : null;
  }

  const page = await renderPasses(context);
  // Still waiting, or failed, somewhere inside: the browser renders the page rather than finish it.
  if (page.html.includes(SUSPENDED)) return null;
  const status = page.meta.status ?? context.statusCode;
  const state = JSON.stringify({
    lang,
    zone: SERVER_TIME_ZONE.offset,
    ns: pageNamespaces(),
    queries: dehydrate(queryClient),
    // A page with an error (a 404 product, an item not found) is not taken over: the browser
    // renders it again (errors are not part of the state handed over).
    hydrate: status === 200 && !context.errors && !queryClient.getQueryCache().getAll().some((q) => q.state.status === 'error'),
    // `undefined` would vanish from the JSON and the browser would run that loader again.
    router: { loaderData: Object.fromEntries(Object.entries(context.loaderData).map(([id, v]) => [id, v ?? null])) },
  });
  queryClient.clear();
  return {
    status,
    html: page.html,
    state: escapeScript(state),
    meta: {
      ...page.meta,
      siteName: i18n.t('common:productName'),
      title: pageTitle(context, page.meta),
      description: page.meta.description || i18n.t('common:siteDescription'),
    },
  };
}

/**
 * Renders until every query a component asked for has its answer: a component's `useQuery` does
 * not fetch on the server, so each pass fetches what the previous one asked for.
 */
async function renderPasses(context: StaticHandlerContext): Promise<{ html: string; meta: PageMeta }> {
  let result = { html: '', meta: {} as PageMeta };
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    result = renderOnce(context);
    const waiting = queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.status === 'pending' && enabled(q));
    const namespaces = missingNamespaces();
    const suspended = result.html.includes(SUSPENDED);
    if (waiting.length === 0 && namespaces.length === 0 && !suspended) break;
    // A query already fetching (started by a loader) hands back its request rather than a second one.
    await Promise.allSettled([...waiting.map((q) => q.fetch()), loadNamespaces(...namespaces), suspended ? waitForCode() : null]);
    // Answers from the in-process cache arrive without I/O: let requests waiting on the socket in
    // before the next synchronous pass.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return result;
}

const enabled = (query: Query): boolean => {
  const on = (query.options as { enabled?: unknown }).enabled;
  return typeof on === 'function' ? Boolean((on as (q: Query) => boolean)(query)) : on !== false;
};

/** Namespaces the render's components asked for (react-i18next's record, reset for every page). */
const usedNamespaces = () => (i18n as unknown as { reportNamespaces?: { getUsedNamespaces(): string[] } }).reportNamespaces?.getUsedNamespaces() ?? [];

/** Namespaces a component asked for that are not loaded (rendered as keys otherwise). */
const missingNamespaces = () => usedNamespaces().filter((ns) => !i18n.hasResourceBundle(i18n.language, ns)) as Parameters<typeof loadNamespaces>;

/** Namespaces the page's text was read from, `money:` keys of a component that asked for `course` included. */
const readNamespaces = new Set<string>();

/** Every lookup of the renders goes through the store: note its namespace. */
function recordReads(): void {
  // The translator's own lookup (ResourceStore.getResource, which i18next's types leave out).
  const store = i18n.store as unknown as { getResource(lng: string, ns: string, key?: string, options?: unknown): unknown };
  const getResource = store.getResource.bind(store);
  store.getResource = (lng, ns, key, options) => {
    // Without a key it is a question whether the bundle is loaded, not a read.
    if (key !== undefined) readNamespaces.add(ns);
    return getResource(lng, ns, key, options);
  };
}

/**
 * What the browser loads before it hydrates: the namespaces this page read from or its components
 * asked for. A warm process has loaded many more, and sending them all added 15 KB of script to
 * home.
 */
const pageNamespaces = () => {
  const page = new Set([...readNamespaces, ...usedNamespaces()]);
  return loadedNamespaces().filter((ns) => page.has(ns));
};

/**
 * One synchronous render. Whatever suspends (code or text still loading) shows its fallback and
 * is marked `<!--$!-->`: the next pass renders it once loaded. The finished page has no such
 * boundary and so needs no inline script to complete it (the CSP allows none).
 */
function renderOnce(context: StaticHandlerContext): { html: string; meta: PageMeta } {
  const router = createStaticRouter(handler.dataRoutes, context);
  const meta = collectPageMeta();
  const html = renderToString(
    <StrictMode>
      <AppProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  return { html, meta: meta.take() };
}

const SUSPENDED = '<!--$!-->';
/** Code a suspended component asked for loads from local chunks: a few milliseconds. */
const waitForCode = () => new Promise((resolve) => setTimeout(resolve, 10));

function pageTitle(context: StaticHandlerContext, meta: PageMeta): string {
  const product = i18n.t('common:productName');
  if (meta.title) return meta.title;
  const key = [...context.matches]
    .reverse()
    .map((m) => (m.route.handle as RouteHandle | undefined)?.title)
    .find(Boolean);
  const title = key && i18n.exists(key) ? i18n.t(key as 'common:productName') : '';
  return title ? `${title} - ${product}` : product;
}

/** JSON inside a <script>: nothing in it may close the tag or start a comment. */
const escapeScript = (json: string) =>
  json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
