import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataOf } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import type { Lang } from '../../../shared/i18n';
import { useLang } from '../../../shared/hooks/use-lang';
import { chromeKeys } from './keys';

export type RelateSiteData = DataOf<'relateSite'>;

export const getRelateSites = (signal?: AbortSignal): Promise<RelateSiteData> =>
  api.call('relateSite', { signal });

/** Sister products for the top bar and the all-products dropdown. */
export const relateSitesQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: chromeKeys.relateSites(lang),
    queryFn: ({ signal }) => getRelateSites(signal),
    staleTime: 10 * 60_000,
    meta: { sameForEveryReader: true },
  });

export const useRelateSites = () => useQuery(relateSitesQueryOptions(useLang()));
