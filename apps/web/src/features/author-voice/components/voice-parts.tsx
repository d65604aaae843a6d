import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import type { Media } from '@medportal/contract';
import { paths } from '../../../config/paths';
import { doiUrl } from '../../../shared/format/doi';
import { formatDate } from '../../../shared/format/date';
import { useLang } from '../../../shared/hooks/use-lang';
import { VideoPlayer, formatClock } from '../../../shared/player';
import { ActionLink } from '../../../shared/ui/action-link';
import { Image } from '../../../shared/ui/image';
import { Skeleton } from '../../../shared/ui/skeleton';
import type { LinkupCardData, TalkCardData, TalkDetailData } from '../api/author-voice';

/** The programme's own navigation: front page, link-ups, all talks, about. */
export function VoiceNav({ bare }: { bare: boolean }) {
  const { t } = useTranslation('authorVoice');
  const av = paths.authorVoice;
  const items = [
    { to: av.home.getHref({ bare }), label: t('nav.home'), end: true },
    { to: av.inter.getHref({ bare }), label: t('nav.inter'), end: false },
    { to: av.list.getHref({ bare }), label: t('nav.list'), end: false },
    { to: av.about.getHref(bare), label: t('nav.about'), end: false },
  ];
  return (
    <nav className="voice-nav" aria-label={t('nav.label')}>
      {items.map((i) => (
        <NavLink key={i.to} to={i.to} end={i.end} className={({ isActive }) => `voice-nav__link${isActive ? ' is-active' : ''}`}>
          {i.label}
        </NavLink>
      ))}
    </nav>
  );
}

export function AuthorLine({ author }: { author: TalkCardData['author'] }) {
  const { t } = useTranslation('authorVoice');
  return (
    <span className="voice-author">
      <Image src={author.avatar} alt="" className="voice-author__avatar" />
      <span className="voice-author__text">
        <span className="voice-author__name">
          {author.name}
          <span className={`voice-region voice-region--${author.region}`}>{t(`region.${author.region}`)}</span>
        </span>
        <span className="voice-author__role">
          {author.affiliation} · {author.country}
        </span>
      </span>
    </span>
  );
}

export function TalkCard({ talk, bare }: { talk: TalkCardData; bare: boolean }) {
  const { t } = useTranslation('authorVoice');
  return (
    <Link to={paths.authorVoice.home.getHref({ id: talk.id, bare })} className="voice-card">
      <span className="voice-card__media">
        <Image src={talk.cover} alt="" className="voice-card__image" />
        <span className="voice-card__duration" aria-label={t('duration')}>
          {formatClock(talk.duration_s)}
        </span>
      </span>
      <span className="voice-card__field">{talk.field.title}</span>
      <span className="voice-card__title">{talk.title}</span>
      <span className="voice-card__meta">
        {talk.author.name} · <i>{talk.journal}</i>
      </span>
    </Link>
  );
}

export function TalkGrid({ talks, bare }: { talks: TalkCardData[]; bare: boolean }) {
  return (
    <ul className="voice-grid">
      {talks.map((t) => (
        <li key={t.id}>
          <TalkCard talk={t} bare={bare} />
        </li>
      ))}
    </ul>
  );
}

export function TalkGridSkeleton({ count = 6, label }: { count?: number; label: string }) {
  return (
    <div className="voice-grid" role="status" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i}>
          <Skeleton height={120} />
          <Skeleton height={16} width="80%" />
          <Skeleton height={14} width="50%" />
        </div>
      ))}
    </div>
  );
}

export function LinkupCard({ linkup, bare }: { linkup: LinkupCardData; bare: boolean }) {
  const { t } = useTranslation('authorVoice');
  const lang = useLang();
  return (
    <Link to={paths.authorVoice.inter.getHref({ id: linkup.id, bare })} className="linkup-card">
      <Image src={linkup.cover} alt="" className="linkup-card__image" />
      <span className="linkup-card__body">
        <span className="voice-card__field">
          {linkup.field.title} · {t('heldOn', { date: formatDate(linkup.held_at, lang) })}
        </span>
        <span className="linkup-card__title">{linkup.title}</span>
        <span className="linkup-card__pair">
          <span>{linkup.cn_author.name}</span>
          <span aria-hidden="true">⇄</span>
          <span className="visually-hidden">{t('with')}</span>
          <span>{linkup.overseas_author.name}</span>
        </span>
      </span>
    </Link>
  );
}

/** The paper a talk presents: title (the paper's page), journal, date and DOI link. */
export function PaperRef({ paper }: { paper: TalkDetailData['paper'] }) {
  const { t } = useTranslation('authorVoice');
  const lang = useLang();
  return (
    <div className="voice-paper">
      <p className="voice-paper__label">{t('paper.label')}</p>
      <ActionLink action={paper.action} className="voice-paper__title">
        {paper.title}
      </ActionLink>
      <p className="voice-paper__meta">
        <i>{paper.full_journal}</i>
        {paper.published_at ? ` · ${formatDate(paper.published_at, lang)}` : ''}
      </p>
      {paper.doi ? (
        <p className="voice-paper__doi">
          <abbr title={t('paper.doiTitle')}>DOI</abbr>{' '}
          <a href={doiUrl(paper.doi)} target="_blank" rel="noopener noreferrer" className="doi-link">
            {paper.doi}
          </a>
        </p>
      ) : null}
      {paper.abstract ? <p className="voice-paper__abstract">{paper.abstract}</p> : null}
    </div>
  );
}

/** The recording, or a note when it is not available yet. */
export function VoicePlayer({ media, title, onExpired }: { media: Media | null; title: string; onExpired: () => void }) {
  const { t } = useTranslation('authorVoice');
  if (!media) return <p className="voice-player__none">{t('noMedia')}</p>;
  return (
    <div className="voice-player">
      <VideoPlayer key={media.hls_url} src={media.hls_url} poster={media.poster} subtitles={media.subtitles} title={title} onExpired={onExpired} />
    </div>
  );
}
