import { useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Announcer } from '../../shared/ui/announcer';
import { DialogHosts } from '../../shared/ui/dialog-hosts';
import { DocumentTitle } from '../document-title';

/**
 * Puts the key of the location on screen on <html data-location> once its route has rendered, so
 * browser tests can wait for a navigation to finish instead of guessing with a delay.
 */
function LocationMarker() {
  const { key } = useLocation();
  useLayoutEffect(() => {
    document.documentElement.dataset.location = key;
  }, [key]);
  return null;
}

/** Around every route: document title, scroll restoration, app-wide dialogs and live regions. */
export function RootLayout() {
  return (
    <>
      <LocationMarker />
      <DocumentTitle />
      <ScrollRestoration />
      <Outlet />
      <DialogHosts />
      <Announcer />
    </>
  );
}
