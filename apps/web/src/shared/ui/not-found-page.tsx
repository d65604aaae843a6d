import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { composeTitle, useTitleOverride } from './document-title';
import { usePageMeta } from './page-meta';

/**
 * The 404 page: 'The page you visited is lost' (spec §2 "Catch-all"), for unknown paths and for
 * pages whose item does not exist. Rendered on the server it is answered with HTTP 404.
 */
export function NotFoundPage() {
  const { t } = useTranslation(['errors', 'common']);
  useTitleOverride(composeTitle(t('errors:notFound.title'), t('common:productName')));
  usePageMeta({ status: 404 });
  return (
    <div className="container status-page" data-page="not-found">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 className="status-page__title">{t('errors:notFound.title')}</h1>
      <p className="status-page__text">{t('errors:notFound.body')}</p>
      <Link to={paths.home.getHref()} className="button button--primary">
        {t('errors:notFound.home')}
      </Link>
    </div>
  );
}
