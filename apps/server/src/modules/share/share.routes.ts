import { ErrorCode, MINI_QRCODE_PATH, MiniQrcodeQuery, POSTER_PATH, PosterQuery, REDIRECT_LINK_TTL_S, type ShareKind } from '@medportal/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { signToken, verifyToken } from '../../lib/crypto.ts';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { localDate, localTime } from '../../lib/local-time.ts';
import { currentUser } from '../../plugins/auth.ts';
import { isModerator } from '../live-room/index.ts';
import { liveShareInfo } from '../lives/index.ts';
import { hasArea } from '../staff/index.ts';
import { newsShareInfo } from '../news/index.ts';
import { speakerShareInfo } from '../speakers/index.ts';
import { type PosterInput, posterPng } from './poster.ts';

export interface ShareRoutesOptions {
  now: () => Date;
  originOf: (req: FastifyRequest) => string;
  /** The WeChat adapter's mini-program code for a page (PNG). */
  miniCode: (page: string) => Promise<Buffer>;
}

const REDIRECT_PURPOSE = 'live-redirect';

/** The site page an item's QR opens. */
export const itemPath = (kind: ShareKind, id: number) => (kind === 'live' ? `/w/o/live/${id}` : kind === 'news' ? `/news/${id}` : `/speaker/${id}`);
/** The mini-program page for an item: the skip page's module detail (code 20). */
export const miniPagePath = (kind: ShareKind, id: number) => `/pages/skip/index?type=20&module=${kind}&module_id=${id}`;

const T = {
  zh: { live: '直播', news: '资讯', speaker: '讲者', brand: 'MedPortal 医学教育平台', tagline: '医学专业人士的直播、课程与资讯', scan: { live: '长按识别二维码 进入直播', news: '长按识别二维码 阅读全文', speaker: '长按识别二维码 查看讲者' }, speakerBy: '讲者' },
  en: { live: 'Live', news: 'News', speaker: 'Speaker', brand: 'MedPortal', tagline: 'Lives, courses and news for healthcare professionals', scan: { live: 'Scan to watch the live', news: 'Scan to read the article', speaker: 'Scan to see the speaker' }, speakerBy: 'Speaker' },
};

