import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { usePageMeta } from '../../../shared/ui/page-meta';

/** A friendly answer for a news item that does not exist or was taken offline. */
export function NewsNotFound() {
  const { t } = useTranslation('news');
  usePageMeta({ status: 404 });
  return (
    <div className="news-not-found" role="status" data-testid="news-not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.message')}</p>
      <Link className="button button--primary" to={paths.news.getHref()}>
        {t('notFound.back')}
      </Link>
    </div>
  );
}
