import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@medportal/contract/codes';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { learnCountText } from '../../../shared/format/count';
import { formatDate } from '../../../shared/format/date';
import { useTimeZoneName } from '../../../shared/format/timezone';
import { isApiError } from '../../../shared/api-client';
import { useLang } from '../../../shared/hooks/use-lang';
import { ActionLink } from '../../../shared/ui/action-link';
import { FavoriteButton } from '../../../shared/ui/favorite-button';
import { useTitleOverride } from '../../../shared/ui/document-title';
import { summarize, usePageMeta } from '../../../shared/ui/page-meta';
import { breadcrumbs, courseLd } from '../../../shared/ui/structured-data';
import { ErrorState } from '../../../shared/ui/error-state';
import { Image } from '../../../shared/ui/image';
import { Price } from '../../../shared/ui/price';
import { Later } from '../../../shared/ui/later';
import { Skeleton } from '../../../shared/ui/skeleton';
import type { CourseChapter } from '@medportal/contract';
import { redirectToLogin, useSession } from '../../../shared/session';
import { BuyDialog } from '../../money';
import { PriceType } from '@medportal/contract/codes';
import { useQueryClient } from '@tanstack/react-query';
import {
  useChapterProgress,
  useCourseChapters,
  useCourseDetail,
  useCourseFavorite,
  useGuessLike,
  useLearnProgress,
  useSeriesCourses,
  type CourseDetailData,
} from '../api/courses';
import { CreditPanel } from '../../../shared/credit/credit-panel';
import { courseKeys } from '../api/keys';
import { CoursePlayer, type PlayerSelection } from './course-player';
import { AppraiseSection } from './appraise-section';
import { ChapterList, formatDuration } from './chapter-list';
import { CourseGrid } from './course-tile';

function Title({ text }: { text: string }) {
  const { t } = useTranslation('common');
  useTitleOverride(`${text} - ${t('productName')}`);
  return null;
}

/** What search engines and share cards read about the course. */
function CourseMeta({ course }: { course: CourseDetailData }) {
  const { t } = useTranslation(['course', 'common']);
  const lang = useLang();
  const path = paths.courseDetail.getHref(course.id);
  const description = summarize(course.description) || course.title;
  usePageMeta({
    description,
    image: course.cover,
    type: 'video.other',
    jsonLd: [
      courseLd(
        { title: course.title, description, cover: course.cover, path, price: course.price, teachers: course.teachers.map((s) => s.name) },
        t('common:productName'),
        lang,
      ),
      breadcrumbs([
        { name: t('common:productName'), path: paths.home.getHref() },
        { name: t('course:titles.list'), path: paths.course.getHref() },
        { name: course.title, path },
      ]),
    ],
  });
  return null;
}

export function CourseNotFound() {
  const { t } = useTranslation('course');
  usePageMeta({ status: 404 });
  return (
    <div className="course-not-found" role="alert">
      <Title text={t('titles.notFound')} />
      <h1>{t('detail.notFound')}</h1>
      <Link to={paths.course.getHref()}>{t('detail.backToList')}</Link>
    </div>
  );
}

