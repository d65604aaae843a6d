import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../shared/format/date';
import { useRecordHistory } from '../../../shared/history';
import { useLang } from '../../../shared/hooks/use-lang';
import { loadNamespaces } from '../../../shared/i18n';
import { formatClock } from '../../../shared/player';
import { HostBackLink, hostRefreshOr } from '../../../shared/host-controls';
import { ErrorState } from '../../../shared/ui/error-state';
import { NotFoundPage } from '../../../shared/ui/not-found-page';
import { Skeleton } from '../../../shared/ui/skeleton';
import { isMissing, useRecording } from '../api/live-room';
import { PlayerSlot } from '../components/player-slot';
import { SpeakerList } from '../components/speaker-list';
import '../live-room.css';
import { CreditPanel } from '../../../shared/credit/credit-panel';

export async function loader() {
  await loadNamespaces('liveRoom', 'player');
  return null;
}

/**
 * The playback position that drives the page: the video's `currentTime` while there is a video
 * (timeupdate and seeked), else a slider. `seek` moves whichever it is.
 */
function usePosition(playing: boolean) {
  const box = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState(0);
  useEffect(() => {
    const video = playing ? box.current?.querySelector('video') : null;
    if (!video) return;
    const update = () => setPosition(video.currentTime);
    video.addEventListener('timeupdate', update);
    video.addEventListener('seeked', update);
    return () => {
      video.removeEventListener('timeupdate', update);
      video.removeEventListener('seeked', update);
    };
  }, [playing]);
  const seek = (s: number) => {
    const video = playing ? box.current?.querySelector('video') : null;
    if (video) video.currentTime = s;
    setPosition(s);
  };
  return { box, position, seek };
}

/**
 * `/w/o/vod/{id}`: a recording with its chapters; the slides and the questions follow the playback
 * position (a question appears at the second it was asked, its answer at the second it was given).
 */
export function VodPage() {
  const { t } = useTranslation('liveRoom');
  const lang = useLang();
  const id = Number(useParams().id);
  const rec = useRecording(id);
  const { box, position, seek } = usePosition(Boolean(rec.data?.media));
  useRecordHistory('vod', id);
  if (rec.isPending) {
    return (
      <div className="lr-page">
        <Skeleton height={320} />
      </div>
    );
  }
  // A missing item is the 404 page (answered 404 by the server), not a failure to retry.
  if (rec.isError && isMissing(rec.error)) return <NotFoundPage />;
  if (rec.isError) return <ErrorState error={rec.error} onRetry={hostRefreshOr(() => void rec.refetch())} />;
  const r = rec.data;
  const slideAt = [...r.slide_timeline].reverse().find((s) => s.at_s <= position)?.index ?? 0;
  const slide = r.slides[slideAt];
  const asked = r.qa_timeline.filter((q) => q.asked_at_s <= position).reverse();
  const chapterAt = [...r.chapters].reverse().find((c) => c.at_s <= position)?.at_s;
  return (
    <div className="lr-page" data-testid="vod">
      <nav className="lr-nav">
        {r.live_id !== null ? <HostBackLink to={paths.liveRoom.getHref(r.live_id)}>‹ {t('vod.back')}</HostBackLink> : <HostBackLink to={paths.liveHistory.getHref()}>‹ {t('vod.backList')}</HostBackLink>}
      </nav>
      <header className="lr-head">
        <h1 className="lr-title">{r.title}</h1>
        {r.sub_title ? <p className="lr-sub">{r.sub_title}</p> : null}
        <p className="lr-meta">
          <span>{formatDateTime(r.recorded_at, lang)}</span>
          <span>{t('vod.duration', { time: formatClock(r.duration_s) })}</span>
          {r.organizer ? <span>{r.organizer.name}</span> : null}
        </p>
      </header>
      <div className="lr-grid">
        <div className="lr-main">
          <div ref={box}>
            <PlayerSlot
              media={r.media}
              reason={r.media_unavailable}
              poster={r.banner}
              title={r.title}
              watch={r.live_id !== null ? { module: 'vod', liveId: r.live_id } : null}
              onExpired={() => void rec.refetch()}
            />
          </div>
          {r.media ? null : (
            <label className="lr-timeline">
              <span>
                {t('vod.position')} <output>{formatClock(position)}</output> / {formatClock(r.duration_s)}
              </span>
              <input type="range" min={0} max={r.duration_s} value={position} onChange={(e) => seek(Number(e.target.value))} aria-label={t('vod.position')} />
            </label>
          )}
          <p className="visually-hidden" aria-live="off" data-testid="vod-position" data-seconds={Math.floor(position)}>
            {formatClock(position)}
          </p>
          {r.chapters.length > 0 ? (
            <section className="lr-card lr-order-poll" aria-labelledby="lr-chapters-title">
              <h2 id="lr-chapters-title">{t('vod.chapters')}</h2>
              <ol className="lr-chapters">
                {r.chapters.map((c) => (
                  <li key={c.at_s} className={c.at_s === chapterAt ? 'is-current' : undefined}>
                    <button type="button" className="link-button lr-link" onClick={() => seek(c.at_s)} aria-current={c.at_s === chapterAt ? 'step' : undefined}>
                      {formatClock(c.at_s)} {c.title}
                    </button>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
          {slide ? (
            <section className="lr-card lr-slides" aria-labelledby="lr-vod-slides-title">
              <div className="lr-card__head">
                <h2 id="lr-vod-slides-title">{t('slides.title')}</h2>
                <span className="lr-muted">
                  {slideAt + 1} / {r.slides.length}
                </span>
              </div>
              <img className="lr-slide" src={slide.image} alt={slide.title} data-testid="vod-slide" data-index={slideAt} />
            </section>
          ) : null}
          <SpeakerList speakers={r.speakers} />
        </div>
        <aside className="lr-side">
          <CreditPanel kind="recording" id={r.id} />
          <section className="lr-card lr-qa lr-order-qa" aria-labelledby="lr-vod-qa-title">
            <h2 id="lr-vod-qa-title">{t('qa.title')}</h2>
            {asked.length === 0 ? (
              <p className="lr-muted">{r.qa_timeline.length ? t('vod.qaLater') : t('qa.none')}</p>
            ) : (
              <ul className="lr-topics" data-testid="vod-topics">
                {asked.map((q) => (
                  <li key={q.id} className="lr-topic" data-testid="vod-topic" data-topic-id={q.id}>
                    <div className="lr-topic__meta">
                      <img src={q.user.avatar} alt="" width={24} height={24} className="lr-avatar" />
                      <span>{q.user.nickname}</span>
                      <button type="button" className="link-button lr-link lr-muted" onClick={() => seek(q.asked_at_s)}>
                        {formatClock(q.asked_at_s)}
                      </button>
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
