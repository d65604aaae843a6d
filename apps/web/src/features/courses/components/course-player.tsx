import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CourseChapter } from '@medportal/contract';
import { paths } from '../../../config/paths';
import { useHereUrl } from '../../../shared/hooks/use-origin';
import { VideoPlayer } from '../../../shared/player';
import { Price } from '../../../shared/ui/price';
import { useLearnHeartbeat } from '../api/learn-heartbeat';
import type { CourseDetailData } from '../api/courses';

export interface PlayerSelection {
  chapterId: number;
  startAt: number;
  autoPlay: boolean;
}

/** Why a locked chapter cannot be played, and what to do: log in, or buy the course. */
function LockedPanel({ course, chapter, onBuy }: { course: CourseDetailData; chapter: CourseChapter; onBuy: () => void }) {
  const { t } = useTranslation('course');
  const here = useHereUrl();
  if (chapter.locked_reason === 'login') {
    return (
      <div className="course-locked" role="region" aria-label={t('player.lockedTitle')}>
        <p className="course-locked__title">{t('player.loginTitle')}</p>
        <p>{t('player.loginText', { title: chapter.title })}</p>
        <Link className="button button--primary" to={paths.login.getHref(here)}>
          {t('player.login')}
        </Link>
      </div>
    );
  }
  return (
    <div className="course-locked" role="region" aria-label={t('player.lockedTitle')}>
      <p className="course-locked__title">{t('player.buyTitle')}</p>
      <p>{t('player.buyText', { title: chapter.title })}</p>
      <p className="course-locked__price">
        {t('player.price')} <Price course={course} />
      </p>
      <button type="button" className="button button--primary" onClick={onBuy} data-testid="locked-buy">
        {t('player.buy')}
      </button>
    </div>
  );
}

/** The course's player: the selected chapter plays in place, or its lock says why not. */
export function CoursePlayer({
  course,
  chapter,
  selection,
  signedIn,
  onExpired,
  onBuy,
}: {
  course: CourseDetailData;
  chapter: CourseChapter;
  selection: PlayerSelection;
  signedIn: boolean;
  onExpired: () => void;
  /** Opens the order dialog (the caller sends anonymous visitors to the login first). */
  onBuy: () => void;
}) {
  const { t } = useTranslation('course');
  const onProgress = useLearnHeartbeat(course.id, chapter.id, signedIn);
  const here = useHereUrl();
  return (
    <section className="course-player" aria-labelledby="course-player-heading">
      <h2 id="course-player-heading" className="course-player__title">
        {chapter.title}
      </h2>
      {chapter.media ? (
        <VideoPlayer
          key={chapter.id}
          src={chapter.media.hls_url}
          poster={chapter.media.poster}
          subtitles={chapter.media.subtitles}
          title={chapter.title}
          startAt={selection.startAt}
          autoPlay={selection.autoPlay}
          onProgress={onProgress}
          onExpired={onExpired}
        />
      ) : chapter.locked_reason ? (
        <LockedPanel course={course} chapter={chapter} onBuy={onBuy} />
      ) : (
        <p className="course-locked">{t('player.noMedia')}</p>
      )}
      {/* One line for visitors and members, whatever the lesson shows: the server renders a visitor's
          page, and a line that came or went once the member's session is known would move
          everything below it. */}
      <p className="course-player__hint">
        {signedIn ? (
          t('player.progressSaved')
        ) : (
          <>
            {t('player.signInToSave')} <Link to={paths.login.getHref(here)}>{t('player.login')}</Link>
          </>
        )}
      </p>
    </section>
  );
}
