import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { PageHydrated } from '../../shared/hydration';
import { PageFallback } from '../../shared/ui/page-fallback';

/** Pages without site chrome: app web-views (`/w`, `_h5` variants) and the last-resort error view. */
export function BareLayout({ children }: { children?: ReactNode }) {
  return (
    <main id="main" className="bare-main" tabIndex={-1}>
      <Suspense fallback={<PageFallback />}>
        {children ?? <Outlet />}
        <PageHydrated />
      </Suspense>
    </main>
  );
}
