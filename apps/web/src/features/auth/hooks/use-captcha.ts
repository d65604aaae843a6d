import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getCaptchaImage } from '../api/accounts';

export interface Captcha {
  key: string | null;
  image: string | null;
  loading: boolean;
  error: unknown;
  refresh: () => void;
}

/**
 * An image captcha of its own (per form), loaded when `enabled` and replaced on `refresh()`:
 * each answer is single-use, so forms refresh it after every attempt.
 */
export function useCaptcha(enabled = true): Captcha {
  const instance = useId();
  const query = useQuery({
    queryKey: ['auth', 'captcha', instance],
    queryFn: ({ signal }) => getCaptchaImage(signal),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return {
    key: query.data?.captcha_key ?? null,
    image: query.data?.image ?? null,
    loading: query.isFetching,
    error: query.error,
    refresh: () => void query.refetch(),
  };
}
