import { createBrowserRouter, type RouteObject } from 'react-router';
import { relateSitesQueryOptions } from '../features/chrome/api/get-relate-sites';
import { siteConfigQueryOptions } from '../features/chrome/api/get-site-config';
import { homeBlocksQueryOptions } from '../features/home/api/get-home-blocks';
import { sideBannersQueryOptions } from '../features/home/api/get-side-banners';
import { RouteErrorView } from '../features/errors/components/route-error-view';
import { NotFoundPage } from '../features/errors/pages/not-found-page';
import { currentLanguage, loadNamespaces } from '../shared/i18n';
import { requireLogin } from '../shared/session';
import type { RouteHandle } from './document-title';
import { RootError } from './layouts/root-error';
import { RootLayout } from './layouts/root-layout';
import { PageFallback } from './layouts/page-fallback';
import { SiteLayout } from './layouts/site-layout';
import { queryClient } from './query-client';

/**
 * Starts a query without holding up navigation: the page renders its skeleton and the data
 * arrives through the same cache entry. A failure is left for the page to show with a retry.
 */
function prime(loading: Promise<unknown>): void {
  loading.catch(() => undefined);
}

const notFoundHandle: RouteHandle = { title: 'errors:notFound.title' };

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RootError,
    HydrateFallback: PageFallback,
    children: [
      {
        id: 'site',
        Component: SiteLayout,
        ErrorBoundary: RouteErrorView,
        loader: () => {
          const lang = currentLanguage();
          prime(queryClient.ensureQueryData(relateSitesQueryOptions(lang)));
          prime(queryClient.ensureQueryData(siteConfigQueryOptions(lang)));
          return null;
        },
        children: [
          {
            index: true,
            handle: { title: 'home:title' } satisfies RouteHandle,
            loader: async () => {
              const lang = currentLanguage();
              prime(queryClient.ensureQueryData(homeBlocksQueryOptions(lang)));
              prime(queryClient.ensureQueryData(sideBannersQueryOptions(lang)));
              await loadNamespaces('home');
              return null;
            },
            lazy: () => import('../features/home/pages/home-route'),
          },
          {
            path: 'error',
            handle: { title: 'errors:errorPage.title' } satisfies RouteHandle,
            lazy: () => import('../features/errors/pages/error-page'),
          },
          {
            // The user centre needs a login; its pages arrive with the user-centre issue.
            path: 'user',
            loader: requireLogin,
            children: [
              { index: true, handle: notFoundHandle, Component: NotFoundPage },
              { path: '*', handle: notFoundHandle, Component: NotFoundPage },
            ],
          },
          // The 404 page is part of the entry chunk: the error boundary needs it anyway.
          { path: '*', handle: notFoundHandle, Component: NotFoundPage },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
