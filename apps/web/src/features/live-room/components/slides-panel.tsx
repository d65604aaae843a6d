import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ppt } from '../api/live-room';

/**
 * Slides follow the presenter unless the viewer browses back; "Jump to live" follows again.
 * `onSelect` (moderators) changes the presenter's slide instead of browsing.
 */
export function SlidesPanel({ ppt, onSelect }: { ppt: Ppt; onSelect?: (index: number) => void }) {
  const { t } = useTranslation('liveRoom');
  const [browsing, setBrowsing] = useState<number | null>(null);
  const shown = browsing ?? ppt.current;
  const slide = ppt.slides[shown];
  if (ppt.slides.length === 0) return null;
  const go = (i: number) => {
    const next = Math.max(0, Math.min(ppt.slides.length - 1, i));
    if (onSelect) onSelect(next);
    else setBrowsing(next === ppt.current ? null : next);
  };
  return (
    <section className="lr-card lr-slides" aria-labelledby="lr-slides-title">
      <div className="lr-card__head">
        <h2 id="lr-slides-title">{t('slides.title')}</h2>
        <span className="lr-muted" data-testid="slide-position">
          {shown + 1} / {ppt.slides.length}
        </span>
      </div>
      {slide ? <img className="lr-slide" src={slide.image} alt={slide.title} data-testid="current-slide" data-index={shown} /> : null}
      <div className="lr-slides__nav">
        <button type="button" className="button" onClick={() => go(shown - 1)} disabled={shown === 0}>
          ‹ {t('slides.prev')}
        </button>
        {browsing !== null && !onSelect ? (
          <button type="button" className="button button--primary" onClick={() => setBrowsing(null)}>
            {t('slides.jumpLive')}
          </button>
        ) : (
          <span className="lr-muted">{onSelect ? t('slides.presenting') : t('slides.following')}</span>
        )}
        <button type="button" className="button" onClick={() => go(shown + 1)} disabled={shown >= ppt.slides.length - 1}>
          {t('slides.next')} ›
        </button>
      </div>
    </section>
  );
}
