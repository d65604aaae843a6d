import { useCallback, useEffect, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Banner, HomeBlockOf } from '@medportal/contract';
import { BANNER_HEIGHT_PX } from '@medportal/contract/constants';
import { useReducedMotion } from '../../../shared/hooks/use-reduced-motion';
import { ActionLink } from '../../../shared/ui/action-link';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '../../../shared/ui/icons';
import { Image } from '../../../shared/ui/image';
import { BlockSection } from './block-section';

/** Time each slide stays before the carousel advances. */
export const BANNER_INTERVAL_MS = 5000;

/**
 * Banner carousel, 343 px tall on desktop (spec §9), after the WAI-ARIA carousel pattern. It
 * advances on its own only while nobody is reading it: never with `prefers-reduced-motion`, and
 * not while the pointer is over it or focus is inside it (WCAG 2.2.2). The pause/play button
 * stops and restarts it for good; previous/next buttons, dots and the arrow keys move by hand.
 */
export function BannerBlock({ block, side = [] }: { block: HomeBlockOf<'banner'>; side?: Banner[] }) {
  const { t } = useTranslation('home');
  const slides = block.data.items;
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const reducedMotion = useReducedMotion();
  // The person's own choice wins; until they make one, reduced motion means no rotation.
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const playing = choice === null ? !reducedMotion : choice === 'play';
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rotating = playing && !hovered && !focused && count > 1;

  const go = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);
  const current = Math.min(index, count - 1);

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), BANNER_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [rotating, count]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(current - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(current + 1);
    }
  };

  const title = block.header.title || t('layouts.banner');
  const style = { '--banner-height': `${BANNER_HEIGHT_PX}px` } as CSSProperties;
  const sideBanners = side.slice(0, 2);

  return (
    <BlockSection block={block} hideHeading style={style}>
      <div className={`banner-row${sideBanners.length ? ' banner-row--with-side' : ''}`}>
        <div
          className="carousel"
          role="group"
          data-rotation={rotating ? 'running' : 'paused'}
          aria-roledescription={t('banner.roledescription')}
          aria-label={title}
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setFocused(true)}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
          }}
        >
          <div className="carousel__viewport" aria-live={rotating ? 'off' : 'polite'}>
            {slides.map((slide, i) => (
              <div
                key={slide.id}
                className={`carousel__slide${i === current ? ' is-active' : ''}`}
                data-slide={i}
                role="group"
                aria-roledescription={t('banner.slideRole')}
                aria-label={t('banner.slide', { index: i + 1, total: count })}
                aria-hidden={i !== current}
                inert={i !== current}
              >
                <ActionLink action={slide.action} className="carousel__link" onKeyDown={onKeyDown}>
                  <Image src={slide.image} alt={slide.title} priority={i === 0} className="carousel__image" />
                </ActionLink>
              </div>
            ))}
          </div>
          {count > 1 ? (
            <>
              <button type="button" className="carousel__arrow carousel__arrow--prev" aria-label={t('banner.prev')} onClick={() => go(current - 1)} onKeyDown={onKeyDown}>
                <ChevronLeftIcon />
              </button>
              <button type="button" className="carousel__arrow carousel__arrow--next" aria-label={t('banner.next')} onClick={() => go(current + 1)} onKeyDown={onKeyDown}>
                <ChevronRightIcon />
              </button>
              <div className="carousel__controls">
                <button
                  type="button"
                  className="carousel__toggle"
                  aria-label={playing ? t('banner.pause') : t('banner.play')}
                  onClick={() => setChoice(playing ? 'pause' : 'play')}
                  onKeyDown={onKeyDown}
                >
                  {playing ? <PauseIcon /> : <PlayIcon />}
                </button>
                <div className="carousel__dots">
                  {slides.map((slide, i) => (
                    <button
                      key={slide.id}
                      type="button"
                      className={`carousel__dot${i === current ? ' is-active' : ''}`}
                      aria-label={t('banner.goTo', { index: i + 1, title: slide.title })}
                      aria-current={i === current ? 'true' : undefined}
                      onClick={() => go(i)}
                      onKeyDown={onKeyDown}
                    />
                  ))}
                </div>
              </div>
            </>
          ) : null}
        </div>
        {sideBanners.length ? (
          <ul className="banner-side">
            {sideBanners.map((b) => (
              <li key={b.id}>
                <ActionLink action={b.action} className="banner-side__link">
                  <Image src={b.image} alt={b.title} />
                </ActionLink>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </BlockSection>
  );
}
