import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { storeLoginResult } from '../../../shared/session';
import type { LoginData } from '../api/accounts';
import { callbackHref, callbackParam, goToCallback, resolveCallback } from '../lib/callback';
import { authKeys } from '../api/keys';
import { sharedKeys } from '../../../shared/query-keys';

/**
 * The page's `callback` (resolved: same-origin route, one of our sites, or home) and what to do
 * with a fresh login: store it, then continue to /register (new account) or the callback.
 */
export function useAfterLogin() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const raw = callbackParam(location.search);
  const target = useMemo(() => resolveCallback(raw), [raw]);
  /** The callback to pass on to other account pages; undefined when the page had none. */
  const passOn = raw ? callbackHref(target) : undefined;

  const onLoggedIn = useCallback(
    (data: LoginData) => {
      storeLoginResult(data);
      // Answers cached for the previous visitor (anonymous or another account) no longer hold.
      queryClient.removeQueries({ queryKey: authKeys.loginInfo });
      queryClient.removeQueries({ queryKey: sharedKeys.profile });
      if (data.is_new_user) void navigate(paths.register.getHref(passOn), { replace: true });
      else goToCallback(target, navigate);
    },
    [navigate, passOn, queryClient, target],
  );

  const continueToCallback = useCallback(() => goToCallback(target, navigate), [navigate, target]);

  return { target, passOn, onLoggedIn, continueToCallback };
}
