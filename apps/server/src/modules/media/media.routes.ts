import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ErrorCode } from '@medportal/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { serverRoot } from '../../paths.ts';
import { currentUser } from '../../plugins/auth.ts';
import { acceptBeaconBodies } from '../../plugins/body.ts';
import { coverSvg, isCoverKind } from './cover-svg.ts';
import { livePlaylist, rewritePlaylist } from './media.live.ts';
import { findPublishedLive } from './media.repository.ts';
import { recordWatch, watchRecords } from './media.watch.ts';

const SEED = /^[A-Za-z0-9_-]{1,64}$/;
const notFound = () => new AppError(ErrorCode.NOT_FOUND, { httpStatus: 404 });
/** Files the media server hands out: lower-case names in lower-case folders, never `..`. */
const MEDIA_FILE = /^(?:[a-z0-9][a-z0-9_-]*\/){1,4}[a-z0-9][a-z0-9_-]*\.(m3u8|ts|vtt|jpg)$/;
const RENDITION = /^[a-z0-9]{1,16}$/;

const CONTENT_TYPES = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  vtt: 'text/vtt; charset=utf-8',
  jpg: 'image/jpeg',
} as const;

export interface MediaRoutesOptions {
  now: () => Date;
  /** Where the sandbox's files are; defaults to apps/server/media. */
  mediaRoot?: string;
  /** Where videos uploaded in the console are transcoded to (served as `up/<key>/...`, decision record 0064). */
  libraryDir?: string;
}

/**
 * Covers (generated SVG), the sandbox media server (signed HLS files and the simulated live
 * source), live playback URLs and watch time (decision record 0022).
 */
const mediaRoutes: FastifyPluginAsync<MediaRoutesOptions> = async (instance, { now, mediaRoot = join(serverRoot(), 'media'), libraryDir }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const signer = app.mediaSigner;
  const nowS = () => Math.floor(now().getTime() / 1000);

  app.get<{ Params: { kind: string; seed: string }; Querystring: { label?: string } }>(
    '/media/cover/:kind/:seed.svg',
    { schema: { hide: true } },
    async (req, reply) => {
      const { kind, seed } = req.params;
      if (!isCoverKind(kind) || !SEED.test(seed)) throw notFound();
      const label = typeof req.query.label === 'string' ? req.query.label : undefined;
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(coverSvg(kind, seed, label));
    },
  );

  /** Refuses (403) a request whose `t`/`sign` do not sign its path or have expired; returns the expiry. */
  function checkSigned(req: FastifyRequest, path: string): number {
    const q = req.query as Record<string, unknown>;
    const result = signer.verify(path, q.t, q.sign, nowS());
    if (result === 'invalid') throw new AppError(ErrorCode.MEDIA_LINK_INVALID, { httpStatus: 403 });
    if (result === 'expired') throw new AppError(ErrorCode.MEDIA_LINK_EXPIRED, { httpStatus: 403 });
    return Number(q.t);
  }

  /** Signs a playlist's URIs (relative to `base`, the playlist's own path) with the playlist's expiry. */
  const signUris = (text: string, base: string, exp: number) =>
    rewritePlaylist(text, (uri) => {
      if (/^[a-z]+:/i.test(uri)) return uri;
      const path = new URL(uri, `http://local${base}`).pathname;
      return `${uri}${uri.includes('?') ? '&' : '?'}${signer.query(path, exp)}`;
    });

  /** Cached by the browser at most until the link expires. */
  const cacheFor = (reply: FastifyReply, exp: number, maxS: number) =>
    reply.header('cache-control', `private, max-age=${Math.max(0, Math.min(maxS, exp - nowS()))}`);

  app.get<{ Params: { '*': string } }>('/media/hls/*', { schema: { hide: true } }, async (req, reply) => {
    const rel = req.params['*'];
    const m = MEDIA_FILE.exec(rel);
    if (!m) throw notFound();
    const path = `/media/hls/${rel}`;
    const exp = checkSigned(req, path);
    const ext = m[1] as keyof typeof CONTENT_TYPES;
    let body: Buffer;
    try {
      body = await readFile(libraryDir && rel.startsWith('up/') ? join(libraryDir, rel.slice(3)) : join(mediaRoot, rel));
    } catch {
      throw notFound();
    }
    reply.type(CONTENT_TYPES[ext]);
    if (ext === 'm3u8') return cacheFor(reply, exp, 60).send(signUris(body.toString('utf8'), path, exp));
    return cacheFor(reply, exp, 86_400).send(body);
  });

  // The simulated live source: a master playlist and one sliding-window playlist per rendition.
  app.get<{ Params: { id: string; file: string } }>('/media/live/:id/:file', { schema: { hide: true } }, async (req, reply) => {
    const { id, file } = req.params;
    const m = /^([a-z0-9]{1,16})\.m3u8$/.exec(file);
    if (!/^\d{1,9}$/.test(id) || !m) throw notFound();
    const path = `/media/live/${id}/${file}`;
    const exp = checkSigned(req, path);
    const source = await app.media.liveSource(Number(id));
    const t = now().getTime();
    if (!source || t < source.live.startAt.getTime()) throw new AppError(ErrorCode.MEDIA_NOT_AVAILABLE, { httpStatus: 404 });
    const { live, asset } = source;
    reply.type(CONTENT_TYPES.m3u8).header('cache-control', 'no-cache');
    const name = m[1] as string;
    if (name === 'master') {
      const master = ['#EXTM3U', '#EXT-X-VERSION:3'];
      for (const r of asset.renditions) {
        master.push(`#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height},CODECS="avc1.4d401e,mp4a.40.2",NAME="${r.name}"`, `${r.name}.m3u8`);
      }
      return reply.send(signUris(`${master.join('\n')}\n`, path, exp));
    }
    if (!RENDITION.test(name) || !asset.renditions.some((r) => r.name === name)) throw notFound();
    const loopLength = Math.round(asset.durationS / asset.segmentS);
    const text = livePlaylist({
      startMs: live.startAt.getTime(),
      endMs: live.endAt.getTime(),
      nowMs: t,
      segmentS: asset.segmentS,
      loopLength,
      segmentUri: (n) => `/media/hls/${asset.path}/${name}/seg_${String(n).padStart(2, '0')}.ts`,
    });
    return reply.send(signUris(text, path, exp));
  });

  app.route({
    ...endpointRoute('watchRecord'),
    handler: async (req) => ok(await watchRecords(app.db, currentUser(req).id, req.query, req.ctx.lang, now())),
  });

  // Heartbeats may come as beacons (text/plain, token in the body) when the page is closing.
  await app.register(async (beacons) => {
    acceptBeaconBodies(beacons);
    beacons.withTypeProvider<ZodTypeProvider>().route({
      ...endpointRoute('watchLog'),
      handler: async (req) => {
        const me = currentUser(req);
        if (!(await findPublishedLive(app.db, req.body.id, now()))) throw new AppError(ErrorCode.NOT_FOUND);
        return ok(await recordWatch(app.db, me.id, req.body, now()));
      },
    });
  });
};

export default mediaRoutes;
