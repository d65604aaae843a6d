// Global styles first, so feature styles that follow can refine them.
import './styles/index.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type HydrationState, type RouteObject } from 'react-router';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { AppProvider } from './app/provider';
import { createAppRouter, routes } from './app/router';
import { browserTimezone } from './shared/format/timezone';
import { detectLanguage, initI18n, loadNamespaces, type Namespace } from './shared/i18n';
import { queryClient } from './shared/query-client';
import { isLoggedIn, startCrossTabSync } from './shared/session';
import { ensureSession } from './shared/session-guard';

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
const i18nReady = initI18n(lang);
startCrossTabSync();
void ensureSession();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/**
 * The server's page is taken over as it is (hydrated) when this browser would render the same:
 * same language, same time zone, nobody logged in (the server renders for anonymous visitors),
 * no `#fragment` (the server never sees it; `/news#12` picks a tab). Otherwise it is the first
 * paint, and the page renders here as it would without it.
 */
const hydrating =
  server !== undefined &&
  server.hydrate &&
  server.lang === lang &&
  server.zone === browserTimezone() &&
  !isLoggedIn() &&
  window.location.hash === '';

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
    await Promise.all([i18nReady.then(() => loadNamespaces(...server.ns)).catch(() => undefined), loadMatchedRoutes()]);
    hydrate(queryClient, server.queries);
    // A transition, as for a fresh render below: hydration runs in slices that yield to the
    // browser (React hydrates a default-priority root in one task).
    startTransition(() => void hydrateRoot(container!, app(createBrowserRouter(routes, { hydrationData: server.router }))));
    return;
  }
  // The server's data stands in while this browser asks again with its own login and time zone:
  // the page renders at once in the server page's place instead of showing skeletons first.
  const reuse = server !== undefined && server.hydrate && server.lang === lang;
  if (reuse) hydrate(queryClient, server.queries);
  const router = createAppRouter();
  await i18nReady.catch(() => undefined);
  // A transition: React renders the first page in slices that yield to the browser instead of
  // one long task, so the page answers input while it is built.
  startTransition(() => createRoot(container!).render(app(router)));
  if (reuse) void queryClient.invalidateQueries();
}

void start();
