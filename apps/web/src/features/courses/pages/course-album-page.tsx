import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorCode } from '@medportal/contract/codes';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../shared/api-client';
import { useTitleOverride } from '../../../shared/ui/document-title';
import { ErrorState } from '../../../shared/ui/error-state';
import { Image } from '../../../shared/ui/image';
import { summarize, usePageMeta } from '../../../shared/ui/page-meta';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useCourseAlbum, type CourseAlbumDetailData } from '../api/course-albums';
import { CourseGridSkeleton } from '../components/course-grid-skeleton';
import { CourseGrid } from '../components/course-tile';
import '../courses.css';

function AlbumNotFound() {
  const { t } = useTranslation(['course', 'common']);
  usePageMeta({ status: 404 });
  useTitleOverride(`${t('course:titles.albumNotFound')} - ${t('common:productName')}`);
  return (
    <div className="course-not-found" role="alert">
      <h1>{t('course:albums.notFound')}</h1>
      <Link to={paths.course.getHref()}>{t('course:detail.backToList')}</Link>
    </div>
  );
}

function AlbumView({ album }: { album: CourseAlbumDetailData }) {
  const { t } = useTranslation(['course', 'common']);
  const title = `${album.title} - ${t('common:productName')}`;
  useTitleOverride(title);
  usePageMeta({ title, description: summarize(album.description), image: album.cover });
  return (
    <article className="album">
      <header className="album-banner">
        <Image src={album.cover} alt="" className="album-banner__image" priority />
        <div className="album-banner__text">
          <p className="album-banner__kicker">{t('course:albums.kicker')}</p>
          <h1>{album.title}</h1>
          <p className="album-banner__count">{t('course:albums.count', { count: album.course_count })}</p>
        </div>
      </header>
      {album.description ? (
        <section className="album-intro" aria-labelledby="album-intro-heading">
          <h2 id="album-intro-heading">{t('course:albums.intro')}</h2>
          <p>{album.description}</p>
        </section>
      ) : null}
      <section aria-labelledby="album-courses-heading">
        <h2 id="album-courses-heading">{t('course:albums.courses')}</h2>
        {album.courses.length === 0 ? <p className="course-empty">{t('course:albums.empty')}</p> : <CourseGrid courses={album.courses} />}
      </section>
    </article>
  );
}

/** `/course/album/:id`: an album's banner, introduction and its courses in album order. */
export function CourseAlbumPage() {
  const { t } = useTranslation('course');
  const { id } = useParams();
  const valid = /^\d{1,9}$/.test(id ?? '') && Number(id) > 0;
  const album = useCourseAlbum(valid ? Number(id) : 0);
  let body;
  if (!valid) body = <AlbumNotFound />;
  else if (album.isPending)
    body = (
      <div aria-busy="true">
        <Skeleton height={180} />
        <p className="visually-hidden">{t('albums.loading')}</p>
        <CourseGridSkeleton count={4} />
      </div>
    );
  else if (album.isError)
    body =
      isApiError(album.error) && (album.error.code === ErrorCode.NOT_FOUND || album.error.code === ErrorCode.VALIDATION) ? (
        <AlbumNotFound />
      ) : (
        <ErrorState error={album.error} onRetry={() => void album.refetch()} />
      );
  else body = <AlbumView album={album.data} />;
  return <div className="container courses">{body}</div>;
}
