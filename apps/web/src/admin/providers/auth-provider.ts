import type { AuthProvider } from '@refinedev/core';
import type { LoginData } from '@medportal/contract';
import { routes } from '@medportal/contract/routes';
import { apiRequest } from '../../shared/api-client';
import { clearLogin, getAccessToken, getSessionState, storeLoginResult } from '../../shared/session';
import { isHttpError, toHttpError } from './http';
import { forgetMe, loadMe } from './me';

/**
 * Logging in to the console is the site's password login (the same session as the public pages);
 * being let in is `GET /v1/admin/me`: a user without any admin area is logged in but sees the
 * "no access" page (AccessGate), not the login page.
 */

export interface ConsoleLogin {
  account: string;
  password: string;
  country_code?: string;
}

export const authProvider: AuthProvider = {
  async login({ account, password, country_code = '86' }: ConsoleLogin) {
    try {
      const result = await apiRequest<LoginData>(routes.login.method, routes.login.path, {
        auth: 'none',
        body: { type: 'password', account: account.trim(), country_code, password },
      });
      storeLoginResult(result);
      forgetMe();
      return { success: true, redirectTo: '/' };
    } catch (error) {
      const e = toHttpError(error);
      return { success: false, error: { name: String(e.code ?? e.statusCode), message: e.message } };
    }
  },

  async logout() {
    if (getAccessToken()) {
      // The server forgets the session; the browser forgets it whatever the answer.
      await apiRequest(routes.logout.method, routes.logout.path, { auth: 'none' }).catch(() => undefined);
    }
    clearLogin();
    forgetMe();
    return { success: true, redirectTo: '/login' };
  },

  async check() {
    if (!getAccessToken()) return { authenticated: false, redirectTo: '/login', logout: true };
    try {
      await loadMe();
      return { authenticated: true };
    } catch (error) {
      const e = isHttpError(error) ? error : toHttpError(error);
      if (e.statusCode === 401) return { authenticated: false, redirectTo: '/login', logout: true };
      // The server is unreachable or failing: say so rather than pretend the operator logged out.
      return { authenticated: true, error: { name: 'check', message: e.message } };
    }
  },

  async onError(error: unknown) {
    if (isHttpError(error) && error.statusCode === 401) return { logout: true, redirectTo: '/login', error: { name: '401', message: error.message } };
    return {};
  },

  async getPermissions() {
    const me = await loadMe();
    return me.areas;
  },

  async getIdentity() {
    const me = await loadMe();
    const nickname = getSessionState().userInfo?.nickname ?? '';
    return { id: me.user_id, name: nickname || `#${me.user_id}`, roles: me.roles, areas: me.areas };
  },
};
