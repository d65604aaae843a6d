import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../../shared/format/date';
import { useLang } from '../../../shared/hooks/use-lang';
import { ActionLink } from '../../../shared/ui/action-link';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useLiveAgenda, useLiveRelatedCourses } from '../api/live-room';

type Panel = 'agenda' | 'courses' | null;

/** The room's 会议议程 (its sessions with times and speakers) and 相关课程 (its speakers' and department's courses). */
export function AgendaPanel({ liveId }: { liveId: number }) {
  const { t } = useTranslation('liveRoom');
  const [open, setOpen] = useState<Panel>(null);
  const toggle = (p: Panel) => setOpen((cur) => (cur === p ? null : p));
  return (
    <div className="lr-card lr-agenda lr-order-end">
      <div className="lr-buttons">
        <button type="button" className="button" aria-expanded={open === 'agenda'} aria-controls="lr-agenda-panel" onClick={() => toggle('agenda')}>
          {t('agenda.button')}
        </button>
        <button type="button" className="button" aria-expanded={open === 'courses'} aria-controls="lr-courses-panel" onClick={() => toggle('courses')}>
          {t('agenda.coursesButton')}
        </button>
      </div>
      {open === 'agenda' ? <AgendaList liveId={liveId} /> : null}
      {open === 'courses' ? <RelatedCourses liveId={liveId} /> : null}
    </div>
  );
}

function AgendaList({ liveId }: { liveId: number }) {
  const { t } = useTranslation('liveRoom');
  const lang = useLang();
  const q = useLiveAgenda(liveId, true);
  return (
    <section id="lr-agenda-panel" aria-labelledby="lr-agenda-heading" data-testid="live-agenda">
      <h2 id="lr-agenda-heading">{t('agenda.title')}</h2>
      {q.isPending ? <Skeleton height={120} /> : q.isError ? <ErrorState error={q.error} onRetry={() => void q.refetch()} /> : q.data.items.length === 0 ? (
        <p className="lr-muted">{t('agenda.empty')}</p>
      ) : (
        <ol className="lr-agenda-list">
          {q.data.items.map((s) => (
            <li key={s.id}>
              <time dateTime={s.start_at} className="lr-agenda-time">
                {formatDate(s.start_at, lang)} {formatTime(s.start_at, lang)}–{formatTime(s.end_at, lang)}
              </time>
              <span className="lr-agenda-title">{s.title}</span>
              {s.speaker ? (
                <ActionLink action={s.speaker.action} className="lr-agenda-speaker">
                  {s.speaker.name}
                  {s.speaker.title ? ` · ${s.speaker.title}` : ''}
                </ActionLink>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function RelatedCourses({ liveId }: { liveId: number }) {
  const { t } = useTranslation('liveRoom');
  const q = useLiveRelatedCourses(liveId, true);
  return (
    <section id="lr-courses-panel" aria-labelledby="lr-courses-heading" data-testid="live-related-courses">
      <h2 id="lr-courses-heading">{t('agenda.coursesTitle')}</h2>
      {q.isPending ? <Skeleton height={120} /> : q.isError ? <ErrorState error={q.error} onRetry={() => void q.refetch()} /> : q.data.items.length === 0 ? (
        <p className="lr-muted">{t('agenda.coursesEmpty')}</p>
      ) : (
        <ul className="lr-agenda-list">
          {q.data.items.map((c) => (
            <li key={c.id}>
              <ActionLink action={c.action} className="lr-agenda-course">
                <img src={c.cover} alt="" width={96} height={54} loading="lazy" />
                <span>{c.title}</span>
              </ActionLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
