import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** The catch-all 404 page: 'The page you visited is lost' (spec §2 "Catch-all"). */
export function NotFoundPage() {
  const { t } = useTranslation('errors');
  return (
    <div className="container status-page" data-page="not-found">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 className="status-page__title">{t('notFound.title')}</h1>
      <p className="status-page__text">{t('notFound.body')}</p>
      <Link to={paths.home.getHref()} className="button button--primary">
        {t('notFound.home')}
      </Link>
    </div>
  );
}

/** Lazy route module export. */
export const Component = NotFoundPage;
