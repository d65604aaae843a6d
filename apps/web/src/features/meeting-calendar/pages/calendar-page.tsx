import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useLang } from '../../../shared/hooks/use-lang';
import { loadNamespaces } from '../../../shared/i18n';
import { pageParam } from '../../../shared/page-param';
import { PagedList } from '../../../shared/ui/paged-list';
import { usePageMeta } from '../../../shared/ui/page-meta';
import { CALENDAR_PAGE_SIZE, type CalendarQuery, MONTH_PAGE_SIZE, useCalendar, useCalendarFilters } from '../api/calendar';
import { CongressCard } from '../components/congress-card';
import { monthName, shiftMonth } from '../components/congress-dates';
import { FeedPanel } from '../components/feed-panel';
import { MonthGrid } from '../components/month-grid';
import '../meeting-calendar.css';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const FILTERS = ['month', 'field', 'region', 'mode', 'keyword'] as const;

function readQuery(search: URLSearchParams): CalendarQuery & { page: number } {
  const month = search.get('month') ?? '';
  const mode = search.get('mode');
  return {
    month: MONTH.test(month) ? month : undefined,
    field: (search.get('field') || undefined) as CalendarQuery['field'],
    region: (search.get('region') || undefined) as CalendarQuery['region'],
    mode: mode === 'online' || mode === 'offline' ? mode : undefined,
    keyword: search.get('keyword')?.trim().slice(0, 50) || undefined,
    page: pageParam(search),
  };
}

/**
 * `/meeting/calendar`: the world's congresses from today on, or by month (a grid of days on a
 * wide screen, the list everywhere), filtered by field, region, online/offline and a keyword.
 */
export function CalendarPage() {
  const { t } = useTranslation('meeting');
  const lang = useLang();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const q = readQuery(search);
  const list = useCalendar(q);
  const filters = useCalendarFilters();
  const [keyword, setKeyword] = useState(q.keyword ?? '');
  usePageMeta({ description: t('calendar.description') });

  const go = (change: Partial<Record<(typeof FILTERS)[number] | 'page', string | number | undefined>>) => {
    const next = new URLSearchParams();
    const merged = { ...q, page: undefined, ...change } as Record<string, string | number | undefined>;
    for (const k of [...FILTERS, 'page'] as const) {
      const v = merged[k];
      if (v !== undefined && v !== '' && !(k === 'page' && v === 1)) next.set(k, String(v));
    }
    const lang = search.get('lang');
    if (lang) next.set('lang', lang);
    // Rendered at once, not in a transition: a second filter chosen before the first had rendered
    // was merged into the old address and dropped the first.
    void navigate({ search: next.toString() ? `?${next.toString()}` : '' }, { flushSync: true });
  };
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    go({ keyword: keyword.trim() || undefined });
  };

  return (
    <div className="container calendar-page">
      <header className="calendar-page__head">
        <div>
          <h1 className="calendar-page__title">{t('calendar.title')}</h1>
          <p className="calendar-page__lead">{t('calendar.lead')}</p>
        </div>
        <Link className="button" to={paths.meetingCollect.getHref()}>
          {t('calendar.myFavorites')}
        </Link>
      </header>

      <form className="calendar-filters" role="search" aria-label={t('filters.label')} onSubmit={onSearch}>
        <label className="calendar-filters__field">
          <span>{t('filters.month')}</span>
          <select value={q.month ?? ''} onChange={(e) => go({ month: e.target.value || undefined })} data-testid="filter-month">
            <option value="">{t('filters.upcoming')}</option>
            {(filters.data?.months ?? (q.month ? [q.month] : [])).map((m) => (
              <option key={m} value={m}>
                {monthName(m, lang)}
              </option>
            ))}
          </select>
        </label>
        <label className="calendar-filters__field">
          <span>{t('filters.field')}</span>
          <select value={q.field ?? ''} onChange={(e) => go({ field: e.target.value || undefined })} data-testid="filter-field">
            <option value="">{t('filters.all')}</option>
            {filters.data?.fields.map((f) => (
              <option key={f.key} value={f.key}>
                {f.name}
              </option>
            ))}
          </select>
        </label>
        <label className="calendar-filters__field">
          <span>{t('filters.region')}</span>
          <select value={q.region ?? ''} onChange={(e) => go({ region: e.target.value || undefined })} data-testid="filter-region">
            <option value="">{t('filters.all')}</option>
            {filters.data?.regions.map((r) => (
              <option key={r.key} value={r.key}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
        <label className="calendar-filters__field">
          <span>{t('filters.mode')}</span>
          <select value={q.mode ?? ''} onChange={(e) => go({ mode: e.target.value || undefined })} data-testid="filter-mode">
            <option value="">{t('filters.all')}</option>
            <option value="online">{t('mode.online')}</option>
            <option value="offline">{t('mode.offline')}</option>
          </select>
        </label>
        <label className="calendar-filters__field calendar-filters__field--grow">
          <span>{t('filters.keyword')}</span>
          <input type="search" value={keyword} maxLength={50} placeholder={t('filters.keywordHint')} onChange={(e) => setKeyword(e.target.value)} data-testid="filter-keyword" />
        </label>
        <button type="submit" className="button button--primary calendar-filters__submit">
          {t('filters.search')}
        </button>
      </form>

      {q.month ? (
        <nav className="calendar-month-nav" aria-label={t('grid.nav')}>
          <button type="button" className="button" onClick={() => go({ month: shiftMonth(q.month!, -1) })}>
            {t('grid.prev')}
          </button>
          <h2 className="calendar-month-nav__title" aria-live="polite">
            {monthName(q.month, lang)}
          </h2>
          <button type="button" className="button" onClick={() => go({ month: shiftMonth(q.month!, 1) })}>
            {t('grid.next')}
          </button>
        </nav>
      ) : null}
      {q.month && list.data ? <MonthGrid month={q.month} congresses={list.data.items} /> : null}

      <PagedList
        query={list}
        page={q.page}
        pageSize={q.month ? MONTH_PAGE_SIZE : CALENDAR_PAGE_SIZE}
        onPage={(page) => go({ page })}
        render={(c) => <CongressCard key={c.id} congress={c} />}
        className="congress-list"
        loadingLabel={t('calendar.loading')}
        empty={t('calendar.empty')}
        emptyClassName="calendar-empty"
        skeleton={{ count: 4, height: 88 }}
        testId="congress-list"
      />

      <FeedPanel />
    </div>
  );
}

export async function loader() {
  await loadNamespaces('meeting');
  return null;
}

export const Component = CalendarPage;
