import { lazy, Suspense, useCallback, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useSession } from '../../shared/session';
import { Announcer } from '../../shared/ui/announcer';
import { DialogHosts } from '../../shared/ui/dialog-hosts';
import { useWechatDefaultShare } from '../../shared/wechat-jssdk';
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

/** Inside WeChat: the site's name and slogan as the share card of pages that set none. */
function WechatDefaultShare() {
  const { pathname } = useLocation();
  const { t } = useTranslation('common');
  const info = useCallback(() => ({ title: document.title || t('productName'), desc: t('siteDescription') }), [t]);
  useWechatDefaultShare(pathname, info);
  return null;
}

// Loaded only for a logged-in reader: anonymous pages (and server rendering) never need it.
const ConsentGate = lazy(() => import('../../features/auth/components/consent-gate'));

/** A logged-in reader's consent check (its own component: the login arriving re-renders only this). */
function ConsentCheck() {
  const session = useSession();
  if (session.status !== 'authenticated') return null;
  return (
    <Suspense fallback={null}>
      <ConsentGate />
    </Suspense>
  );
}

/** Around every route: document title, scroll restoration, app-wide dialogs (the consent prompt among them) and live regions. */
export function RootLayout() {
  return (
    <>
      <LocationMarker />
      <WechatDefaultShare />
      <DocumentTitle />
      <ScrollRestoration />
      <Outlet />
      <DialogHosts />
      <ConsentCheck />
      <Announcer />
    </>
  );
}
