import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataOf } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import type { Lang } from '../../../shared/i18n';
import { useLang } from '../../../shared/hooks/use-lang';
import { homeKeys } from './keys';

export type HomeData = DataOf<'pcIndex'>;

export const getHomeBlocks = (signal?: AbortSignal): Promise<HomeData> =>
  api.call('pcIndex', { signal });

/** Home blocks; the server localises titles, so the language is part of the key. */
export const homeBlocksQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: homeKeys.blocks(lang),
    queryFn: ({ signal }) => getHomeBlocks(signal),
  });

export const useHomeBlocks = () => useQuery(homeBlocksQueryOptions(useLang()));
