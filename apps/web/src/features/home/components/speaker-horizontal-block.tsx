import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { HomeBlockOf } from '@medportal/contract';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../shared/ui/icons';
import { BlockSection } from './block-section';
import { SpeakerCard } from './speaker-card';

/** Speakers in one horizontally scrolling row, with scroll buttons. */
export function SpeakerHorizontalBlock({ block }: { block: HomeBlockOf<'speaker_horizontal'> }) {
  const { t } = useTranslation('home');
  const listRef = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => {
    const el = listRef.current;
    if (!el) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el.scrollBy({ left: direction * el.clientWidth * 0.8, behavior: reduce ? 'auto' : 'smooth' });
  };
  return (
    <BlockSection block={block}>
      <div className="scroller">
        <button type="button" className="scroller__button scroller__button--prev" aria-label={t('speaker.scrollPrev')} onClick={() => scroll(-1)}>
          <ChevronLeftIcon />
        </button>
        <ul className="scroller__list" ref={listRef}>
          {block.data.items.map((speaker) => (
            <li key={speaker.id}>
              <SpeakerCard speaker={speaker} compact />
            </li>
          ))}
        </ul>
        <button type="button" className="scroller__button scroller__button--next" aria-label={t('speaker.scrollNext')} onClick={() => scroll(1)}>
          <ChevronRightIcon />
        </button>
      </div>
    </BlockSection>
  );
}
