import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../shared/format/date';
import { useLang } from '../../../shared/hooks/use-lang';
import { pageParam } from '../../../shared/page-param';
import { formatClock } from '../../../shared/player/format-clock';
import { Image } from '../../../shared/ui/image';
import { PagedList } from '../../../shared/ui/paged-list';
import { USER_CENTER_PAGE_SIZE, useMyCourses, type LearnRecordPage } from '../api/user-center';

type Record = LearnRecordPage['items'][number];

function CourseRecord({ r }: { r: Record }) {
  const { t } = useTranslation('member');
  const lang = useLang();
  // A course owned (bought, or through a voucher) but never played: listed from its grant.
  const started = r.last_chapter_id !== null;
  return (
    <li className="center-card">
      <Link to={paths.courseDetail.getHref(r.course.id)} className="center-card__media" tabIndex={-1} aria-hidden="true">
        <Image src={r.course.cover} alt="" className="center-card__image" />
      </Link>
      <div className="center-card__body">
        <h2 className="center-card__title">
          <Link to={paths.courseDetail.getHref(r.course.id)}>{r.course.title}</Link>
        </h2>
        <div className="center-card__progress">
          <progress max={100} value={r.progress} aria-label={t('center.mycourse.progressOf', { title: r.course.title })} />
          <span>{r.completed ? t('center.mycourse.completed') : t('center.mycourse.progress', { percent: r.progress })}</span>
        </div>
        <p className="center-card__meta">
          {r.last_chapter_title ? t('center.mycourse.last', { title: r.last_chapter_title, time: formatClock(r.last_position_s) }) : null}
          {started ? (
            <span>{t('center.mycourse.learnedAt', { date: formatDate(r.learned_at, lang) })}</span>
          ) : (
            <span>{t('center.mycourse.notStarted', { date: formatDate(r.learned_at, lang) })}</span>
          )}
        </p>
      </div>
      <Link className="button button--primary center-card__action" to={started ? `${paths.courseDetail.getHref(r.course.id)}?resume=1` : paths.courseDetail.getHref(r.course.id)}>
        {r.completed ? t('center.mycourse.review') : started ? t('center.mycourse.continue') : t('center.mycourse.start')}
      </Link>
    </li>
  );
}

/** `/user/mycourse`: the courses I learn or own, most recent first, with progress and a continue (or start) button. */
export function MyCoursePage() {
  const { t } = useTranslation('member');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const page = pageParam(search);
  const list = useMyCourses(page);
  return (
    <section className="center-page" aria-labelledby="center-heading">
      <h1 id="center-heading">{t('center.links.mycourse')}</h1>
      <PagedList<Record>
        query={list}
        page={page}
        pageSize={USER_CENTER_PAGE_SIZE}
        onPage={(p) => void navigate({ search: p > 1 ? `?page=${p}` : '' })}
        render={(r) => <CourseRecord key={r.course.id} r={r} />}
        className="center-list"
        loadingLabel={t('center.loading')}
        emptyClassName="center-empty"
        empty={
          <>
            {t('center.mycourse.empty')} <Link to={paths.course.getHref()}>{t('center.mycourse.browse')}</Link>
          </>
        }
      />
    </section>
  );
}
