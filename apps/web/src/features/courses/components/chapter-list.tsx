import { useTranslation } from 'react-i18next';
import type { CourseChapter } from '@medportal/contract';

/** "12:05" or "1:02:03". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

export function ChapterList({ chapters }: { chapters: CourseChapter[] }) {
  const { t } = useTranslation('course');
  if (!chapters.length) return <p className="course-empty">{t('chapters.empty')}</p>;
  return (
    <ol className="chapter-list">
      {chapters.map((c) => (
        <li key={c.id} className="chapter-list__item">
          <span className="chapter-list__title">{c.title}</span>
          {c.free_preview ? <span className="course-badge course-badge--free">{t('chapters.freePreview')}</span> : null}
          <span className="chapter-list__duration">
            <span className="visually-hidden">{t('chapters.duration')}</span>
            {formatDuration(c.duration_s)}
          </span>
        </li>
      ))}
    </ol>
  );
}
