import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorCode } from '@medportal/contract/codes';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../shared/api-client';
import { useLang } from '../../../shared/hooks/use-lang';
import { loadNamespaces } from '../../../shared/i18n';
import { ID_MAX, positiveParam } from '../../../shared/page-param';
import { composeTitle, useTitleOverride } from '../../../shared/ui/document-title';
import { ErrorState } from '../../../shared/ui/error-state';
import { FavoriteButton } from '../../../shared/ui/favorite-button';
import { Image } from '../../../shared/ui/image';
import { summarize, usePageMeta } from '../../../shared/ui/page-meta';
import { Skeleton } from '../../../shared/ui/skeleton';
import { type CongressDetail, useCongress, useCongressFavorite } from '../api/calendar';
import { countryName, dateRange } from '../components/congress-dates';
import { FeedPanel } from '../components/feed-panel';
import '../meeting-calendar.css';

function CongressNotFound() {
  const { t } = useTranslation('meeting');
  usePageMeta({ status: 404 });
  return (
    <div className="container calendar-not-found" role="status" data-testid="congress-not-found">
      <h1>{t('detail.notFound')}</h1>
      <Link className="button button--primary" to={paths.meetingCalendar.getHref()}>
        {t('detail.back')}
      </Link>
    </div>
  );
}

function Congress({ congress: c }: { congress: CongressDetail }) {
  const { t } = useTranslation(['meeting', 'common']);
  const lang = useLang();
  const favorite = useCongressFavorite(c.id);
  const place = [c.venue, c.city, countryName(c.country, lang)].filter(Boolean).join(', ');
  useTitleOverride(composeTitle(`${c.acronym} · ${c.title}`, t('common:productName')));
  usePageMeta({
    description: summarize(`${c.title} · ${dateRange(c.start_date, c.end_date)} · ${place}. ${c.summary}`),
    image: c.logo,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: c.title,
        startDate: c.start_date,
        endDate: c.end_date,
        eventAttendanceMode: `https://schema.org/${c.mode === 'online' ? 'Online' : c.mode === 'hybrid' ? 'Mixed' : 'Offline'}EventAttendanceMode`,
        location: { '@type': 'Place', name: c.venue || c.city, address: { '@type': 'PostalAddress', addressLocality: c.city, addressCountry: c.country } },
        organizer: { '@type': 'Organization', name: c.organizer },
        url: c.url,
        description: c.summary,
      },
    ],
  });
  const other = lang === 'zh' ? c.title_en : c.title_zh;
  return (
    <article className="container congress-page" data-testid="congress-detail">
      <p className="congress-page__crumbs">
        <Link to={paths.meetingCalendar.getHref()}>{t('calendar.title')}</Link>
      </p>
      <header className="congress-page__head">
        <Image className="congress-page__logo" src={c.logo} alt="" width={96} height={96} priority />
        <div>
          <p className="congress-page__kicker">{c.acronym}</p>
          <h1 className="congress-page__title">{c.title}</h1>
          {other !== c.title ? (
            <p className="congress-page__other" lang={lang === 'zh' ? 'en' : 'zh-CN'}>
              {other}
            </p>
          ) : null}
        </div>
      </header>
      <div className="congress-page__actions">
        <FavoriteButton favorite={c.is_favorite} mutation={favorite} label={{ add: t('detail.favorite'), added: t('detail.favorited') }} />
        <a className="button" href={`${c.ics_path}?language=${lang === 'zh' ? 'zh_CN' : 'en'}`} download={`${c.acronym.replace(/\s+/g, '-')}.ics`} data-testid="congress-ics">
          {t('detail.addToCalendar')}
        </a>
        <a className="button" href={c.url} target="_blank" rel="noopener noreferrer">
          {t('detail.website')}
        </a>
      </div>
      <dl className="congress-page__facts">
        <dt>{t('detail.dates')}</dt>
        <dd>
          <time dateTime={c.start_date}>{dateRange(c.start_date, c.end_date)}</time>
        </dd>
        <dt>{t('detail.place')}</dt>
        <dd>{place}</dd>
        <dt>{t('detail.organizer')}</dt>
        <dd>{c.organizer}</dd>
        <dt>{t('detail.field')}</dt>
        <dd>
          {c.field_name} · {c.region_name}
        </dd>
        <dt>{t('detail.mode')}</dt>
        <dd>{t(`mode.${c.mode}`)}</dd>
        <dt>{t('detail.abstractDeadline')}</dt>
        <dd>{c.abstract_deadline ?? t('detail.none')}</dd>
        <dt>{t('detail.registrationDeadline')}</dt>
        <dd>{c.registration_deadline ?? t('detail.none')}</dd>
      </dl>
      {c.summary ? (
        <section className="congress-page__summary" aria-labelledby="congress-summary">
          <h2 id="congress-summary">{t('detail.about')}</h2>
          <p>{c.summary}</p>
        </section>
      ) : null}
      <FeedPanel />
    </article>
  );
}

/** `/meeting/calendar/:id`: one congress, its .ics file, favourite and the personal feed. */
export function CongressPage() {
  const params = useParams();
  const id = positiveParam(new URLSearchParams({ id: params.id ?? '' }), 'id', ID_MAX);
  const query = useCongress(id ?? 0, id !== undefined);
  if (id === undefined || (query.isError && isApiError(query.error) && query.error.code === ErrorCode.NOT_FOUND)) return <CongressNotFound />;
  if (query.isPending)
    return (
      <div className="container congress-page" aria-busy="true">
        <Skeleton height={96} />
        <Skeleton height={240} />
      </div>
    );
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <Congress congress={query.data} />;
}

export async function loader() {
  await loadNamespaces('meeting');
  return null;
}

export const Component = CongressPage;
