import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** The `/error` page: a friendly message and a way home. */
export function ErrorPage() {
  const { t } = useTranslation('errors');
  return (
    <div className="container status-page" data-page="error">
      <h1 className="status-page__title">{t('errorPage.title')}</h1>
      <p className="status-page__text">{t('errorPage.body')}</p>
      <Link to={paths.home.getHref()} className="button button--primary">
        {t('errorPage.home')}
      </Link>
    </div>
  );
}

/** Lazy route module export. */
export const Component = ErrorPage;
