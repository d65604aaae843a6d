import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorCode } from '@medportal/contract/codes';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../shared/api-client';
import { formatDate } from '../../../shared/format/date';
import { useLang } from '../../../shared/hooks/use-lang';
import { loadNamespaces } from '../../../shared/i18n';
import { ID_MAX, pageParam, positiveParam } from '../../../shared/page-param';
import { composeTitle, useTitleOverride } from '../../../shared/ui/document-title';
import { ErrorState } from '../../../shared/ui/error-state';
import { summarize, usePageMeta } from '../../../shared/ui/page-meta';
import { Pager } from '../../../shared/ui/pager';
import { Skeleton } from '../../../shared/ui/skeleton';
import {
  LINKUP_PAGE_SIZE,
  TALK_PAGE_SIZE,
  type LinkupDetailData,
  type TalkDetailData,
  type TalkFilters,
  useLinkup,
  useLinkupList,
  useTalk,
  useTalkList,
  useVoiceFilters,
  useVoiceHome,
} from '../api/author-voice';
import { AuthorLine, LinkupCard, PaperRef, TalkGrid, TalkGridSkeleton, VoiceNav, VoicePlayer } from '../components/voice-parts';
import '../author-voice.css';

const notFound = (e: unknown) => isApiError(e) && (e.code === ErrorCode.NOT_FOUND || e.code === ErrorCode.VALIDATION);

function Shell({ bare, children }: { bare: boolean; children: ReactNode }) {
  const { t } = useTranslation('authorVoice');
  return (
    <div className={bare ? 'voice voice--bare' : 'container voice'}>
      <header className="voice-hero">
        <p className="voice-hero__kicker">{t('kicker')}</p>
        <p className="voice-hero__title">{t('title')}</p>
        <p className="voice-hero__tagline">{t('tagline')}</p>
      </header>
      <VoiceNav bare={bare} />
      {children}
    </div>
  );
}

function Title({ text }: { text: string }) {
  const { t } = useTranslation('common');
  useTitleOverride(composeTitle(text, t('productName')));
  return null;
}

function Missing({ text, back }: { text: string; back: { to: string; label: string } }) {
  usePageMeta({ status: 404 });
  return (
    <div className="voice-missing" role="alert">
      <p>{text}</p>
      <Link to={back.to}>{back.label}</Link>
    </div>
  );
}

function Transcript({ lines }: { lines: ReactNode[] }) {
  const { t } = useTranslation('authorVoice');
  return (
    <section className="voice-transcript" aria-labelledby="voice-transcript-heading">
      <h2 id="voice-transcript-heading">{t('transcript')}</h2>
      {lines}
    </section>
  );
}

function TalkView({ talk, bare, onExpired }: { talk: TalkDetailData; bare: boolean; onExpired: () => void }) {
  const { t } = useTranslation('authorVoice');
  const lang = useLang();
  usePageMeta({ description: summarize(talk.summary), image: talk.cover, type: 'video.other' });
  return (
    <article className="voice-talk" aria-labelledby="voice-talk-heading">
      <Title text={talk.title} />
      <div className="voice-talk__main">
        <VoicePlayer media={talk.media} title={talk.title} onExpired={onExpired} />
        <h1 id="voice-talk-heading" className="voice-talk__title">
          {talk.title}
        </h1>
        <p className="voice-talk__meta">
          {talk.field.title} · {formatDate(talk.published_at, lang)}
        </p>
        <AuthorLine author={talk.author} />
        <p className="voice-talk__summary">{talk.summary}</p>
        <Transcript lines={talk.transcript.map((p, i) => <p key={i}>{p}</p>)} />
      </div>
      <aside className="voice-talk__side">
        <PaperRef paper={talk.paper} />
        {talk.related.length ? (
          <section aria-labelledby="voice-related-heading">
            <h2 id="voice-related-heading" className="voice-side-heading">
              {t('related')}
            </h2>
            <TalkGrid talks={talk.related} bare={bare} />
          </section>
        ) : null}
      </aside>
    </article>
  );
}

function TalkSection({ id, bare }: { id: number; bare: boolean }) {
  const { t } = useTranslation('authorVoice');
  const talk = useTalk(id);
  if (talk.isPending) return <Skeleton height={320} />;
  if (talk.isError) {
    if (notFound(talk.error)) return <Missing text={t('talkNotFound')} back={{ to: paths.authorVoice.list.getHref({ bare }), label: t('nav.list') }} />;
    return <ErrorState error={talk.error} onRetry={() => void talk.refetch()} />;
  }
  return <TalkView talk={talk.data} bare={bare} onExpired={() => void talk.refetch()} />;
}

