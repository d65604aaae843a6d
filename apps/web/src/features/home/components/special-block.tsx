import type { HomeBlockOf } from '@medportal/contract';
import { BlockSection } from './block-section';
import { SpecialCard } from './special-card';

/** Special albums, large. */
export function SpecialBlock({ block }: { block: HomeBlockOf<'special'> }) {
  return (
    <BlockSection block={block}>
      <ul className="card-grid card-grid--2">
        {block.data.items.map((special) => (
          <li key={special.id}>
            <SpecialCard special={special} wide />
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
