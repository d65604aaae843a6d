import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { queryClient } from '../../../shared/query-client';
import { currentLanguage, loadNamespaces } from '../../../shared/i18n';
import { ErrorState } from '../../../shared/ui/error-state';
import type { LiveItem } from '@medportal/contract';
import { Skeleton } from '../../../shared/ui/skeleton';
import { usePageMeta } from '../../../shared/ui/page-meta';
import { eventLd } from '../../../shared/ui/structured-data';
import { useTabs } from '../../../shared/ui/tabs';
import { liveDatesQueryOptions, useDateLives, useLiveDates, useLookBack } from '../api/lives';
import { CalendarPanel } from '../components/calendar-panel';
import { DayStrip } from '../components/day-strip';
import { LiveCard } from '../components/live-card';
import { isDate, isMonth } from '../lib/dates';
import { read, useKeepScroll, write } from '../lib/keep-scroll';
import '../lives.css';

const DAY_KEY = 'live:date';
const PANEL_ID = 'live-day-panel';

/** The day's meetings as events, for search engines. */
function LivesMeta({ lives }: { lives: LiveItem[] }) {
  const { t } = useTranslation('common');
  const site = t('productName');
  usePageMeta({
    jsonLd: lives.map((live) =>
      eventLd({ title: live.title, description: live.sub_title, banner: live.banner, startAt: live.start_at, path: paths.liveRoom.getHref(live.id) }, site),
    ),
  });
  return null;
}

/** One day's lives, page by page ("load more"), from the query cache when coming back. */
function DayLives({ date, tz, today, onReady }: { date: string; tz: string; today: boolean; onReady: (ready: boolean) => void }) {
  const { t } = useTranslation('live');
  const query = useDateLives(date, tz, today);
  const ready = query.isSuccess;
  useEffect(() => onReady(ready), [ready, onReady]);

  if (query.isPending) {
    return (
      <div className="live-grid" aria-busy="true" aria-label={t('list.loading')}>
        <Skeleton height={260} />
        <Skeleton height={260} />
        <Skeleton height={260} />
      </div>
    );
  }
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data.pages.flatMap((p) => p.items);
  if (items.length === 0) {
    return (
      <p className="live-empty" role="status" data-testid="live-day-empty">
        {t('list.empty')}
      </p>
    );
  }
  return (
    <>
      <LivesMeta lives={items} />
      {/* Another day's list is new cards, not the old ones moved (a move is a layout shift). */}
      <div key={`${date}@${tz}`} className="live-grid" data-testid="live-day-list" aria-busy={query.isPlaceholderData || undefined}>
        {items.map((live, i) => (
          <LiveCard key={live.id} live={live} priority={i < 2} />
        ))}
      </div>
      {query.hasNextPage ? (
        <div className="live-more">
          <button type="button" className="button" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage ? t('list.loadingMore') : t('list.more')}
          </button>
        </div>
      ) : null}
    </>
  );
}

/** Recent replays, with the way to every past meeting. */
function LookBack() {
  const { t } = useTranslation('live');
  const query = useLookBack();
  return (
    <section className="live-section" aria-labelledby="live-lookback-title" data-testid="live-lookback">
      <div className="live-section__head">
        <h2 id="live-lookback-title" className="live-section__title">
          {t('lookBack.title')}
        </h2>
        <Link to={paths.liveHistory.getHref()} className="live-section__more">
          {t('lookBack.all')} ›
        </Link>
      </div>
      {query.isPending ? (
        <Skeleton height={200} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <p className="live-empty">{t('lookBack.empty')}</p>
      ) : (
        <div className="live-strip">
          {query.data.items.map((live) => (
            <LiveCard key={live.id} live={live} showDate />
          ))}
        </div>
      )}
    </section>
  );
}

/**
 * `/live` (kept alive): the day strip, the selected day's lives and the look-back strip; the
 * "My calendar" tab. The day and tab live in the URL, the lists in the query cache, and the
 * scroll position per day in session storage, so leaving and coming back restores the page.
 */
export function LivePage() {
  const { t } = useTranslation('live');
  const [params, setParams] = useSearchParams();
  const dates = useLiveDates();
  const tab = params.get('tab') === 'calendar' ? 'calendar' : 'list';
  const fromUrl = params.get('date');
  const remembered = read(DAY_KEY);
  const today = dates.data?.today;
  const chosen = isDate(fromUrl) ? fromUrl : isDate(remembered) ? remembered : undefined;
  const selected = chosen ?? today;
  const month = isMonth(params.get('month')) ? (params.get('month') as string) : (selected ?? today ?? '').slice(0, 7);

  const [dayReady, setDayReady] = useState(false);
  useKeepScroll(`live:${tab}:${selected ?? ''}`, tab === 'list' ? dayReady && dates.isSuccess : dates.isSuccess);

  const update = (next: Record<string, string | null>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null) p.delete(k);
      else p.set(k, v);
    }
    setParams(p, { replace: true, preventScrollReset: true });
  };
  const selectDay = (date: string) => {
    write(DAY_KEY, date);
    update({ date });
  };
  const views = useTabs({
    keys: ['list', 'calendar'] as const,
    selected: tab,
    onSelect: (key) => update({ tab: key === 'list' ? null : key }),
    tabId: (key) => `live-view-${key}`,
    panelId: 'live-view-panel',
  });

  return (
    <div className="live-page">
      <div className="live-page__head">
        <h1 className="live-page__title">{t('titles.live')}</h1>
        <div className="live-tabs" {...views.listProps} aria-label={t('tabs.label')}>
          <button {...views.tabProps('list')} className="live-tab">
            {t('tabs.list')}
          </button>
          <button {...views.tabProps('calendar')} className="live-tab" data-testid="calendar-tab">
            {t('tabs.calendar')}
          </button>
        </div>
        <Link className="live-page__congresses" to={paths.meetingCalendar.getHref()}>
          {t('congresses')}
        </Link>
      </div>
      <div {...views.panelProps}>
        {dates.isPending ? (
          <Skeleton height={72} />
        ) : dates.isError ? (
          <ErrorState error={dates.error} onRetry={() => void dates.refetch()} />
        ) : tab === 'calendar' ? (
          <CalendarPanel today={dates.data.today} month={month} onMonth={(m) => update({ month: m })} />
        ) : (
          <>
            <DayStrip dates={dates.data} selected={selected ?? dates.data.today} onSelect={selectDay} panelId={PANEL_ID} />
            <section id={PANEL_ID} role="tabpanel" aria-labelledby={`live-day-${selected ?? dates.data.today}`} className="live-day-panel">
              <DayLives date={selected ?? dates.data.today} tz={dates.data.tz} today={chosen === undefined} onReady={setDayReady} />
            </section>
            <LookBack />
          </>
        )}
      </div>
    </div>
  );
}

export async function loader() {
  queryClient.ensureQueryData(liveDatesQueryOptions(currentLanguage())).catch(() => undefined);
  await loadNamespaces('live');
  return null;
}

export const Component = LivePage;
