// Global styles first, so feature styles that follow can refine them.
import './styles/index.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// React DOM evaluates in a task of its own (decision record 0078).
import './shared/next-task';
import { createBrowserRouter, matchRoutes, RouterProvider, type HydrationState, type RouteObject } from 'react-router';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
// The router and TanStack Query in the second task, the app in a third.
import './shared/next-task-app';
import { AppProvider } from './app/provider';
import { createAppRouter, routes } from './app/router';
import { browserTimezone } from './shared/format/timezone';
import { detectLanguage, initI18n, loadNamespaces, type Namespace } from './shared/i18n';
import { queryClient } from './shared/query-client';
import { isLoggedIn, startCrossTabSync } from './shared/session';
import { ensureSession } from './shared/session-guard';
import { pageHydrated } from './shared/hydration';

/** What a server-rendered page hands over (entry-server.tsx). */
interface ServerState {
  lang: string;
  zone: string;
  ns: Namespace[];
  queries: DehydratedState;
  router: HydrationState;
  hydrate: boolean;
}

/** Data, not a script (the CSP runs no inline script): `<script type="application/json" id="ssr-state">`. */
function serverState(): ServerState | undefined {
  const text = document.getElementById('ssr-state')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as ServerState;
  } catch {
    return undefined;
  }
}

const server = serverState();
const lang = detectLanguage();
// Translations, the session check and the first route's data and code all load in parallel.
const i18nReady = initI18n(lang, server?.lang === lang ? server.ns : []);
startCrossTabSync();
void ensureSession();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/**
 * The server's page is taken over as it is (hydrated) for every reader of its language (decision
 * record 0075): the first render here writes what the server wrote. Times are in the server's
 * zone (`useTimeZone`), the reader is anonymous (`useSession`) and the `#fragment` (which the
 * server never sees; `/news#12` picks a tab) is not there yet; each turns into this reader's
 * right after. Another language renders afresh (the page's text is not this reader's).
 */
const hydrating = server !== undefined && server.hydrate && server.lang === lang;

/** The reader's answers differ from the server's: in another zone, or logged in. */
const ownAnswers = (zone: string) => zone !== browserTimezone() || isLoggedIn();

/** Reports a hydration that did not match (React then renders that part afresh): tests fail on it. */
function onRecoverableError(error: unknown, info: { componentStack?: string }): void {
  console.error('Recoverable hydration error:', error, info.componentStack ?? '');
}

/** Loads the code of the lazy routes the URL matches, so the first render needs no fallback. */
async function loadMatchedRoutes(): Promise<void> {
  const lazy = (matchRoutes(routes, window.location) ?? []).map((m) => m.route).filter((r) => typeof r.lazy === 'function');
  await Promise.all(
    lazy.map(async (route) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      // Like the router: what the route defines itself wins over its lazy module.
      const own = route as Record<string, unknown>;
      for (const [key, value] of Object.entries(loaded)) if (own[key] === undefined) own[key] = value;
      delete route.lazy;
    }),
  );
}

const app = (router: ReturnType<typeof createBrowserRouter>) => (
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>
);

async function start(): Promise<void> {
  if (hydrating) {
    // The router starts where the server rendered (no fragment); the fragment follows hydration.
    const fragment = window.location.hash;
    if (fragment) window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    await Promise.all([i18nReady.then(() => loadNamespaces(...server.ns)).catch(() => undefined), loadMatchedRoutes()]);
    hydrate(queryClient, server.queries);
    const router = createBrowserRouter(routes, { hydrationData: server.router });
    // A transition, as for a fresh render below: hydration runs in slices that yield to the
    // browser (React hydrates a default-priority root in one task).
    startTransition(() => void hydrateRoot(container!, app(router), { onRecoverableError }));
    await pageHydrated();
    // The server asked as an anonymous visitor in its zone: this reader's own answers (their
    // follows, favourites, purchases, days and times) replace its data once nothing hydrates it.
    // Only mounted queries refetch: a block still waiting to hydrate (Later) keeps the server's
    // data until it mounts, then asks again itself. What the browser has asked itself since is
    // already the reader's, and answers the same for everyone are not asked twice.
    const fromServer = new Set(server.queries.queries.map((q) => q.queryHash));
    if (ownAnswers(server.zone))
      void queryClient.invalidateQueries({ predicate: (q) => fromServer.has(q.queryHash) && q.meta?.sameForEveryReader !== true });
    // A login found by the session check (a cookie, no stored token) arrives a moment later.
    else
      void ensureSession().then(async (s) => {
        if (s.status === 'authenticated') await queryClient.invalidateQueries();
      });
    if (fragment) void router.navigate({ pathname: window.location.pathname, search: window.location.search, hash: fragment }, { replace: true, preventScrollReset: true });
    document.documentElement.dataset.hydrated = '';
    return;
  }
  // No page from the server (or one in another language, or with an error): rendered here.
  const router = createAppRouter();
  await i18nReady.catch(() => undefined);
  // A transition: React renders the first page in slices that yield to the browser instead of
  // one long task, so the page answers input while it is built.
  startTransition(() => createRoot(container!).render(app(router)));
}

void start();
