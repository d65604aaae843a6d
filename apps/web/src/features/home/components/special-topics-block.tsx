import type { HomeBlockOf } from '@medportal/contract';
import { BlockSection } from './block-section';
import { SpecialCard } from './special-card';

/** Special topics in a grid. */
export function SpecialTopicsBlock({ block }: { block: HomeBlockOf<'special_topics'> }) {
  return (
    <BlockSection block={block}>
      <ul className="card-grid card-grid--4">
        {block.data.items.map((special) => (
          <li key={special.id}>
            <SpecialCard special={special} />
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
