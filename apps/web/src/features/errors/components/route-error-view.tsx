import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { CHUNK_ERROR_REPORT_AFTER_MS } from '@medportal/contract/constants';
import { paths } from '../../../config/paths';
import { composeTitle, useTitleOverride } from '../../../shared/ui/document-title';
import { NotFoundPage } from '../pages/not-found-page';
import { chunkStillFailing, isChunkLoadError } from './chunk-error';

/** A script chunk failed to load: offer a reload; report if it still fails after 120 s (spec §8). */
function ChunkErrorView({ error }: { error: unknown }) {
  const { t } = useTranslation(['errors', 'common']);
  useTitleOverride(composeTitle(t('errors:chunk.title'), t('common:productName')));
  useEffect(() => {
    let cancelled = false;
    const timer = window.setTimeout(() => {
      void chunkStillFailing(error).then((failing) => {
        if (failing && !cancelled) console.error(`Chunk load failure persisted for ${CHUNK_ERROR_REPORT_AFTER_MS / 1000} s`, error);
      });
    }, CHUNK_ERROR_REPORT_AFTER_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [error]);
  return (
    <div className="container status-page" role="alert" data-page="chunk-error">
      <h1 className="status-page__title">{t('errors:chunk.title')}</h1>
      <p className="status-page__text">{t('errors:chunk.body')}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t('errors:chunk.reload')}
      </button>
    </div>
  );
}

function UnexpectedErrorView() {
  const { t } = useTranslation(['errors', 'common']);
  useTitleOverride(composeTitle(t('errors:errorPage.title'), t('common:productName')));
  return (
    <div className="container status-page" role="alert" data-page="route-error">
      <h1 className="status-page__title">{t('errors:errorPage.title')}</h1>
      <p className="status-page__text">{t('errors:errorPage.body')}</p>
      <div className="status-page__actions">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('common:actions.reload')}
        </button>
        <Link to={paths.home.getHref()} className="button button--primary">
          {t('errors:errorPage.home')}
        </Link>
      </div>
    </div>
  );
}

function NotFoundView() {
  const { t } = useTranslation(['errors', 'common']);
  useTitleOverride(composeTitle(t('errors:notFound.title'), t('common:productName')));
  return <NotFoundPage />;
}

/** Route errorElement: loader errors, chunk failures, 404 responses. */
export function RouteErrorView() {
  const error = useRouteError();
  useEffect(() => {
    if (!isChunkLoadError(error) && !(isRouteErrorResponse(error) && error.status === 404)) console.error(error);
  }, [error]);
  if (isChunkLoadError(error)) return <ChunkErrorView error={error} />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  return <UnexpectedErrorView />;
}
