/** The simulated live source (decision record 0022): a live HLS playlist computed from the clock. */

/** Segments in the sliding window of a live playlist. */
export const LIVE_WINDOW = 6;

export interface LivePlaylistInput {
  /** The live's start and end (ms). */
  startMs: number;
  endMs: number;
  nowMs: number;
  segmentS: number;
  /** Segments in the looped clip. */
  loopLength: number;
  /** URI of the n-th segment of the clip (0-based, already signed). */
  segmentUri: (n: number) => string;
}

/**
 * The playlist a live encoder would publish now: the last LIVE_WINDOW whole segments, numbered
 * from the start (EXT-X-MEDIA-SEQUENCE grows by one per segment), the clip looping with an
 * EXT-X-DISCONTINUITY where it starts over, and no EXT-X-ENDLIST until the live has ended. The
 * encoder is taken to have started a window before the live, so a viewer at the start can play.
 */
export function livePlaylist(p: LivePlaylistInput): string {
  const segMs = p.segmentS * 1000;
  const ended = p.nowMs >= p.endMs;
  const at = Math.min(p.nowMs, p.endMs);
  // Index of the newest complete segment.
  const last = Math.floor((at - p.startMs) / segMs) + LIVE_WINDOW - 1;
  const first = Math.max(0, last - LIVE_WINDOW + 1);
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${p.segmentS}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    // Discontinuity number of the first segment: the loop restarts counted up to it.
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / p.loopLength)}`,
  ];
  for (let i = first; i <= last; i++) {
    if (i > first && i % p.loopLength === 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${p.segmentS.toFixed(3)},`, p.segmentUri(i % p.loopLength));
  }
  if (ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/** Rewrites every URI of a playlist (plain lines and `URI="…"` attributes) through `sign`. */
export function rewritePlaylist(text: string, sign: (uri: string) => string): string {
  return text
    .split('\n')
    .map((line) => {
      const l = line.trim();
      if (!l) return line;
      if (!l.startsWith('#')) return sign(l);
      return line.replace(/URI="([^"]+)"/g, (_, uri: string) => `URI="${sign(uri)}"`);
    })
    .join('\n');
}
