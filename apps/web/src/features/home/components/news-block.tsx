import type { HomeBlockOf } from '@medportal/contract';
import { BlockSection } from './block-section';
import { NewsItemCard } from './news-item-card';

/** A list of news. */
export function NewsBlock({ block }: { block: HomeBlockOf<'news'> }) {
  return (
    <BlockSection block={block}>
      <ul className="card-list card-list--2">
        {block.data.items.map((item) => (
          <li key={item.id}>
            <NewsItemCard item={item} />
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
