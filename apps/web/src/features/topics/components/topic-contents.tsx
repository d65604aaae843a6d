import { useTranslation } from 'react-i18next';
import type { TopicModule } from '@medportal/contract';
import { TOPIC_MODULES } from '@medportal/contract/constants';
import { ErrorState } from '../../../shared/ui/error-state';
import { Image } from '../../../shared/ui/image';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useTabs } from '../../../shared/ui/tabs';
import { type Topic, type TopicItems, TOPIC_ITEM_PAGE_SIZE, useTopicItems } from '../api/topics';
import { CourseItem, LiveCard, NewsCard, PaperItem } from './item-cards';
import { Pager } from '../../../shared/ui/pager';

/** The modules a topic has items in, in display order. */
export const modulesOf = (topic: Topic): TopicModule[] => TOPIC_MODULES.filter((m) => topic.counts[m] > 0);

function Items({ module, data }: { module: TopicModule; data: TopicItems[TopicModule] }) {
  switch (module) {
    case 'course':
      return (
        <ul className="topic-grid">
          {(data as TopicItems['course']).items.map((c) => (
            <li key={c.id}>
              <CourseItem course={c} />
            </li>
          ))}
        </ul>
      );
    case 'live':
      return (
        <ul className="topic-grid">
          {(data as TopicItems['live']).items.map((l) => (
            <li key={l.id}>
              <LiveCard live={l} />
            </li>
          ))}
        </ul>
      );
    case 'news':
      return (
        <ul className="topic-rows">
          {(data as TopicItems['news']).items.map((n) => (
            <li key={n.id}>
              <NewsCard item={n} />
            </li>
          ))}
        </ul>
      );
    case 'paper':
      return (
        <ul className="topic-rows">
          {(data as TopicItems['paper']).items.map((p) => (
            <li key={p.id}>
              <PaperItem paper={p} />
            </li>
          ))}
        </ul>
      );
  }
}

export interface TopicContentsProps {
  topic: Topic;
  module: TopicModule | undefined;
  page: number;
  onModule: (module: TopicModule) => void;
  onPage: (page: number) => void;
}

/** A topic's header, its module tabs with counts and the chosen module's items, paged. */
export function TopicContents({ topic, module, page, onModule, onPage }: TopicContentsProps) {
  const { t } = useTranslation('topic');
  const modules = modulesOf(topic);
  const active = module && modules.includes(module) ? module : modules[0];
  const items = useTopicItems(topic.id, active ?? 'course', page, active !== undefined);
  const tabs = useTabs({ keys: modules, selected: active, onSelect: onModule, tabId: (m) => `topic-tab-${m}`, panelId: 'topic-panel' });
  return (
    <section className="topic-contents" aria-labelledby="topic-title" data-testid="topic-contents">
      <header className="topic-header">
        <Image src={topic.cover} alt="" className="topic-header__cover" />
        <div>
          <h2 id="topic-title" className="topic-header__title">
            {topic.title}
          </h2>
          {topic.desc ? <p className="topic-header__desc">{topic.desc}</p> : null}
        </div>
      </header>
      {active === undefined ? (
        <p className="topic-empty">{t('empty.items')}</p>
      ) : (
        <>
          <div className="topic-tabs" {...tabs.listProps} aria-label={t('tabs.label')}>
            {modules.map((m) => (
              <button key={m} {...tabs.tabProps(m)} className="topic-tab">
                {t(`tabs.${m}`)} <span className="topic-tab__count">{topic.counts[m]}</span>
              </button>
            ))}
          </div>
          <div {...tabs.panelProps} className="topic-panel">
            {items.isPending ? (
              <Skeleton height={200} />
            ) : items.isError ? (
              <ErrorState error={items.error} onRetry={() => void items.refetch()} />
            ) : items.data.items.length === 0 ? (
              <p className="topic-empty">{t('empty.items')}</p>
            ) : (
              <>
                <Items module={active} data={items.data} />
                <Pager page={page} pageSize={TOPIC_ITEM_PAGE_SIZE} total={items.data.total} onChange={onPage} label={t('pager.items')} />
              </>
            )}
          </div>
        </>
      )}
    </section>
  );
}
