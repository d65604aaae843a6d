import type { MediaSettings } from '../../config.ts';
import type { UrlSigner } from './media.signing.ts';

/** A live's stream as the provider knows it. */
export interface StreamRef {
  liveId: number;
  streamName: string;
}

/**
 * Where playback URLs point (decision record 0022). The sandbox serves the demo HLS from this
 * server (`/media/hls/…`) and simulates live streams (`/media/live/…`); a CDN or streaming service
 * serves the same asset paths and its own live pull URLs, checking the same signature.
 */
export interface MediaProvider {
  readonly name: MediaSettings['provider'];
  /** Signed URL of a file under the media root (`demo/a/master.m3u8`). */
  fileUrl(path: string, expiresS: number): string;
  /** Signed playback URL of a live stream's master playlist. */
  liveUrl(stream: StreamRef, expiresS: number): string;
}

/** Serves our own files: relative URLs on this server, checked by media.routes.ts. */
export class SandboxMediaProvider implements MediaProvider {
  readonly name = 'sandbox' as const;
  constructor(private readonly signer: UrlSigner) {}

  fileUrl(path: string, expiresS: number): string {
    return this.signer.sign(`/media/hls/${path}`, expiresS);
  }

  liveUrl(stream: StreamRef, expiresS: number): string {
    return this.signer.sign(`/media/live/${stream.liveId}/master.m3u8`, expiresS);
  }
}

/** A CDN for recorded media and a streaming service's pull domain for lives, sharing our signing key. */
export class CdnMediaProvider implements MediaProvider {
  readonly name = 'cdn' as const;
  constructor(
    private readonly signer: UrlSigner,
    private readonly cdnBaseUrl: string,
    private readonly livePullBaseUrl: string,
  ) {}

  fileUrl(path: string, expiresS: number): string {
    return this.signer.sign(`${this.cdnBaseUrl}/${path}`, expiresS);
  }

  liveUrl(stream: StreamRef, expiresS: number): string {
    return this.signer.sign(`${this.livePullBaseUrl}/${encodeURIComponent(stream.streamName)}.m3u8`, expiresS);
  }
}

export function createMediaProvider(settings: MediaSettings, signer: UrlSigner): MediaProvider {
  if (settings.provider === 'cdn') {
    if (!settings.cdnBaseUrl || !settings.livePullBaseUrl) throw new Error('MEDIA_PROVIDER=cdn needs MEDIA_CDN_BASE_URL and MEDIA_LIVE_PULL_BASE_URL');
    return new CdnMediaProvider(signer, settings.cdnBaseUrl, settings.livePullBaseUrl);
  }
  return new SandboxMediaProvider(signer);
}
