import type { AdminMe } from '@medportal/contract';
import { adminPathOf } from '@medportal/contract/admin-routes';
import { getAccessToken } from '../../shared/session';
import { consoleRequest } from './http';

/**
 * Who the operator is for the console: roles and the admin areas they reach (`GET /v1/admin/me`),
 * asked once per login and shared by the auth and access-control providers.
 */

let cached: { token: string; me: Promise<AdminMe> } | null = null;

export function loadMe(): Promise<AdminMe> {
  const token = getAccessToken() ?? '';
  if (cached?.token !== token) {
    const me = consoleRequest<AdminMe>('GET', adminPathOf('adminMe'));
    cached = { token, me };
    // A failure is not kept: the next check asks again.
    me.catch(() => {
      if (cached?.me === me) cached = null;
    });
  }
  return cached.me;
}

export function forgetMe(): void {
  cached = null;
}