/** Share posters, mini-program codes and signed scan-to-watch links (spec §2 /share_card, /redirect; §7 poster, mini_qrcode). */
const shareRoutes: FastifyPluginAsync<ShareRoutesOptions> = async (instance, opts) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const secret = app.accounts.secret;
  const nowS = () => Math.floor(opts.now().getTime() / 1000);

  /** A local image (a generated cover or an upload) as a data: URI, through our own routes; null when it cannot be read. */
  async function dataUri(src: string | null | undefined): Promise<string | null> {
    if (!src?.startsWith('/')) return null;
    const res = await app.inject({ method: 'GET', url: src });
    const type = String(res.headers['content-type'] ?? '').split(';', 1)[0] ?? '';
    if (res.statusCode !== 200 || !/^image\/(svg\+xml|png|jpeg|webp|gif)$/.test(type)) return null;
    return `data:${type};base64,${res.rawPayload.toString('base64')}`;
  }

  async function posterInput(kind: ShareKind, id: number, lang: 'zh' | 'en', tz: string): Promise<Omit<PosterInput, 'qrText' | 'qrImage'> | null> {
    const t = T[lang];
    const pick = (zh: string | null | undefined, en: string | null | undefined) => (lang === 'en' ? en || zh || '' : zh || '');
    const base = { lang, kindLabel: t[kind], brand: t.brand, tagline: t.tagline, qrHint: t.scan[kind] };
    if (kind === 'live') {
      const l = await liveShareInfo(app.db, id, opts.now());
      if (!l) return null;
      const when = `${localDate(l.startAt, tz)} ${localTime(l.startAt, tz)}–${localTime(l.endAt, tz)} (UTC${tz})`;
      const speaker = pick(l.speakerZh, l.speakerEn);
      return { ...base, title: pick(l.titleZh, l.titleEn), lines: [when, ...(speaker ? [`${t.speakerBy}: ${speaker}`] : [])], cover: await dataUri(l.cover), round: false };
    }
    if (kind === 'news') {
      const n = await newsShareInfo(app.db, id, opts.now());
      if (!n) return null;
      const source = pick(n.sourceZh, n.sourceEn);
      const date = n.publishedAt ? localDate(n.publishedAt, tz) : '';
      return { ...base, title: pick(n.titleZh, n.titleEn), lines: [[date, source].filter(Boolean).join(' · '), pick(n.descriptionZh, n.descriptionEn)].filter(Boolean), cover: await dataUri(n.cover), round: false };
    }
    const s = await speakerShareInfo(app.db, id);
    if (!s) return null;
    return { ...base, title: pick(s.nameZh, s.nameEn), lines: [pick(s.titleZh, s.titleEn), pick(s.hospitalZh, s.hospitalEn)].filter(Boolean), cover: await dataUri(s.avatar), round: true };
  }

  // Files, not envelopes: the poster and the mini-program code are PNG images.
  app.get(POSTER_PATH, { schema: { querystring: PosterQuery, hide: true } }, async (req, reply) => {
    const q = req.query;
    const lang = q.lang ?? (req.ctx.lang === 'en' ? 'en' : 'zh');
    const input = await posterInput(q.type, q.id, lang, req.ctx.tz);
    if (!input) throw new AppError(ErrorCode.NOT_FOUND, { httpStatus: 404 });
    const qrImage = q.host === 'mini' ? `data:image/png;base64,${(await opts.miniCode(miniPagePath(q.type, q.id))).toString('base64')}` : null;
    const png = await posterPng({ ...input, qrText: `${opts.originOf(req)}${itemPath(q.type, q.id)}`, qrImage });
    return reply
      .type('image/png')
      .header('content-disposition', `inline; filename="medportal-${q.type}-${q.id}-${lang}.png"`)
      .header('cache-control', 'public, max-age=300')
      .send(png);
  });

  app.get(MINI_QRCODE_PATH, { schema: { querystring: MiniQrcodeQuery, hide: true } }, async (req, reply) =>
    reply.type('image/png').header('cache-control', 'public, max-age=3600').send(await opts.miniCode(req.query.page)),
  );

  app.route({
    ...endpointRoute('liveRedirectLink'),
    handler: async (req, reply) => {
      const me = currentUser(req);
      const liveId = req.params.id;
      if (!(await liveShareInfo(app.db, liveId, opts.now()))) throw new AppError(ErrorCode.NOT_FOUND);
      if (!(await isModerator(app.db, liveId, me.id)) && !(await hasArea(app.db, me.id, 'lives'))) throw new AppError(ErrorCode.FORBIDDEN);
      reply.header('cache-control', 'no-store');
      const exp = nowS() + REDIRECT_LINK_TTL_S;
      const token = signToken(secret, REDIRECT_PURPOSE, { l: liveId, e: exp });
      return ok({ url: `${opts.originOf(req)}/redirect?t=${encodeURIComponent(token)}`, expires_at: new Date(exp * 1000).toISOString() });
    },
  });

  app.route({
    ...endpointRoute('redirectResolve'),
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const payload = verifyToken(secret, REDIRECT_PURPOSE, req.query.t);
      const liveId = payload?.l;
      const exp = payload?.e;
      if (typeof liveId !== 'number' || typeof exp !== 'number') throw new AppError(ErrorCode.REDIRECT_LINK_INVALID);
      if (exp <= nowS()) throw new AppError(ErrorCode.REDIRECT_LINK_EXPIRED);
      return ok({ live_id: liveId, target: itemPath('live', liveId), expires_at: new Date(exp * 1000).toISOString() });
    },
  });
};

export default shareRoutes;
