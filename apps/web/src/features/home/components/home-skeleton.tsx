import { useTranslation } from 'react-i18next';
import { BANNER_HEIGHT_PX } from '@medportal/contract/constants';
import { Skeleton } from '../../../shared/ui/skeleton';

/** Placeholder of the home page while its blocks load. */
export function HomeSkeleton() {
  const { t } = useTranslation('home');
  return (
    <div className="home-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{t('loading')}</span>
      <Skeleton className="home-skeleton__banner" height={BANNER_HEIGHT_PX} />
      {[0, 1].map((row) => (
        <div key={row} className="home-skeleton__block">
          <Skeleton width="30%" height={24} />
          <div className="card-grid card-grid--4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={200} />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
