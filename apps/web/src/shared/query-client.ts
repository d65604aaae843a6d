import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Business answers (a code from the server) are final; transport failures get two retries. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 2 && !(isApiError(error) && (error.kind === 'business' || error.kind === 'parse'));

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, gcTime: 10 * 60_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
