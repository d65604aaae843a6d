import { hmac } from '../crypto.ts';
import { SignedPushProvider } from './signed-push.ts';
import type { StreamingProvider } from './types.ts';

export type { PushAddress, PushCheck, StreamingProvider } from './types.ts';
export { signedPushAddress, txSecret, verifySignedPush } from './signed-push.ts';

export interface StreamingSettings {
  /** `sandbox` (default outside production): a key derived from the app secret; `tencent`: the push domain's auth key. */
  provider: 'sandbox' | 'tencent';
  /** The push domain's authentication key (STREAM_PUSH_KEY); required with `tencent`. */
  pushKey: string | null;
  /** The RTMP server encoders push to (MEDIA_RTMP_PUSH_URL). */
  pushServer: string;
}

/**
 * The configured streaming service (decision record 0066). The sandbox signs and checks exactly as
 * the service does, with a key of its own; its pushes are not received (the simulated live source
 * plays the live's loop instead, decision record 0022).
 */
export function createStreamingProvider(settings: StreamingSettings, appSecret: string): StreamingProvider {
  if (settings.provider === 'tencent') {
    if (!settings.pushKey) throw new Error('STREAM_PROVIDER=tencent needs STREAM_PUSH_KEY');
    return new SignedPushProvider('tencent', settings.pushServer, settings.pushKey);
  }
  return new SignedPushProvider('sandbox', settings.pushServer, settings.pushKey ?? hmac(appSecret, 'stream-push-sandbox'));
}
