import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { api } from '../../../shared/api-client';
import { errorText } from '../../../shared/errors';
import { loadNamespaces } from '../../../shared/i18n';
import { pageParam } from '../../../shared/page-param';
import { requireLogin } from '../../../shared/session-guard';
import { showNotice } from '../../../shared/ui/notice-store';
import { PagedList } from '../../../shared/ui/paged-list';
import { CALENDAR_PAGE_SIZE, type Congress, useCalendarFavorites } from '../api/calendar';
import { CongressCard } from '../components/congress-card';
import { FeedPanel } from '../components/feed-panel';
import '../meeting-calendar.css';
import { calendarKeys } from '../api/keys';

/** `/meeting/collect` (login needed): my favourite congresses, and my calendar feed to subscribe, renew or stop. */
export function CollectPage() {
  const { t } = useTranslation('meeting');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const page = pageParam(search);
  const list = useCalendarFavorites(page);
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);

  const remove = (c: Congress) => {
    if (busy) return;
    setBusy(true);
    api
      .call('calendarFavorite', { params: { id: c.id }, body: { status: 2 } })
      .then(() => {
        showNotice(t('collect.removed', { name: c.acronym }));
        void client.invalidateQueries({ queryKey: calendarKeys.all });
        if (list.data?.items.length === 1 && page > 1) void navigate({ search: `?page=${page - 1}` });
      })
      .catch((e: unknown) => showNotice(errorText(e)))
      .finally(() => setBusy(false));
  };

  return (
    <div className="container calendar-page collect-congresses">
      <header className="calendar-page__head">
        <div>
          <h1 className="calendar-page__title">{t('collect.title')}</h1>
          <p className="calendar-page__lead">{t('collect.lead')}</p>
        </div>
        <Link className="button" to={paths.meetingCalendar.getHref()}>
          {t('collect.browse')}
        </Link>
      </header>
      <PagedList
        query={list}
        page={page}
        pageSize={CALENDAR_PAGE_SIZE}
        onPage={(p) => void navigate({ search: p > 1 ? `?page=${p}` : '' })}
        render={(c) => <CongressCard key={c.id} congress={c} onRemove={remove} />}
        className="congress-list"
        loadingLabel={t('calendar.loading')}
        empty={t('collect.empty')}
        emptyClassName="calendar-empty"
        skeleton={{ count: 3, height: 88 }}
        testId="favorite-congresses"
      />
      <FeedPanel manage />
    </div>
  );
}

export async function loader(args: Parameters<typeof requireLogin>[0]) {
  await Promise.all([requireLogin(args), loadNamespaces('meeting')]);
  return null;
}

export const Component = CollectPage;
