import { useTranslation } from 'react-i18next';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../../shared/query-client';
import { browserNavigation } from '../../../shared/env';
import { loadNamespaces } from '../../../shared/i18n';
import { clearLogin, isLoggedIn } from '../../../shared/session';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { logout } from '../api/accounts';
import { callbackParam, resolveCallback } from '../lib/callback';
import { sharedKeys } from '../../../shared/query-keys';

/**
 * `/logout`: revokes the session on the server (a failure there does not keep anyone logged in),
 * forgets it here, drops the user's cached answers and goes home or to a safe callback.
 */
export async function logoutLoader({ request }: Pick<LoaderFunctionArgs, 'request'>): Promise<null> {
  const namespaces = loadNamespaces('auth');
  if (isLoggedIn()) await logout().catch(() => undefined);
  clearLogin();
  for (const queryKey of [sharedKeys.auth, sharedKeys.profile, sharedKeys.user]) queryClient.removeQueries({ queryKey });
  await namespaces.catch(() => undefined);
  const target = resolveCallback(callbackParam(new URL(request.url).search));
  if (target.kind === 'route') throw redirect(target.to);
  browserNavigation.assign(target.href);
  return null;
}

/** Shown only while an outside callback loads. */
export function LogoutPage() {
  const { t } = useTranslation('auth');
  return (
    <div className="auth-page" data-page="logout">
      <PageFallback />
      <p className="visually-hidden" role="status">
        {t('logout.pending')}
      </p>
    </div>
  );
}

export const loader = logoutLoader;
export const Component = LogoutPage;
