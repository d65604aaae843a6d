import { Outlet, ScrollRestoration } from 'react-router';
import { DialogHosts } from '../../shared/ui/dialog-hosts';
import { DocumentTitle } from '../document-title';

/** Around every route: document title, scroll restoration, app-wide dialogs. */
export function RootLayout() {
  return (
    <>
      <DocumentTitle />
      <ScrollRestoration />
      <Outlet />
      <DialogHosts />
    </>
  );
}
