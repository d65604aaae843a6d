// Server rendering of the public pages (decision record 0030). Built by `vite build --ssr` into
// dist-ssr/ and called in-process by the API server (apps/server/src/plugins/web.ts).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { dehydrate, type Query } from '@tanstack/react-query';
import { AppProvider } from './app/provider';
import type { RouteHandle } from './app/document-title';
import { routes } from './app/router';
import { paths } from './config/paths';
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
 * Pages rendered on the server: public content that reads the same for every anonymous visitor.
 * Account pages, the personal centre, the live room and the player stay client-rendered.
 */
const SERVER_RENDERED: readonly string[] = [
  paths.home.path,
  paths.course.path,
  paths.courseMore.path,
  paths.courseDetail.path,
  paths.live.path,
  paths.liveHistory.path,
  paths.news.path,
  paths.newsDetail.path,
  paths.newsCategory.path,
  paths.speakerInfo.path,
  paths.speakerDetail.path,
  paths.hospital.path,
  paths.organizer.path,
  paths.keywords.path,
  paths.column.path,
  paths.search.path,
  paths.topic.path,
  paths.paperDetail.path,
  paths.aboutUs.path,
  paths.contactUs.path,
  paths.contract.path,
  paths.privacy.path,
  paths.aboutBare.path,
  paths.contractBare.path,
  paths.privacyBare.path,
  paths.privacySdk.path,
  paths.product.path,
];

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

export function render(request: RenderRequest): Promise<RenderOutcome> {
  const run = queue.then(() => renderNow(request));
  queue = run.catch(() => undefined);
  return run;
}

/** How many times a page is rendered at most to fetch what its components ask for. */
const MAX_PASSES = 5;

async function renderNow({ url, lang, fetch }: RenderRequest): Promise<RenderOutcome> {
  const location = new URL(url, 'http://localhost');
  const matches = matchRoutes(routes, location.pathname);
  const leaf = matches?.at(-1)?.route;
  const pattern = leaf?.index ? paths.home.path : leaf?.path;
  if (!pattern || !SERVER_RENDERED.includes(pattern)) return null;

  ready ??= initI18n(lang);
  await ready;
  setTransport(fetch);
  await i18n.changeLanguage(lang);
  queryClient.clear();

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
    ns: loadedNamespaces(),
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
  }
  return result;
}

const enabled = (query: Query): boolean => {
  const on = (query.options as { enabled?: unknown }).enabled;
  return typeof on === 'function' ? Boolean((on as (q: Query) => boolean)(query)) : on !== false;
};

/** Namespaces a component asked for that are not loaded (rendered as keys otherwise). */
const missingNamespaces = () => {
  const wanted = (i18n as unknown as { reportNamespaces?: { getUsedNamespaces(): string[] } }).reportNamespaces?.getUsedNamespaces() ?? [];
  return wanted.filter((ns) => !i18n.hasResourceBundle(i18n.language, ns)) as Parameters<typeof loadNamespaces>;
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
