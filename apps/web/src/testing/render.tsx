import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { createQueryClient } from '../shared/query-client';
import { i18n } from '../shared/i18n';
import { Announcer } from '../shared/ui/announcer';
import { DialogHosts } from '../shared/ui/dialog-hosts';

/**
 * Renders `ui` at `path` inside a memory router with the app's providers. Other paths render a
 * marker element carrying the location, so tests can see where a click navigated.
 */
export function renderWithApp(ui: ReactElement, { path = '/', routes = [] as RouteObject[] } = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  const router = createMemoryRouter(
    [
      {
        element: <DialogHostsOutlet />,
        children: [
          { path, element: ui },
          ...routes,
          { path: '*', Component: LocationMarker },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/**
 * Renders real route objects (with their loaders) in a memory router at `entry`, with the app's
 * providers and dialogs; unknown paths render the location marker.
 */
export function renderRoutes(routes: RouteObject[], entry: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  const router = createMemoryRouter(
    [{ element: <DialogHostsOutlet />, children: [...routes, { path: '*', Component: LocationMarker }] }],
    { initialEntries: [entry] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

function DialogHostsOutlet() {
  return (
    <>
      <Outlet />
      <DialogHosts />
      <Announcer />
    </>
  );
}

function LocationMarker() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}
