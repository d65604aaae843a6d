import { useTranslation } from 'react-i18next';
import type { ChapterLearnProgress, CourseChapter } from '@medportal/contract';

/** "12:05" or "1:02:03". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

function ProgressNote({ p }: { p: ChapterLearnProgress | undefined }) {
  const { t } = useTranslation('course');
  if (!p || (p.progress === 0 && !p.completed)) return null;
  return (
    <span className={`chapter-list__progress${p.completed ? ' is-done' : ''}`}>
      {p.completed ? t('chapters.completed') : t('chapters.learned', { percent: p.progress })}
    </span>
  );
}

/**
 * The lessons of a course. With `onPlay` each lesson is a button that plays it in place (a locked
 * one shows why); `current` marks the lesson in the player.
 */
export function ChapterList({
  chapters,
  current,
  progress,
  onPlay,
}: {
  chapters: CourseChapter[];
  current?: number | undefined;
  progress?: Map<number, ChapterLearnProgress> | undefined;
  onPlay?: ((chapter: CourseChapter) => void) | undefined;
}) {
  const { t } = useTranslation('course');
  if (!chapters.length) return <p className="course-empty">{t('chapters.empty')}</p>;
  return (
    <ol className="chapter-list">
      {chapters.map((c) => {
        const body = (
          <>
            <span className="chapter-list__title">{c.title}</span>
            {c.free_preview ? <span className="course-badge course-badge--free">{t('chapters.freePreview')}</span> : null}
            {c.locked_reason ? (
              <span className="chapter-list__lock">{c.locked_reason === 'login' ? t('chapters.lockedLogin') : t('chapters.lockedPurchase')}</span>
            ) : null}
            <ProgressNote p={progress?.get(c.id)} />
            <span className="chapter-list__duration">
              <span className="visually-hidden">{t('chapters.duration')}</span>
              {formatDuration(c.duration_s)}
            </span>
          </>
        );
        return (
          <li key={c.id} className={`chapter-list__item${current === c.id ? ' is-current' : ''}`}>
            {onPlay ? (
              <button type="button" className="chapter-list__button" aria-current={current === c.id ? 'true' : undefined} onClick={() => onPlay(c)}>
                {body}
              </button>
            ) : (
              body
            )}
          </li>
        );
      })}
    </ol>
  );
}
