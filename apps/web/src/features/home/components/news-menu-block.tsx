import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { HomeBlockOf } from '@medportal/contract';
import { ActionLink } from '../../../shared/ui/action-link';
import { BlockSection } from './block-section';
import { NewsItemCard } from './news-item-card';

/** News by category, as tabs (arrow keys, Home and End move between tabs). */
export function NewsMenuBlock({ block }: { block: HomeBlockOf<'news_menu'> }) {
  const { t } = useTranslation('home');
  const tabs = block.data.items;
  const [selected, setSelected] = useState(0);
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const active = tabs[Math.min(selected, tabs.length - 1)];

  const select = (i: number) => {
    const next = (i + tabs.length) % tabs.length;
    setSelected(next);
    tabRefs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: tabs.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <BlockSection block={block}>
      <div className="tabs__list" role="tablist" aria-label={block.header.title || t('layouts.news_menu')}>
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${i}`}
            aria-selected={i === selected}
            aria-controls={`${baseId}-panel`}
            tabIndex={i === selected ? 0 : -1}
            className={`tabs__tab${i === selected ? ' is-active' : ''}`}
            onClick={() => setSelected(i)}
            onKeyDown={onKeyDown}
          >
            {tab.title}
          </button>
        ))}
      </div>
      {active ? (
        <div className="tabs__panel" role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${selected}`}>
          <ul className="card-list card-list--2">
            {active.items.map((item) => (
              <li key={item.id}>
                <NewsItemCard item={item} />
              </li>
            ))}
          </ul>
          <ActionLink action={active.action} className="tabs__more">
            {t('moreAbout', { title: active.title })}
          </ActionLink>
        </div>
      ) : null}
    </BlockSection>
  );
}
