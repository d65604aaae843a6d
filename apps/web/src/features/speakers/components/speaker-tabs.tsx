import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Course, LiveItem } from '@medportal/contract';
import { formatDateTime } from '../../../shared/format/date';
import { useLang } from '../../../shared/hooks/use-lang';
import { ActionLink } from '../../../shared/ui/action-link';
import { ErrorState } from '../../../shared/ui/error-state';
import { Image } from '../../../shared/ui/image';
import { Skeleton } from '../../../shared/ui/skeleton';
import { SPEAKER_PAGE_SIZE, useSpeakerCourses, useSpeakerLives, useSpeakerLiveYears } from '../api/speakers';
import { Pager } from './pager';

type TabKey = 'courses' | 'lives';
const TABS: TabKey[] = ['courses', 'lives'];

interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  data?: { items: T[]; total: number } | undefined;
}

/** Loading, error and empty states around one page of items, with the pager. */
export function PagedList<T>({
  query,
  page,
  onPage,
  render,
  testId,
}: {
  query: ListQuery<T>;
  page: number;
  onPage: (page: number) => void;
  render: (item: T) => ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('speaker');
  if (query.isPending) {
    return (
      <div className="speaker-list speaker-list--loading" aria-busy="true" aria-label={t('list.loading')}>
        <Skeleton height={72} />
        <Skeleton height={72} />
      </div>
    );
  }
  if (query.isError || !query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data.items.length) {
    return (
      <p className="speaker-list__empty" role="status">
        {t('list.empty')}
      </p>
    );
  }
  return (
    <>
      <ul className="speaker-list" data-testid={testId}>
        {query.data.items.map(render)}
      </ul>
      <Pager page={page} pageSize={SPEAKER_PAGE_SIZE} total={query.data.total} onChange={onPage} />
    </>
  );
}

export function CourseRow({ course }: { course: Course }) {
  return (
    <li className="speaker-row">
      <ActionLink action={course.action} className="speaker-row__link">
        <Image src={course.cover} alt="" className="speaker-row__media" />
        <span className="speaker-row__title">{course.title}</span>
        <span className="speaker-row__meta">{course.learn_count_show}</span>
      </ActionLink>
    </li>
  );
}

export function LiveRow({ live }: { live: LiveItem }) {
  const lang = useLang();
  return (
    <li className="speaker-row">
      <ActionLink action={live.action} className="speaker-row__link">
        <Image src={live.banner} alt="" className="speaker-row__media" />
        <span className="speaker-row__title">{live.title}</span>
        <span className="speaker-row__meta">
          {live.live_status_text} <time dateTime={live.start_at}>{formatDateTime(live.start_at, lang)}</time>
        </span>
      </ActionLink>
    </li>
  );
}

function CoursesTab({ speakerId }: { speakerId: number }) {
  const [page, setPage] = useState(1);
  const query = useSpeakerCourses(speakerId, page);
  return <PagedList query={query} page={page} onPage={setPage} testId="speaker-courses" render={(c) => <CourseRow key={c.id} course={c} />} />;
}

function LivesTab({ speakerId }: { speakerId: number }) {
  const { t } = useTranslation('speaker');
  const [year, setYear] = useState<number | undefined>(undefined);
  const [page, setPage] = useState(1);
  const years = useSpeakerLiveYears(speakerId);
  const query = useSpeakerLives(speakerId, year, page);
  const choose = (y: number | undefined) => {
    setYear(y);
    setPage(1);
  };
  return (
    <>
      {years.data?.items.length ? (
        <div className="speaker-years" role="group" aria-label={t('tabs.years')}>
          <button type="button" className={`speaker-year${year === undefined ? ' speaker-year--active' : ''}`} aria-pressed={year === undefined} onClick={() => choose(undefined)}>
            {t('tabs.allYears')}
          </button>
          {years.data.items.map((y) => (
            <button key={y} type="button" className={`speaker-year${year === y ? ' speaker-year--active' : ''}`} aria-pressed={year === y} onClick={() => choose(y)}>
              {y}
            </button>
          ))}
        </div>
      ) : null}
      <PagedList query={query} page={page} onPage={setPage} testId="speaker-lives" render={(l) => <LiveRow key={l.id} live={l} />} />
    </>
  );
}

/** The speaker's content: courses and lives (by year), each paginated. */
export function SpeakerTabs({ speakerId }: { speakerId: number }) {
  const { t } = useTranslation('speaker');
  const [tab, setTab] = useState<TabKey>('courses');
  return (
    <section className="speaker-tabs">
      <div className="speaker-tabs__bar" role="tablist">
        {TABS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className={`speaker-tab${tab === key ? ' speaker-tab--active' : ''}`}
            onClick={() => setTab(key)}
          >
            {t(`tabs.${key}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel">{tab === 'courses' ? <CoursesTab speakerId={speakerId} /> : <LivesTab speakerId={speakerId} />}</div>
    </section>
  );
}
