import type { HomeBlockOf } from '@medportal/contract';
import { BlockSection } from './block-section';
import { SpeakerCard } from './speaker-card';

/** Speakers in a grid. */
export function SpeakersBlock({ block }: { block: HomeBlockOf<'speakers'> }) {
  return (
    <BlockSection block={block}>
      <ul className="card-grid card-grid--4">
        {block.data.items.map((speaker) => (
          <li key={speaker.id}>
            <SpeakerCard speaker={speaker} />
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
