import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveStatus } from '@medportal/contract/codes';
import { formatMeetingNumber } from '../../../shared/format/meeting-number';
import { formatDate, formatTime } from '../../../shared/format/date';
import { useTimeZoneName } from '../../../shared/format/timezone';
import { useLang } from '../../../shared/hooks/use-lang';
import { ActionLink } from '../../../shared/ui/action-link';
import { Image } from '../../../shared/ui/image';
import { type LiveCard as Live, useLiveToggle } from '../api/lives';

/** Status badge: status 1 is "now live" with a pulsing dot (spec §4). */
export function LiveStatusBadge({ live }: { live: Pick<Live, 'live_status' | 'live_status_text'> }) {
  const isLive = live.live_status === LiveStatus.LIVE;
  if (!live.live_status_text) return null;
  return (
    <span className={`badge live-status${isLive ? ' live-status--now' : ''}`} data-live-status={live.live_status} data-testid={isLive ? 'now-live' : undefined}>
      {isLive ? <span className="live-status__dot" aria-hidden="true" /> : null}
      {live.live_status_text}
    </span>
  );
}

/** Remind and favourite: member actions; the state flips only on code 0. */
function ToggleButton({ live, kind }: { live: Live; kind: 'remind' | 'favorite' }) {
  const { t } = useTranslation(['live', 'common']);
  const toggle = useLiveToggle(kind, live.id);
  const on = kind === 'remind' ? live.is_remind : live.is_favorite;
  const label = kind === 'remind' ? (on ? t('card.reminded') : t('card.remind')) : on ? t('card.favorited') : t('card.favorite');
  return (
    <button
      type="button"
      className={`button live-card__toggle${on ? ' live-card__toggle--on' : ''}`}
      aria-pressed={on}
      aria-disabled={toggle.isPending || undefined}
      data-testid={`${kind}-button`}
      onClick={() => toggle.toggle(!on, kind === 'remind' ? t(on ? 'card.remindCleared' : 'card.remindSet') : t(on ? 'common:announce.favoriteRemoved' : 'common:announce.favoriteAdded'))}
    >
      {label}
    </button>
  );
}

/**
 * A live: banner (the preview GIF while hovered or focused), status, title, subtitle, time in the
 * viewer's timezone, meeting number in groups of four, and the remind / favourite buttons.
 * `priority`: the first cards of a list, often the largest thing on the first screen, load at once.
 */
export function LiveCard({ live, showDate = false, priority = false }: { live: Live; showDate?: boolean; priority?: boolean }) {
  const { t } = useTranslation('live');
  const lang = useLang();
  const zone = useTimeZoneName();
  const [previewing, setPreviewing] = useState(false);
  const on = () => setPreviewing(true);
  const off = () => setPreviewing(false);
  const showGif = previewing && !!live.preview_gif;
  const canRemind = live.live_status === LiveStatus.UPCOMING || live.live_status === LiveStatus.LIVE;
  const time = t('card.time', { start: formatTime(live.start_at, lang, zone), end: formatTime(live.end_at, lang, zone) });
  return (
    <article className="live-card" data-testid="live-card" data-live-id={live.id}>
      <ActionLink action={live.action} className="live-card__link" onMouseEnter={on} onMouseLeave={off} onFocus={on} onBlur={off}>
        <span className="live-card__media">
          <Image src={showGif ? live.preview_gif : live.banner} alt="" className="live-card__image" data-testid="live-card-image" priority={priority} />
          <LiveStatusBadge live={live} />
        </span>
        <span className="live-card__title clamp-2">{live.title}</span>
      </ActionLink>
      {live.sub_title ? <p className="live-card__sub clamp-1">{live.sub_title}</p> : null}
      <p className="live-card__meta">
        <time dateTime={live.start_at}>{showDate ? `${formatDate(live.start_at, lang, zone)} ${time}` : time}</time>
        {live.meeting_no ? <span>{t('card.meetingNo', { no: formatMeetingNumber(live.meeting_no) })}</span> : null}
      </p>
      <div className="live-card__actions">
        {canRemind ? <ToggleButton live={live} kind="remind" /> : null}
        <ToggleButton live={live} kind="favorite" />
        {live.remind_count > 0 && canRemind ? <span className="live-card__count">{t('card.reminders', { count: live.remind_count })}</span> : null}
      </div>
    </article>
  );
}
