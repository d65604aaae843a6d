import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataOf } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import type { Lang } from '../../../shared/i18n';
import { useLang } from '../../../shared/hooks/use-lang';
import { homeKeys } from './keys';

export type SideBannerData = DataOf<'userBanner'>;

export const getSideBanners = (signal?: AbortSignal): Promise<SideBannerData> =>
  api.call('userBanner', { query: { position: 'home_side' }, signal });

/** Banners of the home side panel (next to the carousel on wide screens). */
export const sideBannersQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: homeKeys.sideBanners(lang),
    queryFn: ({ signal }) => getSideBanners(signal),
  });

export const useSideBanners = () => useQuery(sideBannersQueryOptions(useLang()));
