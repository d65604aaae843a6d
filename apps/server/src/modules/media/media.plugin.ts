import fp from 'fastify-plugin';
import type { MediaSettings } from '../../config.ts';
import { loadAppSecret } from '../../lib/app-secret.ts';
import { hmac } from '../../lib/crypto.ts';
import { createStreamingProvider } from '../../lib/streaming/index.ts';
import { createMediaProvider } from './media.adapter.ts';
import { MediaService } from './media.service.ts';
import { UrlSigner } from './media.signing.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Playable media and signed URLs (decision record 0022). */
    media: MediaService;
    mediaSigner: UrlSigner;
  }
}

export interface MediaPluginOptions {
  settings: MediaSettings;
  appSecret: string | null;
  now: () => Date;
}

/** The `app.media` decorator: one provider and signer per app; MEDIA_SIGN_KEY or a key derived from the app secret. */
export default fp<MediaPluginOptions>(
  async (app, { settings, appSecret, now }) => {
    const secret = await loadAppSecret(app.db, appSecret);
    const key = settings.signKey ?? hmac(secret, 'media-url-signing');
    const signer = new UrlSigner(key);
    const streaming = createStreamingProvider({ ...settings.streaming, pushServer: settings.rtmpPushUrl }, secret);
    app.decorate('mediaSigner', signer);
    app.decorate('media', new MediaService(app.db, createMediaProvider(settings, signer), settings, now, streaming));
  },
  { name: 'media' },
);
