import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDateTime } from '../../../shared/format/date';
import { useRecordHistory } from '../../../shared/history';
import { useLang } from '../../../shared/hooks/use-lang';
import { loadNamespaces } from '../../../shared/i18n';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useRecording } from '../api/live-room';
import { PlayerSlot } from '../components/player-slot';
import '../live-room.css';

export async function loader() {
  await loadNamespaces('liveRoom');
  return null;
}

const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

/**
 * `/w/o/vod/{id}`: a recording with its chapters; the slides and the questions follow the playback
 * position (a question appears at the second it was asked, its answer at the second it was given).
 * Without playable media the position is moved with the chapter list and the timeline slider.
 */
export function VodPage() {
  const { t } = useTranslation('liveRoom');
  const lang = useLang();
  const id = Number(useParams().id);
  const rec = useRecording(id);
  const [position, setPosition] = useState(0);
  useRecordHistory('vod', id);
  if (rec.isPending) {
    return (
      <div className="lr-page">
        <Skeleton height={320} />
      </div>
    );
  }
  if (rec.isError) return <ErrorState error={rec.error} onRetry={() => void rec.refetch()} />;
  const r = rec.data;
  const slideAt = [...r.slide_timeline].reverse().find((s) => s.at_s <= position)?.index ?? 0;
  const slide = r.slides[slideAt];
  const asked = r.qa_timeline.filter((q) => q.asked_at_s <= position).reverse();
  return (
    <div className="lr-page" data-testid="vod">
      <header className="lr-head">
        <h1 className="lr-title">{r.title}</h1>
        {r.sub_title ? <p className="lr-sub">{r.sub_title}</p> : null}
        <p className="lr-meta">
          <span>{formatDateTime(r.recorded_at, lang)}</span>
          <span>{t('vod.duration', { time: clock(r.duration_s) })}</span>
          {r.organizer ? <span>{r.organizer.name}</span> : null}
        </p>
      </header>
      <div className="lr-grid">
        <div className="lr-main">
          <PlayerSlot media={r.media} reason={r.media_unavailable} poster={r.banner} />
          <label className="lr-timeline">
            <span>
              {t('vod.position')} <output data-testid="vod-position">{clock(position)}</output> / {clock(r.duration_s)}
            </span>
            <input type="range" min={0} max={r.duration_s} value={position} onChange={(e) => setPosition(Number(e.target.value))} aria-label={t('vod.position')} />
          </label>
          {r.chapters.length > 0 ? (
            <section className="lr-card">
              <h2>{t('vod.chapters')}</h2>
              <ol className="lr-chapters">
                {r.chapters.map((c) => (
                  <li key={c.at_s}>
                    <button type="button" className="link-button lr-link" onClick={() => setPosition(c.at_s)}>
                      {clock(c.at_s)} {c.title}
                    </button>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
          {slide ? (
            <section className="lr-card lr-slides">
              <h2>{t('slides.title')}</h2>
              <img className="lr-slide" src={slide.image} alt={slide.title} data-testid="vod-slide" data-index={slideAt} />
            </section>
          ) : null}
        </div>
        <aside className="lr-side">
          <section className="lr-card lr-qa">
            <h2>{t('qa.title')}</h2>
            {asked.length === 0 ? (
              <p className="lr-muted">{r.qa_timeline.length ? t('vod.qaLater') : t('qa.empty')}</p>
            ) : (
              <ul className="lr-topics" data-testid="vod-topics">
                {asked.map((q) => (
                  <li key={q.id} className="lr-topic" data-testid="vod-topic">
                    <div className="lr-topic__meta">
                      <span>{q.user.nickname}</span>
                      <span className="lr-muted">{clock(q.asked_at_s)}</span>
                    </div>
                    <p className="lr-topic__content">{q.content}</p>
                    {q.answer && q.answered_at_s !== null && q.answered_at_s <= position ? (
                      <p className="lr-topic__answer" data-testid="vod-answer">
                        <strong>{t('qa.answer')}</strong> {q.answer}
                      </p>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </aside>
      </div>
    </div>
  );
}

export const Component = VodPage;
