import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { ErrorCode, MEDIA_TUS_PATH, errorMessage } from '@medportal/contract';
import type { Server as TusServer } from '@tus/server';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { MediaSettings } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { sniffImage } from '../../lib/image-type.ts';
import { currentUser } from '../../plugins/auth.ts';
import { Tag } from '../shared/cache-tags.ts';
import { hasArea } from '../staff/index.ts';
import { type FfmpegStatus, ffmpegStatus, imageToJpeg, probe } from './media.ffmpeg.ts';
import { TranscodeWorker, type WorkerOptions } from './media.jobs.ts';
import * as lib from './media.library.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The transcode queue of this process (decision record 0064). */
    mediaJobs: TranscodeWorker;
  }
}

export interface MediaAdminOptions {
  settings: MediaSettings;
  targets: lib.MediaTargets;
  worker?: WorkerOptions;
  /** false: this process takes no transcode jobs (another process does). */
  transcode?: boolean;
}

const SUBTITLE_MAX = 512 * 1024;
const POSTER_MAX = 5 * 1024 * 1024;
/** Upload-Metadata values the console sends; longer ones are cut. */
const META_MAX = 200;

/** A tus refusal: plain text in both languages, with an HTTP status tus clients understand. */
const tusError = (status: number, code: ErrorCode) => ({ status_code: status, body: `${errorMessage(code, 'zh_CN')} / ${errorMessage(code, 'en')}\n` });

/**
 * The console's media library (decision record 0064): tus uploads at MEDIA_TUS_PATH (content or
 * lives staff), the transcode queue, and the library's API (admin-routes.ts: area `content`; a
 * live's replay: area `lives`).
 */
