import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../shared/ui/error-state';
import { COURSE_PAGE_SIZE, filtersFromSearch, useCourseList, type CourseFilters } from '../api/courses';
import { CourseGrid } from '../components/course-tile';
import { AlbumBar } from '../components/album-bar';
import { CourseGridSkeleton } from '../components/course-grid-skeleton';
import { Pager } from '../../../shared/ui/pager';
import { useTabs } from '../../../shared/ui/tabs';
import '../courses.css';

const SORTS: CourseFilters['sort'][] = ['latest', 'popular', 'price_asc', 'price_desc'];

/** `/course`: department tabs, free/paid filter, sort, paginated grid. Filters live in the URL. */
export function CourseListPage() {
  const { t } = useTranslation('course');
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const list = useCourseList(filters);

  /** Changing a filter goes back to page 1; a new history entry keeps back/forward working. */
  const update = (next: Partial<CourseFilters>) => {
    const merged = { ...filters, page: 1, ...next };
    const params = new URLSearchParams();
    if (merged.dep_val) params.set('dep_val', merged.dep_val);
    if (merged.price_type) params.set('price_type', merged.price_type);
    if (merged.sort !== 'latest') params.set('sort', merged.sort);
    if (merged.page > 1) params.set('page', String(merged.page));
    // At once, not in a transition: a second filter chosen before the first had rendered would
    // be merged into the old address and drop the first.
    setSearch(params, { flushSync: true });
    if (next.page) window.scrollTo?.({ top: 0 });
  };

  const departments = [{ id: '', title: t('filters.allDepartments') }, ...(list.data?.departments ?? []).map((d) => ({ id: String(d.id), title: d.title }))];
  // Each department is a new history entry and a new page of courses from the server: arrow keys
  // only move focus, Enter or Space opens the department.
  const tabs = useTabs({
    keys: departments.map((d) => d.id),
    selected: filters.dep_val,
    onSelect: (id) => update({ dep_val: id }),
    tabId: (id) => `course-tab-${id || 'all'}`,
    panelId: 'course-panel',
    activation: 'manual',
  });
  return (
    <div className="container courses">
      <h1>{t('heading')}</h1>
      <AlbumBar />
      <div className="course-filters" role="group" aria-label={t('filters.label')}>
        <div className="course-tabs" {...tabs.listProps} aria-label={t('filters.department')}>
          {departments.map((d) => (
            <button key={d.id || 'all'} {...tabs.tabProps(d.id)} className={`course-tab${filters.dep_val === d.id ? ' is-active' : ''}`}>
              {d.title}
            </button>
          ))}
        </div>
        <div className="course-filters__row">
          <label>
            {t('filters.price')}{' '}
            <select value={filters.price_type} onChange={(e) => update({ price_type: e.target.value as CourseFilters['price_type'] })}>
              <option value="">{t('filters.allPrices')}</option>
              <option value="1">{t('filters.free')}</option>
              <option value="2">{t('filters.paid')}</option>
            </select>
          </label>
          <label>
            {t('filters.sort')}{' '}
            <select value={filters.sort} onChange={(e) => update({ sort: e.target.value as CourseFilters['sort'] })}>
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`filters.sorts.${s}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      <div {...tabs.panelProps}>
        {list.isPending ? (
          <CourseGridSkeleton />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <p className="course-empty">{t('empty')}</p>
        ) : (
          <>
            <p className="course-total">{t('total', { count: list.data.total })}</p>
            <CourseGrid courses={list.data.items} eager={2} />
            <Pager numbered page={filters.page} total={list.data.total} pageSize={COURSE_PAGE_SIZE} onChange={(page) => update({ page })} />
          </>
        )}
      </div>
    </div>
  );
}
