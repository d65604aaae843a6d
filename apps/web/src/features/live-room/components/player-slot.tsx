import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Media, MediaUnavailable, WatchModule } from '@medportal/contract';
import { type PlayerProgress, useWatchLog, VideoPlayer } from '../../../shared/player';
import { isLoggedIn } from '../../../shared/session';
import { attendBeat } from '../api/live-room';

const pathOf = (url: string | undefined) => url?.split('?')[0];

/**
 * Keeps the playing URL while a refetch only re-signs it (every answer carries a new expiry):
 * re-attaching the player would interrupt playback. A different file (the stream became the
 * replay) or a link the media server refused switches to the new URL.
 */
function useStableSrc(url: string | undefined): [string | undefined, () => void] {
  const [state, setState] = useState({ src: url, stale: false });
  if (url !== state.src && (pathOf(url) !== pathOf(state.src) || state.stale)) setState({ src: url, stale: false });
  return [state.src, () => setState((s) => ({ ...s, stale: true }))];
}

export interface PlayerSlotProps {
  media: Media | null;
  reason: MediaUnavailable | null;
  poster: string;
  title: string;
  /** Watch time goes to this live's record (a recording counts for its live); null: not recorded. */
  watch: { module: WatchModule; liveId: number } | null;
  /** The signed link expired: fetch the page's data again for a fresh one. */
  onExpired: () => void;
  /** While the live is on air, its attendance beats go to this live (decision record 0053). */
  attendLiveId?: number | undefined;
}

/** The shared player with the room's media; without media it says why (not started, replay being prepared, login or code needed). */
export function PlayerSlot({ media, reason, poster, title, watch, onExpired, attendLiveId }: PlayerSlotProps) {
  const { t } = useTranslation('liveRoom');
  const [src, markStale] = useStableSrc(media?.hls_url);
  const watchLog = useWatchLog(watch?.module ?? 'live', watch?.liveId ?? 0);
  const attending = attendLiveId !== undefined && media?.live === true;
  const onProgress = useCallback(
    (p: PlayerProgress) => {
      watchLog(p);
      // Attendance counts only a playing player in a visible page: a paused, ended or hidden one says so.
      if (!attending || !isLoggedIn()) return;
      const playing = p.reason === 'start' || p.reason === 'tick';
      void attendBeat(attendLiveId, { session_id: p.sessionId, playing, visible: document.visibilityState === 'visible' });
    },
    [watchLog, attending, attendLiveId],
  );
  if (!media || !src) {
    return (
      <div className="lr-player lr-player--empty" style={{ backgroundImage: `url(${poster})` }} data-testid="player-empty" data-reason={reason ?? 'no_source'}>
        <p className="lr-player__reason">{t(`media.${reason ?? 'no_source'}`)}</p>
      </div>
    );
  }
  return (
    <div className="lr-player-wrap" data-testid="player" data-live={media.live}>
      <VideoPlayer
        src={src}
        title={title}
        poster={media.poster || poster}
        subtitles={media.subtitles}
        live={media.live}
        onProgress={watch ? onProgress : undefined}
        onExpired={() => {
          markStale();
          onExpired();
        }}
      />
    </div>
  );
}
