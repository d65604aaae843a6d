import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AltchaChallenge } from '@medportal/contract';
import { getCaptchaImage } from '../api/accounts';
import { authKeys } from '../api/keys';

export interface Captcha {
  key: string | null;
  challenge: AltchaChallenge | null;
  loading: boolean;
  error: unknown;
  refresh: () => void;
}

/**
 * A human check of its own (per form), loaded when `enabled` and replaced on `refresh()`: each
 * solution is single-use, so forms refresh it after every attempt.
 */
export function useCaptcha(enabled = true): Captcha {
  const instance = useId();
  const query = useQuery({
    queryKey: authKeys.captcha(instance),
    queryFn: ({ signal }) => getCaptchaImage(signal),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return {
    key: query.data?.captcha_key ?? null,
    challenge: query.data?.challenge ?? null,
    loading: query.isFetching,
    error: query.error,
    refresh: () => void query.refetch(),
  };
}
