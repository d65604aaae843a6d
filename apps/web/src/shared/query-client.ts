import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** The answer is the same whoever asks and wherever they are (its key holds the language): a server page's needs no second asking. */
      sameForEveryReader?: boolean;
      /** A lives list the page opens on (lives.ts). */
      today?: boolean;
    };
  }
}

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
