import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * CSP a Vite-built React SPA works under: own scripts only, inline styles allowed (React style
 * props), images/media from ourselves plus data:/blob: (QR codes, previews). From outside only
 * WeChat's JS-SDK script, which the page loads inside WeChat for wx.config and sharing.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://res.wx.qq.com'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'self'"],
  formAction: ["'self'"],
  // Off: plain http in development and tests, and behind a TLS terminator the browser already uses https.
  upgradeInsecureRequests: null,
};

export interface SecurityOptions {
  /**
   * Origins media is played from besides this server (the streaming CDN with MEDIA_PROVIDER=cdn):
   * hls.js fetches playlists, segments and subtitles (connect-src), native HLS and <track> load
   * them as media (media-src), and posters are images (img-src).
   */
  mediaOrigins?: readonly string[];
}

/** The CSP directives with the media origins allowed where media is loaded. */
export function cspDirectives(mediaOrigins: readonly string[] = []): typeof CSP_DIRECTIVES {
  const origins = [...new Set(mediaOrigins)];
  return {
    ...CSP_DIRECTIVES,
    imgSrc: [...CSP_DIRECTIVES.imgSrc, ...origins],
    mediaSrc: [...CSP_DIRECTIVES.mediaSrc, ...origins],
    connectSrc: [...CSP_DIRECTIVES.connectSrc, ...origins],
  };
}

/** One year, subdomains included (helmet's default value), sent on https answers only. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers helmet sets with these options. They depend on nothing in the request, so helmet
 * runs once, at start, instead of building its middleware again for every request.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    // X-Powered-By, which Node never sets.
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

export default fp<SecurityOptions>(
  async (app, opts) => {
    const headers = helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(opts.mediaOrigins) },
      // The app is embedded in native web views and mini-programs; COEP would block their images.
      crossOriginEmbedderPolicy: false,
      // HSTS below: only meaningful, and only honoured by browsers, on an https answer.
      strictTransportSecurity: false,
    });
    // req.protocol is https for a TLS socket, or per X-Forwarded-Proto from a peer TRUST_PROXY trusts
    // (anyone else's header is ignored); the session cookie's Secure flag follows the same rule.
    app.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
      reply.headers(headers);
      if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
      done();
    });
    await app.register(compress, {
      global: true,
      encodings: ['br', 'gzip'],
      threshold: 1024,
      // Quality 4 keeps brotli on par with gzip for CPU while still smaller.
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'security' },
);
