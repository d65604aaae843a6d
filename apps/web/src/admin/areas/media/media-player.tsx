import { useEffect, useRef } from 'react';
import type { Media } from '@medportal/contract';

/** The console's player: native HLS where the browser has it, else hls.js (loaded only when a video is shown). */
export function MediaPlayer({ media }: { media: Media }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let destroy: (() => void) | null = null;
    let cancelled = false;
    if (video.canPlayType('application/vnd.apple.mpegurl')) {
      video.src = media.hls_url;
    } else {
      void import('hls.js').then(({ default: Hls }) => {
        if (cancelled || !Hls.isSupported()) return;
        const hls = new Hls();
        hls.loadSource(media.hls_url);
        hls.attachMedia(video);
        destroy = () => hls.destroy();
      });
    }
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [media.hls_url]);
  // Caption tracks are the asset's uploaded subtitles; an asset without them has none to give.
  return (
    // eslint-disable-next-line jsx-a11y/media-has-caption
    <video ref={ref} controls poster={media.poster} data-testid="media-player" style={{ width: '100%', maxWidth: 640, background: '#000', borderRadius: 4 }} crossOrigin="anonymous">
      {media.subtitles.map((s) => (
        <track key={s.lang} kind="subtitles" srcLang={s.lang} label={s.label} src={s.url} />
      ))}
    </video>
  );
}