function Teachers({ course }: { course: CourseDetailData }) {
  const { t } = useTranslation('course');
  if (!course.teachers.length) return null;
  return (
    <section className="course-section" aria-labelledby="course-teachers-heading">
      <h2 id="course-teachers-heading">{t('detail.teachers')}</h2>
      <ul className="teacher-list">
        {course.teachers.map((s) => (
          <li key={s.id}>
            <ActionLink action={s.action} className="teacher-card">
              <Image src={s.avatar} alt="" className="teacher-card__avatar" width={56} height={56} />
              <span>
                <strong className="teacher-card__name">{s.name}</strong>
                <span className="teacher-card__desc">{[s.title, s.hospital?.name ?? s.organization?.name].filter(Boolean).join(' · ')}</span>
              </span>
            </ActionLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Related({ course }: { course: CourseDetailData }) {
  const { t } = useTranslation('course');
  const isSeriesMember = course.series_id !== null || course.course_type === 2;
  const series = useSeriesCourses(course.id, isSeriesMember);
  const guess = useGuessLike(course.id);
  return (
    <>
      {series.data?.items.length ? (
        <section className="course-section" aria-labelledby="course-series-heading">
          <h2 id="course-series-heading">{t('seriesCourses')}</h2>
          <CourseGrid courses={series.data.items} />
        </section>
      ) : null}
      {guess.data?.items.length ? (
        <section className="course-section" aria-labelledby="course-guess-heading">
          <h2 id="course-guess-heading">{t('guessLike')}</h2>
          <CourseGrid courses={guess.data.items} />
        </section>
      ) : null}
    </>
  );
}

/**
 * Stands where the player will be while the lessons load: the same title line, 16:9 box and hint
 * line (visitors and members both get one), so nothing below it moves.
 */
function PlayerPlaceholder() {
  return (
    <div className="course-player" aria-hidden="true">
      <p className="course-player__title">
        <Skeleton text width="40%" />
      </p>
      <Skeleton className="course-player__skeleton" />
      <p className="course-player__hint">
        <Skeleton text width="60%" />
      </p>
    </div>
  );
}

/** One row per lesson the course says it has, each as tall as a lesson button. */
function ChapterListPlaceholder({ count }: { count: number }) {
  return (
    <ol className="chapter-list" aria-hidden="true">
      {Array.from({ length: Math.min(Math.max(count, 1), 50) }, (_, i) => (
        <li key={i} className="chapter-list__item">
          <span className="chapter-list__button">
            <Skeleton text />
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The detail's first screen while it loads: hero (player box, title, price, meta) and lessons. */
function CourseDetailSkeleton({ label }: { label: string }) {
  return (
    <div className="course-detail" role="status" aria-label={label}>
      <div className="course-hero">
        <div className="course-hero__media">
          <PlayerPlaceholder />
        </div>
        <div className="course-hero__body">
          <p className="course-hero__title">
            <Skeleton text width="80%" />
          </p>
          <p className="course-hero__price">
            <Skeleton text width="30%" />
          </p>
          <p className="course-hero__meta">
            <Skeleton text width="70%" />
          </p>
        </div>
      </div>
      <div className="course-section">
        <ChapterListPlaceholder count={3} />
      </div>
    </div>
  );
}

/** Favourite the course with the shared button and this feature's texts. */
function CourseFavoriteButton({ course }: { course: CourseDetailData }) {
  const { t } = useTranslation('course');
  const mutation = useCourseFavorite(course.id);
  return <FavoriteButton favorite={course.is_favorite} mutation={mutation} label={{ add: t('detail.favorite'), added: t('detail.favorited') }} />;
}

/** The course detail, shared by `/course/:id` and the bare `/course_h5/:id`. */
export function CourseDetailView({ id }: { id: number }) {
  const { t } = useTranslation(['course', 'common', 'money']);
  const lang = useLang();
  const zone = useTimeZoneName();
  const session = useSession();
  const signedIn = session.token !== null;
  const valid = Number.isInteger(id) && id > 0;
  const detail = useCourseDetail(valid ? id : 0);
  const chapters = useCourseChapters(valid ? id : 0, signedIn);
  const progress = useLearnProgress(valid ? id : 0, signedIn);
  const chapterProgress = useChapterProgress(valid ? id : 0, signedIn);
  // `?resume=1` (the personal centre's continue button) starts the last lesson at once.
  const [search] = useSearchParams();
  const autoResume = search.get('resume') === '1';
  const [picked, setPicked] = useState<(PlayerSelection & { n: number }) | null>(null);
  const [buying, setBuying] = useState(false);
  const queryClient = useQueryClient();
  // Buying needs a login: anonymous visitors go to the login page and come back here.
  const buy = () => (signedIn ? setBuying(true) : redirectToLogin());
  const playerRef = useRef<HTMLDivElement>(null);
  const progressById = useMemo(() => new Map((chapterProgress.data?.items ?? []).map((p) => [p.chapter_id, p])), [chapterProgress.data]);

  const items = chapters.data?.items ?? [];
  // Until a lesson is picked, the player holds where the learner left off, else the first playable lesson.
  const resume = progress.data?.last_chapter_id ? items.find((c) => c.id === progress.data?.last_chapter_id) : undefined;
  const selection: PlayerSelection | null =
    picked ??
    (resume
      ? { chapterId: resume.id, startAt: progress.data?.last_position_s ?? 0, autoPlay: autoResume && resume.media !== null }
      : items[0]
        ? { chapterId: (items.find((c) => c.media) ?? items[0]).id, startAt: 0, autoPlay: false }
        : null);
  const selected = selection ? items.find((c) => c.id === selection.chapterId) : undefined;

  const play = (c: CourseChapter, startAt?: number) => {
    const p = progressById.get(c.id);
    const from = startAt ?? (p && !p.completed && p.position_s < c.duration_s - 5 ? p.position_s : 0);
    setPicked((old) => ({ chapterId: c.id, startAt: from, autoPlay: c.media !== null, n: (old?.n ?? 0) + 1 }));
    playerRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    // The player itself takes the focus once it is there, so keyboard users land on it.
    window.setTimeout(() => playerRef.current?.querySelector<HTMLElement>('.player, .course-locked a')?.focus(), 0);
  };

  if (!valid) return <CourseNotFound />;
  if (detail.isPending) return <CourseDetailSkeleton label={t('course:loading')} />;
  if (detail.isError) {
    if (isApiError(detail.error) && (detail.error.code === ErrorCode.NOT_FOUND || detail.error.code === ErrorCode.VALIDATION)) return <CourseNotFound />;
    return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  }
  const c = detail.data;
  const paid = c.price_type !== PriceType.FREE && c.price > 0;
  // Owned when signed in and no chapter is locked for want of a purchase.
  const purchased = paid && signedIn && chapters.isSuccess && !chapters.isPlaceholderData && !items.some((ch) => ch.locked_reason === 'purchase');
  return (
    <article className="course-detail">
      {paid && buying ? (
        <BuyDialog
          course={{ id: c.id, title: c.title }}
          open={buying}
          onClose={() => setBuying(false)}
          onPaid={() => void queryClient.invalidateQueries({ queryKey: courseKeys.course(c.id) })}
        />
      ) : null}
      <Title text={c.title} />
      <CourseMeta course={c} />
      <header className="course-hero">
        <div ref={playerRef} className="course-hero__media">
          {selected && selection ? (
            <CoursePlayer
              key={picked ? `pick-${picked.n}` : `resume-${selected.id}-${selection.startAt}`}
              course={c}
              chapter={selected}
              selection={selection}
              signedIn={signedIn}
              onExpired={() => void chapters.refetch()}
              onBuy={buy}
            />
          ) : chapters.isPending ? (
            <PlayerPlaceholder />
          ) : (
            <Image src={c.cover} alt="" className="course-hero__cover" priority />
          )}
        </div>
        <div className="course-hero__body">
          <h1 className="course-hero__title">{c.title}</h1>
          {c.series_id && c.series_title ? (
            <p>
              {t('course:detail.partOf')}
              <Link to={paths.courseDetail.getHref(c.series_id)}>{c.series_title}</Link>
            </p>
          ) : null}
          <p className="course-hero__price">
            <Price course={c} />
            {paid ? (
              purchased ? (
                <span className="course-purchased" data-testid="course-purchased">
                  {t('money:buy.purchased')}
                </span>
              ) : (
                <button type="button" className="button button--primary course-buy" onClick={buy} data-testid="course-buy">
                  {t('money:buy.buyNow')}
                </button>
              )
            ) : null}
          </p>
          <p className="course-hero__meta">
            <span>{t('course:detail.learners', { count: learnCountText(c, lang) })}</span>
            <span>{t('course:detail.chaptersCount', { count: c.chapters_count })}</span>
            <span>{t('course:detail.updatedAt', { date: formatDate(c.updated_at, lang, zone) })}</span>
          </p>
          {progress.data && progress.data.progress > 0 ? (
            <div className="course-progress">
              <span>{progress.data.completed ? t('course:player.courseCompleted') : t('course:player.courseProgress', { percent: progress.data.progress })}</span>
              <progress max={100} value={progress.data.progress} aria-label={t('course:player.progressLabel')} />
            </div>
          ) : null}
          <p className="course-hero__actions">
            {resume ? (
              <button type="button" className="button button--primary course-continue" onClick={() => play(resume, progress.data?.last_position_s ?? 0)}>
                {t('course:player.continue', { title: resume.title, time: formatDuration(progress.data?.last_position_s ?? 0) })}
              </button>
            ) : null}
            <CourseFavoriteButton course={c} />
          </p>
          {c.tags.length ? (
            <p className="course-tags">
              {c.tags.map((tag) => (
                <span key={tag.id} className="course-tag">
                  {tag.title}
                </span>
              ))}
            </p>
          ) : null}
        </div>
      </header>
      <CreditPanel kind={c.course_type === 2 ? 'series' : 'course'} id={c.id} />
      <section className="course-section" aria-labelledby="course-chapters-heading" aria-busy={chapters.isPlaceholderData}>
        <h2 id="course-chapters-heading">{t('course:chapters.heading')}</h2>
        {chapters.isPending ? (
          <ChapterListPlaceholder count={c.chapters_count} />
        ) : chapters.isError ? (
          <ErrorState error={chapters.error} onRetry={() => void chapters.refetch()} />
        ) : (
          <ChapterList chapters={chapters.data.items} current={selected?.id} progress={progressById} onPlay={(ch) => play(ch)} />
        )}
      </section>
      <section className="course-section" aria-labelledby="course-desc-heading">
        <h2 id="course-desc-heading">{t('course:detail.description')}</h2>
        <p className="course-description">{c.description}</p>
      </section>
      <Teachers course={c} />
      {/* Below the first screen: hydrated when scrolled near, rendered in slices after the part above. */}
      <Later>
        <Related course={c} />
      </Later>
      <Later>
        <AppraiseSection course={c} />
      </Later>
    </article>
  );
}
