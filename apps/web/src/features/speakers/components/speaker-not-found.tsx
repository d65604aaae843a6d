import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { usePageMeta } from '../../../shared/ui/page-meta';

/** A friendly answer for a speaker (or hospital, organiser, keyword) that does not exist or was taken offline. */
export function SpeakerNotFound({ kind = 'speaker' }: { kind?: 'speaker' | 'place' }) {
  const { t } = useTranslation('speaker');
  usePageMeta({ status: 404 });
  return (
    <div className="speaker-not-found" role="status" data-testid="speaker-not-found">
      <h1>{t(kind === 'place' ? 'notFound.placeTitle' : 'notFound.title')}</h1>
      <p>{t('notFound.message')}</p>
      <Link className="button button--primary" to={paths.home.getHref()}>
        {t('notFound.back')}
      </Link>
    </div>
  );
}
