import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveItem } from '@medportal/contract';
import { LiveStatus } from '@medportal/contract/codes';
import { formatDateTime } from '../../../shared/format/date';
import { useTimeZoneName } from '../../../shared/format/timezone';
import { useLang } from '../../../shared/hooks/use-lang';
import { ActionLink } from '../../../shared/ui/action-link';
import { Image } from '../../../shared/ui/image';

/** Live status badge: status 1 is "now live" with a pulsing dot (spec §4). */
export function LiveBadge({ live }: { live: Pick<LiveItem, 'live_status' | 'live_status_text'> }) {
  const { t } = useTranslation('home');
  const isLive = live.live_status === LiveStatus.LIVE;
  const text = live.live_status_text || (isLive ? t('live.now') : '');
  if (!text) return null;
  return (
    <span className={`badge live-badge${isLive ? ' live-badge--now' : ''}`} data-live-status={live.live_status}>
      {isLive ? <span className="live-badge__dot" aria-hidden="true" /> : null}
      {text}
    </span>
  );
}

/** A live meeting: banner (preview GIF on hover or focus), status, title, subtitle, start time. */
export function LiveCard({ live }: { live: LiveItem }) {
  const lang = useLang();
  const zone = useTimeZoneName();
  const [previewing, setPreviewing] = useState(false);
  const showGif = previewing && !!live.preview_gif;
  const on = () => setPreviewing(true);
  const off = () => setPreviewing(false);
  return (
    <ActionLink action={live.action} className="card live-card" onMouseEnter={on} onMouseLeave={off} onFocus={on} onBlur={off}>
      <span className="card__media">
        <Image src={showGif ? live.preview_gif : live.banner} alt="" className="card__image" />
        <LiveBadge live={live} />
      </span>
      <span className="card__body">
        <span className="card__title clamp-2">{live.title}</span>
        {live.sub_title ? <span className="card__desc clamp-1">{live.sub_title}</span> : null}
        <span className="card__meta">
          <time dateTime={live.start_at}>{formatDateTime(live.start_at, lang, zone)}</time>
        </span>
      </span>
    </ActionLink>
  );
}
