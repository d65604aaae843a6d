import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorCode } from '@medportal/contract/codes';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../shared/api-client';
import { formatDate } from '../../../shared/format/date';
import { useTimeZoneName } from '../../../shared/format/timezone';
import { doiUrl, linkifyDoi } from '../../../shared/format/doi';
import { useRecordHistory } from '../../../shared/history';
import { useLang } from '../../../shared/hooks/use-lang';
import { loadNamespaces } from '../../../shared/i18n';
import { composeTitle, useTitleOverride } from '../../../shared/ui/document-title';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { type PaperDetail, usePaper } from '../api/topics';
import { PaperFavoriteButton } from '../components/favorite-button';
import { ID_MAX, positiveParam } from '../../../shared/page-param';
import { usePageMeta } from '../../../shared/ui/page-meta';
import '../topics.css';

function PaperNotFound() {
  const { t } = useTranslation('topic');
  usePageMeta({ status: 404 });
  return (
    <div className="container topic-not-found" role="status" data-testid="paper-not-found">
      <h1>{t('paper.notFound.title')}</h1>
      <p>{t('paper.notFound.message')}</p>
      <Link className="button button--primary" to={paths.topic.getHref()}>
        {t('paper.notFound.back')}
      </Link>
    </div>
  );
}

function Paper({ paper }: { paper: PaperDetail }) {
  const { t } = useTranslation(['topic', 'common']);
  const lang = useLang();
  const zone = useTimeZoneName();
  useTitleOverride(composeTitle(paper.title, t('common:productName')));
  useRecordHistory('paper', paper.id);
  return (
    <article className="container paper-page" data-testid="paper-detail">
      <p className="paper-page__kicker">{t('paper.kicker')}</p>
      <h1 className="paper-page__title">{paper.title}</h1>
      <dl className="paper-page__facts">
        {paper.full_journal ? (
          <>
            <dt>{t('paper.journal')}</dt>
            <dd>
              <cite>{paper.full_journal}</cite>
            </dd>
          </>
        ) : null}
        {paper.published_at ? (
          <>
            <dt>{t('paper.published')}</dt>
            <dd>
              <time dateTime={paper.published_at}>{formatDate(paper.published_at, lang, zone)}</time>
            </dd>
          </>
        ) : null}
        {paper.doi ? (
          <>
            <dt>
              <abbr title={t('paper.doiTitle')}>DOI</abbr>
            </dt>
            <dd data-testid="paper-doi">{linkifyDoi(paper.doi)}</dd>
          </>
        ) : null}
      </dl>
      <div className="paper-page__actions">
        <PaperFavoriteButton paperId={paper.id} favorite={paper.is_favorite} />
        {paper.doi ? (
          <a className="button" href={doiUrl(paper.doi)} target="_blank" rel="noopener noreferrer">
            {t('paper.fullText')}
          </a>
        ) : null}
      </div>
      <section className="paper-page__abstract" aria-labelledby="paper-abstract">
        <h2 id="paper-abstract">{t('paper.abstract')}</h2>
        {paper.abstract ? <p>{linkifyDoi(paper.abstract)}</p> : <p className="topic-empty">{t('paper.noAbstract')}</p>}
      </section>
    </article>
  );
}

/** `/paper/:id` (the generic module target of papers): abstract, journal, DOI link, favourite. */
export function PaperPage() {
  const params = useParams();
  const id = positiveParam(new URLSearchParams({ id: params.id ?? '' }), 'id', ID_MAX);
  const query = usePaper(id ?? 0, id !== undefined);
  if (id === undefined || (query.isError && isApiError(query.error) && query.error.code === ErrorCode.NOT_FOUND)) return <PaperNotFound />;
  if (query.isPending)
    return (
      <div className="container paper-page" aria-busy="true">
        <Skeleton height={36} />
        <Skeleton height={200} />
      </div>
    );
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <Paper paper={query.data} />;
}

export async function loader() {
  await loadNamespaces('topic');
  return null;
}

export const Component = PaperPage;
