import type { ApiLanguage, TopicCard, TopicCounts } from '@medportal/contract';
import { presentSpecial } from '../shared/editorial.present.ts';
import type { TopicRow } from './topics.repository.ts';

const NO_ITEMS: TopicCounts = { course: 0, live: 0, news: 0, paper: 0 };

export function presentTopic(r: TopicRow, counts: TopicCounts | undefined, lang: ApiLanguage): TopicCard {
  return { ...presentSpecial(r, lang), counts: counts ?? NO_ITEMS };
}
