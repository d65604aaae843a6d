import type { HomeBlockOf } from '@medportal/contract';
import { BlockSection } from './block-section';
import { LiveCard } from './live-card';

/** Live meetings in a grid. */
export function LiveMeetingsBlock({ block }: { block: HomeBlockOf<'live_meetings'> }) {
  return (
    <BlockSection block={block}>
      <ul className="card-grid card-grid--4">
        {block.data.items.map((live) => (
          <li key={live.id}>
            <LiveCard live={live} />
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
