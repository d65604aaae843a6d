import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { errorText } from '../../../shared/errors';
import { pageParam } from '../../../shared/page-param';
import { PagedList } from '../../../shared/ui/paged-list';
import { MEETING_TABS, PAGE_SIZE, syncToMeeting, useMyMeetings, type Meeting, type MeetingTab } from '../api/meetings';
import { MeetingItem } from '../components/meeting-item';

const isTab = (v: string | null): v is MeetingTab => (MEETING_TABS as readonly string[]).includes(v ?? '');

/** Opens the sister meeting platform with a signed single sign-on link (`user_sync_to_meeting`). */
function PlatformButton() {
  const { t } = useTranslation('meeting');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      const { url } = await syncToMeeting();
      window.location.assign(url);
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="button" onClick={() => void open()} disabled={busy} aria-busy={busy || undefined} data-testid="meeting-platform">
        {busy ? t('mine.platformOpening') : t('mine.platform')}
      </button>
      {error ? (
        <p className="form-error" role="alert">
          {errorText(error)}
        </p>
      ) : null}
    </>
  );
}

/** `/my_meeting`: the meetings I host, by tab (upcoming, live, ended), with their actions. */
export function MyMeetingsPage() {
  const { t } = useTranslation('meeting');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const page = pageParam(search);
  const raw = search.get('tab');
  const tab: MeetingTab = isTab(raw) ? raw : 'upcoming';
  const list = useMyMeetings(tab, page);
  const counts = list.data?.counts;
  const go = (next: MeetingTab, p = 1) => {
    const q = new URLSearchParams();
    if (next !== 'upcoming') q.set('tab', next);
    if (p > 1) q.set('page', String(p));
    void navigate({ search: q.toString() ? `?${q.toString()}` : '' });
  };
  return (
    <section className="center-page meeting-page" aria-labelledby="center-heading" data-testid="my-meetings">
      <div className="meeting-page__head">
        <h1 id="center-heading">{t('mine.title')}</h1>
        <div className="meeting-page__actions">
          <Link className="button button--primary" to={paths.meetingCreate.getHref()}>
            {t('mine.create')}
          </Link>
          <Link className="button" to={paths.meetingJoin.getHref()}>
            {t('mine.join')}
          </Link>
          <PlatformButton />
        </div>
      </div>
      <div className="center-tabs" role="group" aria-label={t('mine.tabs')}>
        {MEETING_TABS.map((k) => (
          <button key={k} type="button" className="course-tab-like" aria-pressed={k === tab} onClick={() => go(k)}>
            {t(`mine.tab.${k}`, { count: counts?.[k] ?? 0 })}
          </button>
        ))}
      </div>
      <PagedList<Meeting>
        query={list}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={(p) => go(tab, p)}
        render={(m) => <MeetingItem key={m.id} meeting={m} />}
        className="meeting-list"
        loadingLabel={t('loading')}
        emptyClassName="center-empty"
        empty={
          <>
            {t(`mine.empty.${tab}`)}{' '}
            {tab === 'upcoming' ? <Link to={paths.meetingCreate.getHref()}>{t('mine.createFirst')}</Link> : null}
          </>
        }
        skeleton={{ count: 2, height: 140 }}
        testId="meeting-list"
      />
    </section>
  );
}
