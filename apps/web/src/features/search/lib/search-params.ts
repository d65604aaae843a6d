import { isSearchType, type SearchParams } from '../api/search';

/** The search of a /search URL: `txt` (trimmed), `type` (unknown → all) and `page` (≥ 1). */
export function readSearchParams(search: URLSearchParams): SearchParams {
  const type = search.get('type');
  const page = Number(search.get('page'));
  return {
    txt: (search.get('txt') ?? '').trim(),
    type: isSearchType(type) ? type : 'all',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}