const mediaAdminRoutes: FastifyPluginAsync<MediaAdminOptions> = async (instance, opts) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { settings } = opts;
  const tools = { ffmpegPath: settings.ffmpegPath, ffprobePath: settings.ffprobePath };
  await mkdir(settings.uploadDir, { recursive: true });
  await mkdir(settings.libraryDir, { recursive: true });

  // ffmpeg's presence, looked at most every 10 s (installing it needs no restart).
  let status: { at: number; value: Promise<FfmpegStatus> } | null = null;
  const ffmpeg = () => {
    if (!status || Date.now() - status.at > 10_000) status = { at: Date.now(), value: ffmpegStatus(tools) };
    return status.value;
  };

  const worker = new TranscodeWorker(app.db, settings, app.log, opts.worker);
  app.decorate('mediaJobs', worker);
  const transcoding = opts.transcode !== false;
  const kick = () => {
    if (transcoding) worker.kick();
  };
  if (transcoding) {
    app.addHook('onReady', () => worker.start());
    app.addHook('onClose', () => worker.stop());
  }

  // --- tus ------------------------------------------------------------------------------------
  /** The access token of each request handed to tus, and the staff member it turned out to be. */
  const tokens = new WeakMap<Request, string | undefined>();
  const uploaders = new WeakMap<Request, number>();
  // The tus server (and its libraries) is made for the first upload, not at every start.
  let tusServer: Promise<TusServer> | null = null;
  const makeTus = async (): Promise<TusServer> => {
    const [{ Server }, { FileStore }] = await Promise.all([import('@tus/server'), import('@tus/file-store')]);
    return new Server({
      path: MEDIA_TUS_PATH,
      datastore: new FileStore({ directory: settings.uploadDir }),
      maxSize: settings.uploadMaxBytes,
      relativeLocation: true,
      exposedHeaders: ['Upload-Asset-Id'],
      namingFunction: () => randomBytes(16).toString('hex'),
      // Every tus request: a logged-in user whose role reaches the content or lives area.
      onIncomingRequest: async (req) => {
        const token = tokens.get(req);
        const user = token ? await app.accounts.tokens.authenticate(app.db, token) : null;
        if (!user) throw tusError(401, ErrorCode.NOT_LOGGED_IN);
        if (!(await hasArea(app.db, user.id, 'content')) && !(await hasArea(app.db, user.id, 'lives'))) throw tusError(403, ErrorCode.FORBIDDEN);
        uploaders.set(req, user.id);
      },
      onUploadCreate: async (_req, upload) => {
        const meta = upload.metadata ?? {};
        // Control characters (a file name with a newline) are dropped.
        const clean = (v: string | null | undefined) =>
          v
            ? [...v]
                .filter((c) => c.charCodeAt(0) >= 0x20)
                .join('')
                .trim()
                .slice(0, META_MAX) || null
            : null;
        return { metadata: { filename: clean(meta.filename) ?? clean(meta.name) ?? '', title: clean(meta.title) ?? '' } };
      },
      onUploadFinish: async (req, upload) => {
        const actorId = uploaders.get(req);
        if (actorId === undefined) throw tusError(401, ErrorCode.NOT_LOGGED_IN);
        const file = join(settings.uploadDir, upload.id);
        const present = (await ffmpeg()).available;
        if (present) {
          // By the bytes, not the name: a video container with a video stream, or nothing is kept.
          const info = await probe(tools, file).catch(() => null);
          if (!info) {
            await rm(file, { force: true });
            await rm(`${file}.json`, { force: true });
            throw tusError(415, ErrorCode.MEDIA_NOT_VIDEO);
          }
        }
        const meta = upload.metadata ?? {};
        const row = await lib.createUploadedAsset(
          app.db,
          actorId,
          { uploadId: upload.id, filename: meta.filename || null, title: meta.title || null, sizeBytes: upload.size ?? upload.offset },
          present,
        );
        if (present) kick();
        return { headers: { 'Upload-Asset-Id': String(row.id) } };
      },
    });
  };
  const tus = () => (tusServer ??= makeTus());

  await app.register(async (uploads) => {
    // PATCH bodies stream straight into the file store (tus enforces the size).
    uploads.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
    const handle = async (req: FastifyRequest, reply: FastifyReply) => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) {
        if (v === undefined) continue;
        for (const one of Array.isArray(v) ? v : [v]) headers.append(k, one);
      }
      const withBody = req.method === 'PATCH' || req.method === 'POST';
      const webReq = new Request(`http://local${req.url}`, {
        method: req.method,
        headers,
        ...(withBody ? { body: Readable.toWeb(req.raw) as ReadableStream, duplex: 'half' } : {}),
      } as RequestInit);
      tokens.set(webReq, req.ctx.accessToken);
      const res = await (await tus()).handleWeb(webReq);
      reply.code(res.status);
      res.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      reply.header('cache-control', 'no-store');
      return reply.send(Buffer.from(await res.arrayBuffer()));
    };
    const methods = ['POST', 'PATCH', 'HEAD', 'OPTIONS', 'DELETE'] as const;
    uploads.route({ method: [...methods], url: MEDIA_TUS_PATH, schema: { hide: true }, handler: handle });
    uploads.route({ method: [...methods], url: `${MEDIA_TUS_PATH}/:uploadId`, schema: { hide: true }, handler: handle });
  });

  // --- the library -------------------------------------------------------------------------------
  const detail = (id: number) => lib.assetDetail(app.db, app.media, opts.targets, id);
  const dropCourse = (courseId: number | null) => {
    if (courseId !== null) app.publicCache.invalidate([Tag.course(courseId), Tag.courses]);
  };

  app.route({
    ...endpointRoute('adminMediaStatus'),
    handler: async () => ok({ ffmpeg: await ffmpeg(), upload_max_bytes: settings.uploadMaxBytes, tus_path: MEDIA_TUS_PATH }),
  });
  app.route({ ...endpointRoute('adminMediaList'), handler: async (req) => ok(await lib.listAssets(app.db, req.query)) });
  app.route({ ...endpointRoute('adminMediaDetail'), handler: async (req) => ok(await detail(req.params.id)) });
  app.route({
    ...endpointRoute('adminMediaUpdate'),
    handler: async (req) => {
      await lib.renameAsset(app.db, currentUser(req).id, req.params.id, req.body.title, req.body.updated_at);
      return ok(await detail(req.params.id));
    },
  });
  app.route({
    ...endpointRoute('adminMediaDelete'),
    handler: async (req) => {
      await lib.deleteAsset(app.db, settings, currentUser(req).id, req.params.id);
      return ok(null);
    },
  });
  app.route({
    ...endpointRoute('adminMediaRetry'),
    handler: async (req) => {
      if (!(await ffmpeg()).available) throw new AppError(ErrorCode.MEDIA_FFMPEG_MISSING);
      await lib.retryAsset(app.db, currentUser(req).id, req.params.id);
      kick();
      return ok(await detail(req.params.id));
    },
  });
  app.route({
    ...endpointRoute('adminMediaSubtitleDelete'),
    handler: async (req) => {
      await lib.removeSubtitle(app.db, settings, currentUser(req).id, req.params.id, req.params.lang);
      return ok(await detail(req.params.id));
    },
  });
  app.route({
    ...endpointRoute('adminMediaBind'),
    handler: async (req) => {
      const r = await lib.bindAsset(app.db, opts.targets, currentUser(req).id, req.params.id, { type: req.body.target_type, id: req.body.target_id });
      dropCourse(r.courseId);
      return ok(await detail(req.params.id));
    },
  });
  app.route({
    ...endpointRoute('adminMediaUnbind'),
    handler: async (req) => {
      const { id, target_type, target_id } = req.params;
      const r = await lib.unbind(app.db, opts.targets, currentUser(req).id, { type: target_type, id: target_id }, id);
      if (!r.removed) throw new AppError(ErrorCode.NOT_FOUND);
      dropCourse(r.courseId);
      return ok(await detail(id));
    },
  });
  app.route({ ...endpointRoute('adminMediaChoices'), handler: async (req) => ok({ items: await lib.readyChoices(app.db, req.query.q) }) });
  app.route({
    ...endpointRoute('adminLiveReplaySet'),
    handler: async (req) => {
      await lib.bindAsset(app.db, opts.targets, currentUser(req).id, req.body.asset_id, { type: 'replay', id: req.params.id });
      app.publicCache.invalidate([Tag.live(req.params.id), Tag.lives]);
      return ok({ live_id: req.params.id, asset_id: req.body.asset_id });
    },
  });
  app.route({
    ...endpointRoute('adminLiveReplayClear'),
    handler: async (req) => {
      const r = await lib.unbind(app.db, opts.targets, currentUser(req).id, { type: 'replay', id: req.params.id });
      if (!r.removed) throw new AppError(ErrorCode.NOT_FOUND);
      app.publicCache.invalidate([Tag.live(req.params.id), Tag.lives]);
      return ok(null);
    },
  });

  // Subtitles and posters come as multipart files, in a context of their own.
  await app.register(async (files) => {
    await files.register(multipart, { limits: { fileSize: POSTER_MAX, files: 1 } });
    const f = files.withTypeProvider<ZodTypeProvider>();
    const readFilePart = async (req: FastifyRequest, max: number, bad: ErrorCode): Promise<Buffer> => {
      if (!req.isMultipart()) throw new AppError(bad);
      const part = await req.file({ limits: { fileSize: max, files: 1, fields: 10, fieldSize: 1024 } });
      if (!part || part.fieldname !== 'file') throw new AppError(bad);
      return part.toBuffer();
    };
    f.route({
      ...endpointRoute('adminMediaSubtitle'),
      bodyLimit: SUBTITLE_MAX + 16 * 1024,
      handler: async (req) => {
        const bytes = await readFilePart(req, SUBTITLE_MAX, ErrorCode.MEDIA_BAD_SUBTITLE);
        await lib.setSubtitle(app.db, settings, currentUser(req).id, req.params.id, req.params.lang, bytes);
        return ok(await detail(req.params.id));
      },
    });
    f.route({
      ...endpointRoute('adminMediaPoster'),
      bodyLimit: POSTER_MAX + 16 * 1024,
      handler: async (req) => {
        const bytes = await readFilePart(req, POSTER_MAX, ErrorCode.MEDIA_BAD_POSTER);
        const type = sniffImage(bytes);
        if (!type || (type.mime !== 'image/jpeg' && type.mime !== 'image/png')) throw new AppError(ErrorCode.MEDIA_BAD_POSTER);
        let jpeg = bytes;
        if (type.mime === 'image/png') {
          // Posters are JPEG files (the media server serves .jpg); ffmpeg converts a PNG.
          if (!(await ffmpeg()).available) throw new AppError(ErrorCode.MEDIA_FFMPEG_MISSING);
          const base = join(settings.uploadDir, `poster-${randomBytes(8).toString('hex')}`);
          try {
            await writeFile(`${base}.png`, bytes);
            await imageToJpeg(tools, `${base}.png`, `${base}.jpg`).catch(() => {
              throw new AppError(ErrorCode.MEDIA_BAD_POSTER);
            });
            jpeg = await readFile(`${base}.jpg`);
          } finally {
            await rm(`${base}.png`, { force: true });
            await rm(`${base}.jpg`, { force: true });
          }
        }
        await lib.setPoster(app.db, settings, currentUser(req).id, req.params.id, jpeg);
        return ok(await detail(req.params.id));
      },
    });
  });
};

// Not encapsulated: `app.mediaJobs` is the process's queue (its parsers stay in their own contexts).
export default fp(mediaAdminRoutes, { name: 'media-admin', dependencies: ['media', 'area-guard'] });
