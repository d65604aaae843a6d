import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HomeBlockOf } from '@medportal/contract';
import { ActionLink } from '../../../shared/ui/action-link';
import { useTabs } from '../../../shared/ui/tabs';
import { BlockSection } from './block-section';
import { NewsItemCard } from './news-item-card';

/** News by category, as tabs. */
export function NewsMenuBlock({ block }: { block: HomeBlockOf<'news_menu'> }) {
  const { t } = useTranslation('home');
  const tabs = block.data.items;
  const [selected, setSelected] = useState(0);
  const baseId = useId();
  const active = tabs[Math.min(selected, tabs.length - 1)];
  const tabList = useTabs({
    keys: tabs.map((_, i) => i),
    selected,
    onSelect: setSelected,
    tabId: (i) => `${baseId}-tab-${i}`,
    panelId: `${baseId}-panel`,
  });

  return (
    <BlockSection block={block}>
      <div className="news-menu__list" {...tabList.listProps} aria-label={block.header.title || t('layouts.news_menu')}>
        {tabs.map((tab, i) => (
          <button key={tab.id} {...tabList.tabProps(i)} className={`news-menu__tab${i === selected ? ' is-active' : ''}`}>
            {tab.title}
          </button>
        ))}
      </div>
      {active ? (
        <div className="news-menu__panel" {...tabList.panelProps}>
          <ul className="card-list card-list--2">
            {active.items.map((item) => (
              <li key={item.id}>
                <NewsItemCard item={item} />
              </li>
            ))}
          </ul>
          <ActionLink action={active.action} className="news-menu__more">
            {t('moreAbout', { title: active.title })}
          </ActionLink>
        </div>
      ) : null}
    </BlockSection>
  );
}
