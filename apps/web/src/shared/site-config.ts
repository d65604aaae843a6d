import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataOf } from '@medportal/contract';
import { api } from './api-client';
import type { Lang } from './i18n';
import { useLang } from './hooks/use-lang';
import { sharedKeys } from './query-keys';

export type SiteConfigData = DataOf<'siteConfig'>;

export const getSiteConfig = (signal?: AbortSignal): Promise<SiteConfigData> =>
  api.call('siteConfig', { signal });

/** QR targets, app downloads, media accounts and contact details: the site chrome and the contact page. */
export const siteConfigQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: sharedKeys.siteConfig(lang),
    queryFn: ({ signal }) => getSiteConfig(signal),
    staleTime: 10 * 60_000,
    meta: { sameForEveryReader: true },
  });

export const useSiteConfig = () => useQuery(siteConfigQueryOptions(useLang()));
