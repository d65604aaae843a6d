import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../shared/ui/skeleton';

export function CourseGridSkeleton({ count = 8 }: { count?: number }) {
  const { t } = useTranslation('course');
  return (
    <div className="course-grid" role="status" aria-label={t('loading')}>
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