/** `/author_voice` (and `/w`): the picked talk (`?id=`, else the newest) playing, then the newest talks and link-ups. */
export function VoiceHomePage({ bare = false }: { bare?: boolean }) {
  const { t } = useTranslation('authorVoice');
  const [search] = useSearchParams();
  const picked = positiveParam(search, 'id', ID_MAX);
  const home = useVoiceHome();
  const id = picked ?? home.data?.talks[0]?.id;
  return (
    <Shell bare={bare}>
      {home.isError && !picked ? (
        <ErrorState error={home.error} onRetry={() => void home.refetch()} />
      ) : id ? (
        <TalkSection key={id} id={id} bare={bare} />
      ) : home.isPending ? (
        <Skeleton height={320} />
      ) : (
        <p className="voice-empty">{t('emptyTalks')}</p>
      )}
      {home.data ? (
        <>
          {home.data.talks.length ? (
            <section className="voice-block" aria-labelledby="voice-latest-heading">
              <div className="voice-block__head">
                <h2 id="voice-latest-heading">{t('latest')}</h2>
                <Link to={paths.authorVoice.list.getHref({ bare })}>{t('allTalks', { count: home.data.talk_count })}</Link>
              </div>
              <TalkGrid talks={home.data.talks} bare={bare} />
            </section>
          ) : null}
          {home.data.linkups.length ? (
            <section className="voice-block" aria-labelledby="voice-linkups-heading">
              <div className="voice-block__head">
                <h2 id="voice-linkups-heading">{t('nav.inter')}</h2>
                <Link to={paths.authorVoice.inter.getHref({ bare })}>{t('allLinkups', { count: home.data.linkup_count })}</Link>
              </div>
              <ul className="linkup-list">
                {home.data.linkups.map((l) => (
                  <li key={l.id}>
                    <LinkupCard linkup={l} bare={bare} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : home.isPending ? (
        <TalkGridSkeleton label={t('loading')} />
      ) : null}
    </Shell>
  );
}

const SPEAKER_CLASS = { cn: 'is-cn', overseas: 'is-overseas', moderator: 'is-moderator' } as const;

function LinkupView({ linkup, onExpired }: { linkup: LinkupDetailData; onExpired: () => void }) {
  const { t } = useTranslation('authorVoice');
  const lang = useLang();
  usePageMeta({ description: summarize(linkup.summary), image: linkup.cover, type: 'video.other' });
  const speakerName = { cn: linkup.cn_author.name, overseas: linkup.overseas_author.name, moderator: t('moderator') };
  return (
    <article className="voice-talk" aria-labelledby="voice-linkup-heading">
      <Title text={linkup.title} />
      <div className="voice-talk__main">
        <VoicePlayer media={linkup.media} title={linkup.title} onExpired={onExpired} />
        <h1 id="voice-linkup-heading" className="voice-talk__title">
          {linkup.title}
        </h1>
        <p className="voice-talk__meta">
          {linkup.field.title} · {t('heldOn', { date: formatDate(linkup.held_at, lang) })}
        </p>
        <div className="linkup-pair">
          <AuthorLine author={linkup.cn_author} />
          <AuthorLine author={linkup.overseas_author} />
        </div>
        <p className="voice-talk__summary">{linkup.summary}</p>
        <Transcript
          lines={linkup.transcript.map((l, i) => (
            <p key={i} className={`voice-line ${SPEAKER_CLASS[l.speaker]}`}>
              <strong>{t('says', { name: speakerName[l.speaker] })}</strong>
              {l.text}
            </p>
          ))}
        />
      </div>
      <aside className="voice-talk__side">
        <h2 className="voice-side-heading">{t('papers')}</h2>
        {linkup.talks.map((talk) => (
          <div key={talk.id} className="linkup-talk">
            <p className="linkup-talk__who">{talk.author.name}</p>
            <PaperRef paper={talk.paper} />
          </div>
        ))}
      </aside>
    </article>
  );
}

function LinkupSection({ id, bare }: { id: number; bare: boolean }) {
  const { t } = useTranslation('authorVoice');
  const linkup = useLinkup(id);
  if (linkup.isPending) return <Skeleton height={320} />;
  if (linkup.isError) {
    if (notFound(linkup.error)) return <Missing text={t('linkupNotFound')} back={{ to: paths.authorVoice.inter.getHref({ bare }), label: t('nav.inter') }} />;
    return <ErrorState error={linkup.error} onRetry={() => void linkup.refetch()} />;
  }
  return <LinkupView linkup={linkup.data} onExpired={() => void linkup.refetch()} />;
}

/** `/author_voice/inter` (and `/w`): international link-ups; `?id=` plays one, else the newest. */
export function VoiceInterPage({ bare = false }: { bare?: boolean }) {
  const { t } = useTranslation('authorVoice');
  const [search, setSearch] = useSearchParams();
  const page = pageParam(search);
  const picked = positiveParam(search, 'id', ID_MAX);
  const list = useLinkupList(page);
  const id = picked ?? (page === 1 ? list.data?.items[0]?.id : undefined);
  return (
    <Shell bare={bare}>
      <p className="voice-intro">{t('interIntro')}</p>
      {id ? <LinkupSection key={id} id={id} bare={bare} /> : null}
      <section className="voice-block" aria-labelledby="voice-all-linkups">
        <h2 id="voice-all-linkups">{t('allLinkupsHeading')}</h2>
        {list.isPending ? (
          <TalkGridSkeleton count={3} label={t('loading')} />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <p className="voice-empty">{t('emptyLinkups')}</p>
        ) : (
          <>
            <ul className="linkup-list">
              {list.data.items.map((l) => (
                <li key={l.id}>
                  <LinkupCard linkup={l} bare={bare} />
                </li>
              ))}
            </ul>
            <Pager
              page={page}
              total={list.data.total}
              pageSize={LINKUP_PAGE_SIZE}
              onChange={(p) => setSearch(new URLSearchParams(p > 1 ? { page: String(p) } : {}))}
            />
          </>
        )}
      </section>
    </Shell>
  );
}

function filtersFrom(search: URLSearchParams): TalkFilters {
  const journal = (search.get('journal') ?? '').trim();
  return { field: positiveParam(search, 'field', ID_MAX), journal: journal.length <= 200 ? journal : '', page: pageParam(search) };
}

/** `/author_voice/list` (and `/w`): every talk, filtered by field and journal, a page at a time. */
export function VoiceListPage({ bare = false }: { bare?: boolean }) {
  const { t } = useTranslation('authorVoice');
  const [search, setSearch] = useSearchParams();
  const filters = filtersFrom(search);
  const options = useVoiceFilters();
  const list = useTalkList(filters);
  const update = (next: Partial<TalkFilters>) => {
    const merged = { ...filters, page: 1, ...next };
    const params = new URLSearchParams();
    if (merged.field) params.set('field', String(merged.field));
    if (merged.journal) params.set('journal', merged.journal);
    if (merged.page > 1) params.set('page', String(merged.page));
    // At once, not in a transition: a second filter chosen before the first had rendered would
    // be merged into the old address and drop the first.
    setSearch(params, { flushSync: true });
    if (next.page) window.scrollTo?.({ top: 0 });
  };
  return (
    <Shell bare={bare}>
      <h1 className="voice-list__heading">{t('listHeading')}</h1>
      <div className="voice-filters" role="group" aria-label={t('filters.label')}>
        <label>
          {t('filters.field')}{' '}
          <select value={filters.field ?? ''} onChange={(e) => update({ field: e.target.value ? Number(e.target.value) : undefined })}>
            <option value="">{t('filters.all')}</option>
            {options.data?.fields.map((f) => (
              <option key={f.id} value={f.id}>
                {f.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('filters.journal')}{' '}
          <select value={filters.journal} onChange={(e) => update({ journal: e.target.value })}>
            <option value="">{t('filters.all')}</option>
            {options.data?.journals.map((j) => (
              <option key={j} value={j}>
                {j}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.isPending ? (
        <TalkGridSkeleton label={t('loading')} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="voice-empty">{t('emptyFiltered')}</p>
      ) : (
        <>
          <p className="voice-total" aria-live="polite">
            {t('total', { count: list.data.total })}
          </p>
          <TalkGrid talks={list.data.items} bare={bare} />
          <Pager numbered page={filters.page} total={list.data.total} pageSize={TALK_PAGE_SIZE} onChange={(page) => update({ page })} />
        </>
      )}
    </Shell>
  );
}

const ABOUT_SECTIONS = ['what', 'who', 'inter', 'how', 'editorial'] as const;

/** `/author_voice/about` (and `/w`): what the programme is and how to take part. */
export function VoiceAboutPage({ bare = false }: { bare?: boolean }) {
  const { t } = useTranslation('authorVoice');
  return (
    <Shell bare={bare}>
      <article className="voice-about">
        <h1>{t('about.heading')}</h1>
        {ABOUT_SECTIONS.map((k) => (
          <section key={k}>
            <h2>{t(`about.${k}.title`)}</h2>
            <p>{t(`about.${k}.body`)}</p>
          </section>
        ))}
        <p>
          <Link to={paths.authorVoice.list.getHref({ bare })}>{t('nav.list')}</Link> · <Link to={paths.authorVoice.inter.getHref({ bare })}>{t('nav.inter')}</Link>
        </p>
      </article>
    </Shell>
  );
}

export async function loader(): Promise<null> {
  await loadNamespaces('authorVoice', 'player');
  return null;
}

export const homeRoute = { Component: () => <VoiceHomePage />, loader };
export const homeBareRoute = { Component: () => <VoiceHomePage bare />, loader };
export const interRoute = { Component: () => <VoiceInterPage />, loader };
export const interBareRoute = { Component: () => <VoiceInterPage bare />, loader };
export const listRoute = { Component: () => <VoiceListPage />, loader };
export const listBareRoute = { Component: () => <VoiceListPage bare />, loader };
export const aboutRoute = { Component: () => <VoiceAboutPage />, loader };
export const aboutBareRoute = { Component: () => <VoiceAboutPage bare />, loader };
