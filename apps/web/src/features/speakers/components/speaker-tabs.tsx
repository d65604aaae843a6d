import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Column, Course, LiveItem, NewsItem, PaperCard } from '@medportal/contract';
import { paths } from '../../../config/paths';
import { formatDate, formatDateTime } from '../../../shared/format/date';
import { useTimeZoneName } from '../../../shared/format/timezone';
import { doiUrl, linkifyDoi } from '../../../shared/format/doi';
import { useLang } from '../../../shared/hooks/use-lang';
import { ActionLink } from '../../../shared/ui/action-link';
import { Image } from '../../../shared/ui/image';
import { useTabs } from '../../../shared/ui/tabs';
import { SPEAKER_PAGE_SIZE, useSpeakerContent, useSpeakerCourses, useSpeakerLives, useSpeakerLiveYears } from '../api/speakers';
import { PagedList, type PagedQuery } from '../../../shared/ui/paged-list';

export type TabKey = 'courses' | 'lives' | 'news' | 'columns' | 'docs';
export const TABS: TabKey[] = ['courses', 'lives', 'news', 'columns', 'docs'];
/** The tab named by `?tab=`, courses when absent or unknown. */
export const tabFrom = (value: string | null): TabKey => (TABS as string[]).includes(value ?? '') ? (value as TabKey) : 'courses';

/** A speaker or place list: the shared paged list with this feature's texts and layout. */
export function SpeakerPagedList<T>(props: { query: PagedQuery<T>; page: number; onPage: (page: number) => void; render: (item: T) => ReactNode; testId: string }) {
  const { t } = useTranslation('speaker');
  return (
    <PagedList
      {...props}
      pageSize={SPEAKER_PAGE_SIZE}
      className="speaker-list"
      loadingLabel={t('list.loading')}
      empty={t('list.empty')}
      emptyClassName="speaker-list__empty"
    />
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
  const zone = useTimeZoneName();
  return (
    <li className="speaker-row">
      <ActionLink action={live.action} className="speaker-row__link">
        <Image src={live.banner} alt="" className="speaker-row__media" />
        <span className="speaker-row__title">{live.title}</span>
        <span className="speaker-row__meta">
          {live.live_status_text} <time dateTime={live.start_at}>{formatDateTime(live.start_at, lang, zone)}</time>
        </span>
      </ActionLink>
    </li>
  );
}

export function NewsRow({ item }: { item: NewsItem }) {
  const lang = useLang();
  const zone = useTimeZoneName();
  return (
    <li className="speaker-row">
      <Link to={paths.newsDetail.getHref(item.id)} className="speaker-row__link">
        <Image src={item.cover} alt="" className="speaker-row__media" />
        <span className="speaker-row__title">{item.title}</span>
        <span className="speaker-row__meta">
          {item.category ? `${item.category.title} · ` : ''}
          <time dateTime={item.published_at}>{formatDate(item.published_at, lang, zone)}</time>
        </span>
      </Link>
    </li>
  );
}

function ColumnRow({ column }: { column: Column }) {
  const { t } = useTranslation('speaker');
  return (
    <li className="speaker-row">
      <ActionLink action={column.action} className="speaker-row__link">
        <Image src={column.cover} alt="" className="speaker-row__media" />
        <span className="speaker-row__body">
          <span className="speaker-row__title">{column.title}</span>
          {column.desc ? <span className="speaker-row__desc">{column.desc}</span> : null}
        </span>
        <span className="speaker-row__meta">{t('tabs.issues', { n: column.issue })}</span>
      </ActionLink>
    </li>
  );
}

/** A paper: the title opens its page; journal, abstract (any DOI in it linked) and the DOI itself. */
function DocRow({ paper }: { paper: PaperCard }) {
  const lang = useLang();
  const zone = useTimeZoneName();
  return (
    <li className="speaker-doc">
      <ActionLink action={paper.action} className="speaker-doc__title">
        {paper.title}
      </ActionLink>
      <p className="speaker-doc__journal">
        {paper.full_journal}
        {paper.published_at ? (
          <>
            {' · '}
            <time dateTime={paper.published_at}>{formatDate(paper.published_at, lang, zone)}</time>
          </>
        ) : null}
      </p>
      {paper.abstract ? <p className="speaker-doc__abstract">{linkifyDoi(paper.abstract)}</p> : null}
      {paper.doi ? (
        <p className="speaker-doc__doi">
          DOI:{' '}
          <a href={doiUrl(paper.doi)} target="_blank" rel="noopener noreferrer" className="doi-link">
            {paper.doi}
          </a>
        </p>
      ) : null}
    </li>
  );
}

function NewsTab({ speakerId }: { speakerId: number }) {
  const [page, setPage] = useState(1);
  const query = useSpeakerContent(speakerId, 'news', page);
  return <SpeakerPagedList query={query} page={page} onPage={setPage} testId="speaker-news" render={(n) => <NewsRow key={n.id} item={n} />} />;
}

function ColumnsTab({ speakerId }: { speakerId: number }) {
  const [page, setPage] = useState(1);
  const query = useSpeakerContent(speakerId, 'column', page);
  return <SpeakerPagedList query={query} page={page} onPage={setPage} testId="speaker-columns" render={(c) => <ColumnRow key={c.id} column={c} />} />;
}

function DocsTab({ speakerId }: { speakerId: number }) {
  const [page, setPage] = useState(1);
  const query = useSpeakerContent(speakerId, 'doc', page);
  return <SpeakerPagedList query={query} page={page} onPage={setPage} testId="speaker-docs" render={(p) => <DocRow key={p.id} paper={p} />} />;
}

function CoursesTab({ speakerId }: { speakerId: number }) {
  const [page, setPage] = useState(1);
  const query = useSpeakerCourses(speakerId, page);
  return <SpeakerPagedList query={query} page={page} onPage={setPage} testId="speaker-courses" render={(c) => <CourseRow key={c.id} course={c} />} />;
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
      <SpeakerPagedList query={query} page={page} onPage={setPage} testId="speaker-lives" render={(l) => <LiveRow key={l.id} live={l} />} />
    </>
  );
}

const PANELS: Record<TabKey, (props: { speakerId: number }) => ReactNode> = {
  courses: CoursesTab,
  lives: LivesTab,
  news: NewsTab,
  columns: ColumnsTab,
  docs: DocsTab,
};

/**
 * The speaker's content: courses, lives (by year), news, columns and documents, each paginated.
 * The tab lives in `?tab=` so a reload or a shared link opens the same one; only the open tab loads.
 */
export function SpeakerTabs({ speakerId }: { speakerId: number }) {
  const { t } = useTranslation('speaker');
  const [search, setSearch] = useSearchParams();
  const tab = tabFrom(search.get('tab'));
  const choose = (key: TabKey) => {
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (key === 'courses') next.delete('tab');
        else next.set('tab', key);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  const tabs = useTabs({ keys: TABS, selected: tab, onSelect: choose, tabId: (key) => `speaker-tab-${key}`, panelId: 'speaker-panel' });
  const Panel = PANELS[tab];
  return (
    <section className="speaker-tabs">
      <div className="speaker-tabs__bar" {...tabs.listProps} aria-label={t('tabs.label')}>
        {TABS.map((key) => (
          <button key={key} {...tabs.tabProps(key)} className={`speaker-tab focus-ring-inset${tab === key ? ' speaker-tab--active' : ''}`}>
            {t(`tabs.${key}`)}
          </button>
        ))}
      </div>
      <div {...tabs.panelProps}>
        <Panel key={`${tab}-${speakerId}`} speakerId={speakerId} />
      </div>
    </section>
  );
}
