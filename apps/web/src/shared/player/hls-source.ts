import type Hls from 'hls.js/light';

export interface Level {
  index: number;
  height: number;
  bitrate: number;
}

export interface SourceEvents {
  onLevels: (levels: Level[]) => void;
  /** A fatal failure; `expired` when the media server refused the signed link (403). */
  onFatal: (expired: boolean) => void;
}

export interface AttachedSource {
  /** hls.js levels: -1 lets it choose. Native playback has none. */
  setLevel(index: number): void;
  /** Where a live stream's edge is now (seconds), or null. */
  liveEdge(): number | null;
  destroy(): void;
}

const hasMse = () => typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);

/**
 * Plays an HLS URL in a <video>: hls.js (loaded on demand, only by pages with a player) where
 * Media Source Extensions exist, the browser's own HLS otherwise (iOS Safari).
 */
export async function attachHls(video: HTMLVideoElement, url: string, startAt: number, live: boolean, ev: SourceEvents): Promise<AttachedSource> {
  if (!hasMse() && video.canPlayType('application/vnd.apple.mpegurl')) {
    video.src = url;
    const onError = () => ev.onFatal(false);
    video.addEventListener('error', onError);
    if (startAt > 0) video.addEventListener('loadedmetadata', () => (video.currentTime = startAt), { once: true });
    return {
      setLevel: () => undefined,
      liveEdge: () => (video.seekable.length ? video.seekable.end(video.seekable.length - 1) : null),
      destroy: () => {
        video.removeEventListener('error', onError);
        video.removeAttribute('src');
        video.load();
      },
    };
  }
  const { default: HlsJs } = await import('hls.js/light');
  const hls: Hls = new HlsJs({ startPosition: startAt > 0 ? startAt : -1, enableWorker: true, lowLatencyMode: false, liveDurationInfinity: live });
  hls.on(HlsJs.Events.MANIFEST_PARSED, (_e, data) => {
    ev.onLevels(data.levels.map((l, index) => ({ index, height: l.height, bitrate: l.bitrate })));
  });
  let recovered = false;
  hls.on(HlsJs.Events.ERROR, (_e, data) => {
    if (!data.fatal) return;
    const status = data.response?.code;
    if (data.type === HlsJs.ErrorTypes.MEDIA_ERROR && !recovered) {
      recovered = true;
      hls.recoverMediaError();
      return;
    }
    ev.onFatal(status === 403);
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return {
    setLevel: (index) => {
      hls.currentLevel = index;
    },
    liveEdge: () => hls.liveSyncPosition,
    destroy: () => hls.destroy(),
  };
}
