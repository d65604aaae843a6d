import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { SEARCH_PAGE_SIZE, useSearch, type SearchParams } from '../api/search';
import { HotWordLinks } from './hot-word-links';
import { ResultCard } from './result-card';
import { Pager } from '../../../shared/ui/pager';

/** Results of one search: skeleton, error with retry, empty state with hot words, or cards and pager. */
export function SearchResults({ params, onPageChange }: { params: SearchParams; onPageChange: (page: number) => void }) {
  const { t } = useTranslation('search');
  const query = useSearch(params);

  if (query.isPending) {
    return (
      <div className="search-results search-results--loading" aria-busy="true" aria-label={t('page.loading')}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={112} className="search-results__skeleton" />
        ))}
      </div>
    );
  }
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const data = query.data;
  if (data.items.length === 0) {
    // Past the last page of a search that has results: offer the way back rather than "nothing".
    if (data.total > 0 && params.page > 1) {
      return (
        <div className="search-empty">
          <button type="button" className="button" onClick={() => onPageChange(1)}>
            {t('page.backToFirst')}
          </button>
        </div>
      );
    }
    return (
      <div className="search-empty" data-testid="search-empty">
        <p className="search-empty__title">{t('page.emptyTitle', { txt: params.txt })}</p>
        <p className="search-empty__hint">{t('page.emptyHint')}</p>
        <HotWordLinks />
      </div>
    );
  }

  return (
    <>
      <p className="search-results__total">
        {t(data.total_exact ? 'page.total' : 'page.totalAbout', { count: data.total, txt: params.txt })}
      </p>
      <ul className="search-results" aria-label={t('page.results')} aria-busy={query.isPlaceholderData}>
        {data.items.map((item, i) => (
          <ResultCard key={`${item.module}-${item.id}`} item={item} terms={data.terms} priority={i === 0} />
        ))}
      </ul>
      <Pager
        page={params.page}
        pageSize={SEARCH_PAGE_SIZE}
        total={data.total}
        // An estimated total may be off by a page or two: then "next" follows has_more.
        hasMore={data.total_exact ? undefined : data.has_more}
        onChange={onPageChange}
      />
    </>
  );
}
