import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveMedia, MediaUnavailable } from '@medportal/contract';

/**
 * The video: native HLS where the browser has it, else hls.js loaded only here. Without media it
 * says why (not started, replay being prepared, no stream source, login or code needed).
 */
export function PlayerSlot({ media, reason, poster }: { media: LiveMedia | null; reason: MediaUnavailable | null; poster: string }) {
  const { t } = useTranslation('liveRoom');
  const ref = useRef<HTMLVideoElement>(null);
  const url = media?.hls_url;
  useEffect(() => {
    const video = ref.current;
    if (!video || !url) return;
    if (video.canPlayType('application/vnd.apple.mpegurl')) {
      video.src = url;
      return;
    }
    let destroyed = false;
    let hls: { destroy(): void } | undefined;
    void import('hls.js').then(({ default: Hls }) => {
      if (destroyed || !Hls.isSupported()) return;
      const h = new Hls();
      h.loadSource(url);
      h.attachMedia(video);
      hls = h;
    });
    return () => {
      destroyed = true;
      hls?.destroy();
    };
  }, [url]);
  if (!media) {
    return (
      <div className="lr-player lr-player--empty" style={{ backgroundImage: `url(${poster})` }} data-testid="player-empty">
        <p className="lr-player__reason">{t(`media.${reason ?? 'no_source'}`)}</p>
      </div>
    );
  }
  return <video ref={ref} className="lr-player" controls playsInline poster={media.poster || poster} data-testid="player" />;
}
