import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Speaker } from '@medportal/contract';
import { ErrorCode } from '@medportal/contract/codes';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../shared/api-client';
import { ErrorState } from '../../../shared/ui/error-state';
import { Image } from '../../../shared/ui/image';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useTabs } from '../../../shared/ui/tabs';
import { type PlaceHeader, type PlaceKind, type PlaceList, usePlace, usePlaceList } from '../api/speakers';
import { SpeakerNotFound } from './speaker-not-found';
import { RegionHospitals, regionText } from './region-hospitals';
import { CourseRow, LiveRow, NewsRow, SpeakerPagedList } from './speaker-tabs';

const LISTS: PlaceList[] = ['course', 'live', 'news', 'speaker'];
const countKey = { course: 'courses', live: 'lives', news: 'news', speaker: 'speakers' } as const;

function SpeakerRow({ speaker }: { speaker: Speaker }) {
  return (
    <li className="speaker-row">
      <Link to={paths.speakerDetail.getHref(speaker.id)} className="speaker-row__link">
        <Image src={speaker.avatar} alt="" className="speaker-tile__avatar" />
        <span className="speaker-row__title">{speaker.name}</span>
        <span className="speaker-row__meta">{speaker.title}</span>
      </Link>
    </li>
  );
}

interface PanelProps {
  kind: PlaceKind;
  id: number;
}

function CoursesPanel({ kind, id }: PanelProps) {
  const [page, setPage] = useState(1);
  const query = usePlaceList(kind, id, 'course', page);
  return <SpeakerPagedList query={query} page={page} onPage={setPage} testId="place-course" render={(c) => <CourseRow key={c.id} course={c} />} />;
}
function LivesPanel({ kind, id }: PanelProps) {
  const [page, setPage] = useState(1);
  const query = usePlaceList(kind, id, 'live', page);
  return <SpeakerPagedList query={query} page={page} onPage={setPage} testId="place-live" render={(l) => <LiveRow key={l.id} live={l} />} />;
}
function NewsPanel({ kind, id }: PanelProps) {
  const [page, setPage] = useState(1);
  const query = usePlaceList(kind, id, 'news', page);
  return <SpeakerPagedList query={query} page={page} onPage={setPage} testId="place-news" render={(n) => <NewsRow key={n.id} item={n} />} />;
}
function SpeakersPanel({ kind, id }: PanelProps) {
  const [page, setPage] = useState(1);
  const query = usePlaceList(kind, id, 'speaker', page);
  return <SpeakerPagedList query={query} page={page} onPage={setPage} testId="place-speaker" render={(s) => <SpeakerRow key={s.id} speaker={s} />} />;
}
const PANELS = { course: CoursesPanel, live: LivesPanel, news: NewsPanel, speaker: SpeakersPanel } as const;

function PlaceHeaderView({ place }: { place: PlaceHeader }) {
  const { t } = useTranslation('speaker');
  return (
    <header className="speaker-header" data-testid="place-header">
      {place.logo ? <Image src={place.logo} alt="" className="speaker-header__avatar" /> : null}
      <div className="speaker-header__body">
        <h1 className="speaker-header__name">{place.name}</h1>
        {place.region ? (
          <p className="speaker-header__line">{regionText(place.region)}</p>
        ) : place.intro ? (
          <p className="speaker-header__line">{place.intro}</p>
        ) : null}
        <p className="speaker-header__line">
          {LISTS.map((l) => t(`place.count.${l}`, { n: place.counts[countKey[l]] })).join(' · ')}
        </p>
      </div>
    </header>
  );
}

/** The one screen of `/hospital/:id`, `/organizer/:id` and `/keywords/:id`: header and four lists. */
export function PlaceView({ kind, id }: { kind: PlaceKind; id: number | null }) {
  const { t } = useTranslation('speaker');
  const [tab, setTab] = useState<PlaceList>('course');
  const query = usePlace(kind, id ?? 0);
  const tabs = useTabs({ keys: LISTS, selected: tab, onSelect: setTab, tabId: (key) => `place-tab-${key}`, panelId: 'place-panel' });
  if (id === null || (query.isError && isApiError(query.error) && query.error.code === ErrorCode.NOT_FOUND)) return <SpeakerNotFound kind="place" />;
  if (query.isPending) {
    return (
      <div className="speaker-page" aria-busy="true">
        <Skeleton height={120} />
      </div>
    );
  }
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const Panel = PANELS[tab];
  return (
    <div className="speaker-page">
      <PlaceHeaderView place={query.data} />
      <section className="speaker-tabs">
        <div className="speaker-tabs__bar" {...tabs.listProps} aria-label={t('place.tabs.label')}>
          {LISTS.map((key) => (
            <button key={key} {...tabs.tabProps(key)} className={`speaker-tab focus-ring-inset${tab === key ? ' speaker-tab--active' : ''}`}>
              {t(`place.tabs.${key}`)}
            </button>
          ))}
        </div>
        <div {...tabs.panelProps}>
          <Panel key={tab} kind={kind} id={id} />
        </div>
      </section>
      {kind === 'hospital' ? <RegionHospitals hospitalId={id} region={query.data.region} /> : null}
    </div>
  );
}
