import type { LoaderFunctionArgs } from 'react-router';
import { loadNamespaces } from '../../../shared/i18n';
import { requireLogin } from '../../../shared/session-guard';

/** Route loader of the account pages open to everyone: their text arrives with the route. */
export async function accountLoader(): Promise<null> {
  await loadNamespaces('auth');
  return null;
}

/** Route loader of the account pages that need a login (spec §2: /change_password etc.). */
export async function protectedAccountLoader(args: LoaderFunctionArgs): Promise<null> {
  await Promise.all([requireLogin(args), loadNamespaces('auth')]);
  return null;
}
