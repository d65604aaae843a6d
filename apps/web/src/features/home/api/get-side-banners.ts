import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataOf } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import type { Lang } from '../../../shared/i18n';
import { useLang } from '../../../shared/hooks/use-lang';

export type SideBannerData = DataOf<'userBanner'>;

export const getSideBanners = (signal?: AbortSignal): Promise<SideBannerData> =>
  api.call('userBanner', { query: { position: 'home_side' }, signal });

/** Banners of the home side panel (next to the carousel on wide screens). */
export const sideBannersQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: ['home', 'side-banners', lang],
    queryFn: ({ signal }) => getSideBanners(signal),
  });

export const useSideBanners = () => useQuery(sideBannersQueryOptions(useLang()));
