import { IMAGE_MAX_PIXELS } from '@medportal/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fieldError } from '../../lib/app-error.ts';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { publicRead } from '../../lib/public-cache.ts';
import { Tag } from '../shared/cache-tags.ts';
import { type ImageType, sniffImage } from '../../lib/image-type.ts';
import { LocalDiskStorage, type Storage } from '../../lib/storage.ts';
import { currentUser } from '../../plugins/auth.ts';
import { SESSION_COOKIE } from '../auth/index.ts';
import { ProfileService } from './profile.service.ts';

export interface ProfileRoutesOptions {
  storage?: Storage;
}

const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** Profile, department tree, completion forms, bind/merge, settings, uploads, cancellation. */
const profileRoutes: FastifyPluginAsync<ProfileRoutesOptions> = async (instance, opts) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const storage = opts.storage ?? new LocalDiskStorage(app.accounts.config.uploadsDir);
  const profile = new ProfileService(app.db, app.accounts, storage, app.publicCache);
  const uploadLimit = app.accounts.config.imageUploadLimitBytes;

  app.route({ ...endpointRoute('personalInfo'), handler: async (req) => ok(await profile.personalInfo(currentUser(req), req.ctx.lang)) });
  app.route({
    ...endpointRoute('updatePersonalInfo'),
    handler: async (req) => ok(await profile.update(currentUser(req), req.body, req.ctx.lang)),
  });
  app.route({
    ...endpointRoute('departmentTree'),
    // The same for everyone, changed with the content only (decision record 0031).
    config: { publicCache: publicRead({ tags: [Tag.site] }) },
    handler: async (req) => ok({ items: await profile.departmentTree(req.ctx.lang) }),
  });
  app.route({ ...endpointRoute('profileForm'), handler: async (req) => ok(await profile.submitForm(currentUser(req), req.body, req.ctx.lang)) });
  app.route({ ...endpointRoute('bindMobile'), handler: async (req) => ok(await profile.bindMobile(currentUser(req), req.body, req.ctx.lang)) });
  app.route({ ...endpointRoute('bindEmail'), handler: async (req) => ok(await profile.bindEmail(currentUser(req), req.body, req.ctx.lang)) });
  app.route({ ...endpointRoute('mergeUser'), handler: async (req) => ok(await profile.merge(currentUser(req), req.body.merge_token, req.ctx.lang)) });
  app.route({ ...endpointRoute('userConfig'), handler: async (req) => ok(await profile.config(currentUser(req), req.ctx.lang, req.ctx.tz)) });
  app.route({ ...endpointRoute('syncToMeeting'), handler: async (req) => ok(profile.syncToMeeting(currentUser(req))) });

  /** The one uploaded image of a multipart request (field `file`), checked by its content. */
  const readImage = async (req: FastifyRequest): Promise<{ bytes: Buffer; type: ImageType }> => {
    const lang = req.ctx.lang;
    const missing = () => fieldError(lang, 'file', { zh: '请选择要上传的图片', en: 'is required (multipart field "file")' });
    if (!req.isMultipart()) throw missing();
    const file = await req.file({ limits: { fileSize: uploadLimit, files: 1, fields: 10, fieldSize: 1024 } });
    if (!file || file.fieldname !== 'file') throw missing();
    // Throws a 413 (PAYLOAD_TOO_LARGE) past the limit.
    const bytes = await file.toBuffer();
    const type = sniffImage(bytes);
    if (!type) throw fieldError(lang, 'file', { zh: '只支持 PNG、JPEG、GIF、WebP 图片', en: 'must be a PNG, JPEG, GIF or WebP image' });
    // From the header alone: whoever shows or resizes the image would decode every pixel.
    if ((type.width ?? 0) * (type.height ?? 0) > IMAGE_MAX_PIXELS) {
      throw fieldError(lang, 'file', { zh: `图片不能超过${IMAGE_MAX_PIXELS / 1e6}百万像素`, en: `must have at most ${IMAGE_MAX_PIXELS / 1e6} million pixels` });
    }
    return { bytes, type };
  };

  app.route({
    ...endpointRoute('uploadImage'),
    // The file's own limit (multipart's fileSize) governs; the request may carry the part headers too.
    bodyLimit: uploadLimit + 16 * 1024,
    handler: async (req) => {
      const { bytes, type } = await readImage(req);
      return ok(await profile.saveImage(currentUser(req), bytes, type));
    },
  });

  // The console's image upload (content editors; live producers through their own area's route):
  // the same checks and store, no reader quota, audited.
  for (const name of ['adminImageUpload', 'adminLiveImageUpload'] as const) {
    app.route({
      ...endpointRoute(name),
      bodyLimit: uploadLimit + 16 * 1024,
      handler: async (req) => {
        const { bytes, type } = await readImage(req);
        return ok(await profile.saveStaffImage(currentUser(req), bytes, type));
      },
    });
  }

  app.route({
    ...endpointRoute('cancelAccount'),
    handler: async (req, reply) => {
      await profile.cancel(currentUser(req), req.body.code);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return ok(null);
    },
  });

  // Uploaded files (local-disk storage). Keys are random; the bytes never change: cache for a year.
  app.get<{ Params: { month: string; file: string } }>('/uploads/:month/:file', { schema: { hide: true } }, async (req, reply) => {
    const key = `${req.params.month}/${req.params.file}`;
    const stream = storage.open ? await storage.open(key) : null;
    if (!stream) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    const ext = key.slice(key.lastIndexOf('.') + 1);
    return reply
      .type(MIME[ext] ?? 'application/octet-stream')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(stream);
  });
};

export default profileRoutes;
