import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { queryClient } from '../../../shared/query-client';
import { paths } from '../../../config/paths';
import { currentLanguage, loadNamespaces } from '../../../shared/i18n';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { HISTORY_PAGE_SIZE, historyFiltersQueryOptions, useHistoryFilters, useLiveHistory } from '../api/lives';
import { LiveCard } from '../components/live-card';
import { Pager } from '../../../shared/ui/pager';
import '../lives.css';

const positive = (v: string | null): number | undefined => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** `/live/history`: past meetings, newest first, by year and department, page by page (all in the URL). */
export function LiveHistoryPage() {
  const { t } = useTranslation('live');
  const [params, setParams] = useSearchParams();
  const year = positive(params.get('year'));
  const department = positive(params.get('department_id'));
  const page = positive(params.get('page')) ?? 1;
  const filters = useHistoryFilters();
  const query = useLiveHistory({ year, department_id: department, page });

  const update = (next: Record<string, string | number | undefined>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined || v === '' || (k === 'page' && v === 1)) p.delete(k);
      else p.set(k, String(v));
    }
    // At once, not in a transition: a second filter chosen before the first had rendered would
    // be merged into the old address and drop the first.
    setParams(p, { flushSync: true });
  };

  return (
    <div className="live-page">
      <div className="live-page__head">
        <h1 className="live-page__title">{t('titles.history')}</h1>
        <Link to={paths.live.getHref()} className="live-section__more">
          ‹ {t('history.back')}
        </Link>
      </div>
      <div className="live-filters">
        <label>
          {t('history.year')}
          <select value={year ?? ''} onChange={(e) => update({ year: e.target.value || undefined, page: undefined })} data-testid="history-year">
            <option value="">{t('history.allYears')}</option>
            {(filters.data?.years ?? []).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('history.department')}
          <select value={department ?? ''} onChange={(e) => update({ department_id: e.target.value || undefined, page: undefined })} data-testid="history-department">
            <option value="">{t('history.allDepartments')}</option>
            {(filters.data?.departments ?? []).map((d) => (
              <option key={d.id} value={d.id}>
                {d.title}
              </option>
            ))}
          </select>
        </label>
        {query.data ? <span className="live-filters__total">{t('history.total', { count: query.data.total })}</span> : null}
      </div>
      {query.isPending ? (
        <div className="live-grid" aria-busy="true">
          <Skeleton height={260} />
          <Skeleton height={260} />
          <Skeleton height={260} />
        </div>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <p className="live-empty" role="status" data-testid="history-empty">
          {t('history.empty')}
        </p>
      ) : (
        <>
          <div className="live-grid" data-testid="history-list" aria-busy={query.isPlaceholderData}>
            {query.data.items.map((live) => (
              <LiveCard key={live.id} live={live} showDate />
            ))}
          </div>
          <Pager
            page={page}
            pageSize={HISTORY_PAGE_SIZE}
            total={query.data.total}
            onChange={(p) => {
              update({ page: p });
              window.scrollTo(0, 0);
            }}
          />
        </>
      )}
    </div>
  );
}

export async function loader() {
  queryClient.ensureQueryData(historyFiltersQueryOptions(currentLanguage())).catch(() => undefined);
  await loadNamespaces('live');
  return null;
}

export const Component = LiveHistoryPage;
