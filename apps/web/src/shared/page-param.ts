import { PAGE_MAX } from '@medportal/contract/constants';

/** Ids are PostgreSQL integers. */
export const ID_MAX = 2_147_483_647;

/**
 * A positive integer search parameter no larger than `max` (by default the API's page limit), or
 * undefined when absent, malformed or out of range: a hand-edited URL falls back instead of
 * asking the API for a page it refuses.
 */
export function positiveParam(search: URLSearchParams, name: string, max = PAGE_MAX): number | undefined {
  const raw = search.get(name);
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n <= max ? n : undefined;
}

/** The `page` search parameter (1 when absent, malformed or past the API's limit). */
export const pageParam = (search: URLSearchParams): number => positiveParam(search, 'page') ?? 1;
