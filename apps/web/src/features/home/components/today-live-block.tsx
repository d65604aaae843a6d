import type { HomeBlockOf } from '@medportal/contract';
import { formatTime } from '../../../shared/format/date';
import { useTimeZoneName } from '../../../shared/format/timezone';
import { useLang } from '../../../shared/hooks/use-lang';
import { ActionLink } from '../../../shared/ui/action-link';
import { BlockSection } from './block-section';
import { LiveBadge } from './live-card';

/** Today's lives as a timeline: start time, status, title. */
export function TodayLiveBlock({ block }: { block: HomeBlockOf<'today_live'> }) {
  const lang = useLang();
  const zone = useTimeZoneName();
  return (
    <BlockSection block={block}>
      <ol className="timeline">
        {block.data.items.map((live) => (
          <li key={live.id} className="timeline__item">
            <ActionLink action={live.action} className="timeline__link">
              <time className="timeline__time" dateTime={live.start_at}>
                {formatTime(live.start_at, lang, zone)}
              </time>
              <span className="timeline__body">
                <span className="card__title clamp-1">{live.title}</span>
                {live.sub_title ? <span className="card__desc clamp-1">{live.sub_title}</span> : null}
              </span>
              <LiveBadge live={live} />
            </ActionLink>
          </li>
        ))}
      </ol>
    </BlockSection>
  );
}
