/**
 * The streaming service a live's encoder pushes to (decision record 0066): it hands out signed
 * push URLs and, like the service's publish authentication, checks one that arrives. Playback
 * (pull) URLs stay with the media provider (decision record 0022).
 */

export interface PushAddress {
  /** The RTMP server: `rtmp://push.example.com/live`. */
  server: string;
  /** The stream name and its signature: `<stream>?txSecret=…&txTime=…` (the encoder's "stream key"). */
  streamKey: string;
  /** server + "/" + streamKey. */
  url: string;
}

/** `ok`, a tampered or foreign URL (`invalid`), or a good signature past its time (`expired`). */
export type PushCheck = { result: 'ok' | 'expired'; streamName: string } | { result: 'invalid'; streamName: null };

export interface StreamingProvider {
  readonly name: 'sandbox' | 'tencent';
  /** The push address of `streamName`, valid until `expiresS` (Unix seconds). */
  pushAddress(streamName: string, expiresS: number): PushAddress;
  /** What the service would answer to an encoder publishing with `url` at `nowS`. */
  verifyPush(url: string, nowS: number): PushCheck;
}
