import { useTranslation } from 'react-i18next';
import { ActionLink } from '../../../shared/ui/action-link';
import { Image } from '../../../shared/ui/image';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useCourseAlbumBar } from '../api/course-albums';

/**
 * The album bar above the course list: a row of the editors' albums. It is an extra, not the
 * page: while loading it holds its height, and a failure or no albums leaves nothing behind.
 */
export function AlbumBar() {
  const { t } = useTranslation('course');
  const bar = useCourseAlbumBar();
  if (bar.isPending) {
    return (
      <div className="album-bar" role="status" aria-label={t('albums.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={72} />
        ))}
      </div>
    );
  }
  if (bar.isError || bar.data.items.length === 0) return null;
  return (
    <nav className="album-bar" aria-label={t('albums.bar')}>
      {bar.data.items.map((a) => (
        <ActionLink key={a.id} action={a.action} className="album-chip">
          <Image src={a.cover} alt="" className="album-chip__cover" />
          <span className="album-chip__text">
            <span className="album-chip__title">{a.title}</span>
            <span className="album-chip__count">{t('albums.count', { count: a.course_count })}</span>
          </span>
        </ActionLink>
      ))}
    </nav>
  );
}
