import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config.ts';
import type { MessageSender } from './modules/messages/index.ts';
import { serializeError } from './lib/error-log.ts';
import { publicOriginResolver } from './lib/page-url.ts';
import { batchedStdout, completedLine, OneLineRequestLog, redactUrl, RENDER_CALL_HEADER } from './lib/request-log.ts';
import { Replays, type RequestView } from './lib/replay.ts';
import type { LineSink } from './lib/request-log.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import { validatorCompiler } from './lib/validation.ts';
import { accountsPlugin, authRoutes } from './modules/auth/index.ts';
import devRoutes from './modules/dev/dev.routes.ts';
import { DevClock } from './lib/dev-clock.ts';
import healthRoutes from './modules/health/health.routes.ts';
import homeRoutes from './modules/home/home.routes.ts';
import coursesRoutes from './modules/courses/courses.routes.ts';
import courseAlbumsRoutes from './modules/course-albums/course-albums.routes.ts';
import authorVoiceRoutes from './modules/author-voice/author-voice.routes.ts';
import liveAgendaRoutes from './modules/live-agenda/live-agenda.routes.ts';
import mediaRoutes from './modules/media/media.routes.ts';
import { type MediaAdminOptions, mediaAdminRoutes, mediaPlugin } from './modules/media/index.ts';
import { type AttendanceReader, type CertificateIssuer, type CmePdfDrawer, creditsRoutes } from './modules/credits/index.ts';
import newsRoutes from './modules/news/news.routes.ts';
import memberRoutes from './modules/member/member.routes.ts';
import speakersRoutes from './modules/speakers/speakers.routes.ts';
import placesRoutes from './modules/places/places.routes.ts';
import livesRoutes from './modules/lives/lives.routes.ts';
import { liveRoomRoutes, type LiveRoomRoutesOptions, type MediaSource } from './modules/live-room/index.ts';
import topicsRoutes from './modules/topics/topics.routes.ts';
import { selectedRoutes, selectedTarget, setSelectedDuration } from './modules/selected/index.ts';
import papersRoutes from './modules/papers/papers.routes.ts';
import { calendarRoutes } from './modules/calendar/index.ts';
import { livesAdminRoutes, livesFeed, liveTarget, setLiveHasReplay } from './modules/lives/index.ts';
import { chapterTarget, setChapterDuration } from './modules/courses/index.ts';
import siteRoutes from './modules/site/site.routes.ts';
import pagesRoutes from './modules/pages/pages.routes.ts';
import searchRoutes from './modules/search/search.routes.ts';
import seoRoutes, { type SeoRoutesOptions } from './modules/seo/seo.routes.ts';
import auth from './plugins/auth.ts';
import body from './plugins/body.ts';
import bus from './plugins/bus.ts';
import context from './plugins/context.ts';
import db from './plugins/db.ts';
import drain from './plugins/drain.ts';
import jobs from './plugins/jobs.ts';
import errors, { clientErrorHandler, frameworkErrorHandler, sendNotFound, websocketErrorHandler } from './plugins/errors.ts';
import openapi from './plugins/openapi.ts';
import publicCache from './plugins/public-cache.ts';
import realtime from './plugins/realtime.ts';
import security from './plugins/security.ts';
import preview, { PREVIEW_HEADER } from './plugins/preview.ts';
import web from './plugins/web.ts';
import { openMigrated, startUp } from './startup.ts';
import { markStart } from './lib/start-phases.ts';
import { createWechatPlatform, wechatRoutes } from './modules/wechat/index.ts';
import { shareRoutes } from './modules/share/index.ts';
import profileRoutes from './modules/profile/profile.routes.ts';
import { cardKey, returnOrderPoints, rewardsRoutes, type RewardsRoutesOptions, spendOrderPoints } from './modules/rewards/index.ts';
import { moneyRoutes } from './modules/money/index.ts';
import { areaGuard, staffRoutes } from './modules/staff/index.ts';
import { dashboardRoutes } from './modules/dashboard/index.ts';
import { moderationRoutes } from './modules/moderation/index.ts';
import { contactAdminRoutes } from './modules/pages/index.ts';
import { userAdminRoutes } from './modules/profile/index.ts';
import { meetingLiveId, meetingsFeed, meetingsRoutes } from './modules/meetings/index.ts';
import { type CertificateDrawer, certificatesRoutes, issueCertificate } from './modules/certificates/index.ts';
import { RenderPool } from './lib/render-pool.ts';
import type { AppRenderTasks } from './render-worker.ts';
import { ensureDemoCertificate } from './seed/demo-certificate.ts';
import { attendanceRoutes, type AttendanceRoutesOptions, attendanceSummary, recordSignIn } from './modules/attendance/index.ts';
import { supportRoutes } from './modules/support/index.ts';
import { showcaseRoutes } from './modules/showcase/index.ts';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';

declare module 'fastify' {
  interface FastifyInstance {
    /** Worker threads drawing certificates and CME cards (tests and benchmarks look at its load). */
    renders: RenderPool<AppRenderTasks>;
  }
}

export interface BuildOptions {
  /** Fastify logger setting; defaults to pino at config.logLevel. Tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** Write the default logger's JSON lines here instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** Seed demo content into an empty database (default true). */
  seed?: boolean;
  /** Clock for time-dependent answers (live status, token and code expiry, limits); tests move it. */
  now?: () => Date;
  /** SMS/email provider; default: the sandbox outbox. */
  sender?: MessageSender;
  /** Live-room tuning (tests: faster viewer counts and poll tallies). */
  liveRoom?: Omit<LiveRoomRoutesOptions, 'now'>;
  /** Attendance tuning (tests: no schedule timer; they run schedules themselves). */
  attendance?: Pick<AttendanceRoutesOptions, 'scheduleIntervalMs'>;
  /** Rewards tuning (tests: the payout provider and how fast it reports). */
  rewards?: Omit<RewardsRoutesOptions, 'now' | 'settings'>;
  /** Credit tuning (tests: an attendance source of their own, and their own certificate issuer or none). */
  credits?: { attendance?: AttendanceReader; issuer?: CertificateIssuer | null };
  /** Sitemap tuning (tests: URLs per file). */
  seo?: Pick<SeoRoutesOptions, 'sitemapMaxUrls'>;
  /** Media library tuning (tests: short transcode leases, a process that takes no jobs). */
  mediaLibrary?: Omit<MediaAdminOptions, 'settings' | 'targets'>;
  /**
   * Check every response against the contract's zod schema as well as serialising it from JSON
   * Schema (default: outside production, so tests and development catch contract drift).
   */
  checkResponses?: boolean;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
const API_PATH = /^\/v\d+(\/|$)/;

/** Accepts a caller's request id (load balancer, client) when it looks sane; otherwise makes one. */
function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * req.host, req.protocol and req.ip of a raw request, computed by Fastify's own request getters
 * (which follow TRUST_PROXY), for requests answered before Fastify makes a request object.
 */
function requestView(app: FastifyInstance): (req: IncomingMessage) => RequestView {
  const requestClass = Object.getOwnPropertySymbols(app).find((s) => s.description === 'fastify.Request');
  const getter = (name: string): ((this: unknown) => unknown) | undefined => {
    for (let p = requestClass ? (app as unknown as Record<symbol, { prototype: object }>)[requestClass]?.prototype : null; p; p = Object.getPrototypeOf(p) as object | null) {
      const d = Object.getOwnPropertyDescriptor(p, name);
      if (d?.get) return d.get;
    }
    return undefined;
  };
  const [host, protocol, ip] = [getter('host'), getter('protocol'), getter('ip')];
  if (!host || !protocol || !ip) throw new Error('Fastify request getters not found (host, protocol, ip)');
  return (req) => {
    const like = { raw: req, headers: req.headers, socket: req.socket };
    return { host: String(host.call(like)), protocol: String(protocol.call(like)), ip: ip.call(like) as string | undefined };
  };
}

export { redactUrl };

/**
 * Where the logs go: pretty on a developer's terminal when pino-pretty is installed (a dev
 * dependency), else standard output.
 */
function logDestination(config: AppConfig): LineSink | null {
  // Otherwise stdout, written once per turn of the event loop (lib/request-log.ts).
  if (config.env !== 'development' || !process.stdout.isTTY) return batchedStdout();
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
  } catch {
    return batchedStdout();
  }
  return null;
}

const PRETTY = { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } } };

function loggerFor(config: AppConfig, stream: LineSink | null): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    serializers: {
      // These fields only: headers (tokens, cookies) never reach the logs.
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
      }),
      // Database errors without their parameters: those are what users typed.
      err: serializeError,
    },
    ...(stream ? { stream } : PRETTY),
  };
}

/**
 * The whole application, without listen(): plugins, routes and the error/404 handling.
 * The returned instance is not yet ready; inject() or listen() readies it (tests may add routes).
 */
export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const devClock = !opts.now && config.devClock ? new DevClock() : null;
  const now = opts.now ?? devClock?.now ?? (() => new Date());
  const logSink = opts.logger === undefined && !opts.logStream ? logDestination(config) : null;
  const app = Fastify({
    logger: opts.logger ?? loggerFor(config, opts.logStream ?? logSink),
    logController: new OneLineRequestLog(),
    bodyLimit: config.bodyLimit,
    pluginTimeout: config.pluginTimeoutMs,
    genReqId: requestId,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Shutdown drains connections first (plugins/drain.ts); close() then finds none left.
    forceCloseConnections: 'idle',
    // Requests arriving during close() get the 503 envelope from the drain plugin instead.
    return503OnClosing: false,
    // req.ip, and req.protocol (HSTS, Secure cookies), from X-Forwarded-* only behind a proxy we trust (TRUST_PROXY).
    trustProxy: config.trustProxy,
    // Transport and routing failures leave in the envelope too, with Connection: close.
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
  });

  // Anonymous cached reads are answered before Fastify when they were answered alike before
  // (lib/replay.ts, decision record 0076): the public cache and the web plugin offer their answers.
  const replays = new Replays({
    requestId,
    view: requestView(app),
    // The app's own logger: its line written straight to its destination, as pino would write it.
    log: completedLine(app.log, opts.logger === undefined ? (opts.logStream ?? logSink) : null),
    personalHeaders: ['authorization', 'cookie', PREVIEW_HEADER, RENDER_CALL_HEADER],
    personalParams: ['access_token', 'preview'],
  });
  app.decorate('replays', replays);
  const listeners = app.server.listeners('request');
  const fastify = listeners[0] as (req: IncomingMessage, res: ServerResponse) => void;
  if (listeners.length === 1) {
    app.server.removeListener('request', fastify);
    app.server.on('request', function (this: unknown, req: IncomingMessage, res: ServerResponse) {
      if (!replays.handle(req, res)) fastify.call(this, req, res);
    });
  }

  // Opened and migrated outside Fastify's plugin timeout: a first open or a long migration can take longer.
  const database = await openMigrated(config.db, app.log);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check: opts.checkResponses ?? config.env !== 'production' }));

  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    done(null, payload);
  });

  await app.register(cookie);
  await app.register(context);
  await app.register(errors);
  await app.register(body);
  await app.register(drain);
  // With a streaming CDN, the browser loads media from its origins (MEDIA_CDN_BASE_URL, MEDIA_LIVE_PULL_BASE_URL).
  const mediaOrigins =
    config.media.provider === 'cdn' ? [config.media.cdnBaseUrl, config.media.livePullBaseUrl].flatMap((u) => (u ? [new URL(u).origin] : [])) : [];
  await app.register(security, { mediaOrigins });
  await app.register(openapi, { contactEmail: config.site.contact.email });
  await app.register(db, { database });
  await app.register(jobs);
  await app.register(bus, { redis: config.redis, db: config.db });
  // Before the routes: public GETs are answered from prepared payloads (decision record 0031).
  const originOf = publicOriginResolver({ publicOrigin: config.publicOrigin, fallback: new URL(config.publicUrl).origin });
  await app.register(publicCache, { maxBytes: config.publicCacheBytes, now, originOf });
  markStart('plugins');
  // Seed and department tree now; a missing search index is built in the background once the app is ready.
  try {
    await startUp(app, { seed: opts.seed ?? true, demoAccounts: config.env !== 'production', now });
  } catch (err) {
    await app.database.close().catch(() => undefined);
    throw err;
  }
  markStart('seed_checks');
  await app.register(accountsPlugin, { config, now, ...(opts.sender ? { sender: opts.sender } : {}) });
  // The auth plugin resolves req.ctx.user with the auth module's tokens (plugins never import modules).
  // Identical logged-in reads of one login share an answer, kept until anything it was built from
  // is written (decision record 0076): the database names each user whose rows a commit wrote.
  await app.register(auth, {
    authenticate: (token) => app.accounts.tokens.authenticate(app.db, token),
    personalReadKeepMs: config.personalReadKeepMs,
    publicMark: () => app.publicCache.mark,
    now,
  });
  const stopUserWrites = await app.databaseNotices.subscribe('user-write', (m) => {
    const id = Number(m);
    if (!Number.isSafeInteger(id)) return;
    app.personalReads.wrote(id);
    app.accounts.tokens.userWrote(id);
  });
  const stopNoticeGaps = app.databaseNotices.onGap(() => {
    app.personalReads.changedAll();
    app.accounts.tokens.userWritesLost();
  });
  app.addHook('preClose', async () => {
    stopNoticeGaps();
    await stopUserWrites();
  });
  await app.register(areaGuard);
  await app.register(preview, { appSecret: config.appSecret, now });
  await app.register(web, { webDist: config.webDist, originOf });

  await app.register(healthRoutes);
  await app.register(mediaPlugin, { settings: config.media, appSecret: config.appSecret, now });
  await app.register(mediaRoutes, { now, libraryDir: config.media.libraryDir });
  await app.register(homeRoutes, { now });
  await app.register(coursesRoutes, { now });
  await app.register(courseAlbumsRoutes, { now });
  await app.register(authorVoiceRoutes);
  await app.register(liveAgendaRoutes, { now });
  await app.register(siteRoutes, { site: config.site, now });
  await app.register(pagesRoutes, { site: config.site, now });
  await app.register(newsRoutes, { now });
  await app.register(memberRoutes, { now });
  await app.register(speakersRoutes, { now });
  await app.register(placesRoutes, { now });
  await app.register(livesRoutes, { now });
  await app.register(realtime, { redis: config.redis });
  // Before the live-room routes, which declare WebSocket routes; client messages are tiny.
  await app.register(websocket, { options: { maxPayload: 4096 }, errorHandler: websocketErrorHandler(app.log) });
  // The live room plays the media module's signed stream and recording URLs (decision 0024).
  const liveRoomMedia: MediaSource = {
    live: async (liveId, userId) =>
      (await app.media.liveAccess(liveId, { userId })) === 'login' ? 'login' : ((await app.media.liveStream(liveId))?.media ?? null),
    recording: (rec) => app.media.recordingMedia(rec),
  };
  await app.register(liveRoomRoutes, {
    now,
    media: liveRoomMedia,
    sessionsAlive: (ids) => app.accounts.tokens.activeSessions(app.db, ids),
    socketCaps: config.liveSockets,
    // Joins, leaves and first check-ins are attendance evidence (the attendance module, registered next).
    attendance: {
      joined: (liveId, userId, at) => app.attendance.joined(liveId, userId, at),
      left: (liveId, userId, at) => app.attendance.left(liveId, userId, at),
      signed: recordSignIn,
    },
    ...opts.liveRoom,
  });
  await app.register(meetingsRoutes, { now });
  // Online service chat: its sockets fan out over the same realtime transport as the live room.
  await app.register(supportRoutes, { now });
  await app.register(showcaseRoutes, { now });
  // Presence checks are asked by the room's moderators and prompted over its socket.
  await app.register(attendanceRoutes, { now, room: app.liveRoom, ...opts.attendance });
  await app.register(topicsRoutes, { now });
  await app.register(selectedRoutes, { now });
  await app.register(papersRoutes, { now });
  // Personal calendar feeds carry the congresses and what other modules add through the port:
  // reminded and favourite lives, and the meetings the user hosts.
  await app.register(calendarRoutes, { now, originOf, feedProviders: [livesFeed, meetingsFeed] });
  await app.register(searchRoutes, { now });
  await app.register(seoRoutes, { now, originOf, ...opts.seo });
  await app.register(authRoutes);
  const wechatPlatform = createWechatPlatform(config.wechatPlatform, app.accounts.secret, config.site.wechatMpUrl);
  await app.register(wechatRoutes, { platform: wechatPlatform, nowS: () => Math.floor(now().getTime() / 1000) });
  await app.register(shareRoutes, { now, originOf, miniCode: (page) => wechatPlatform.miniCode(page) });
  // Multipart only where a route reads it (req.file()); limits are set per call. In a context of
  // their own, so its parser and hooks (one on every response) stay with these routes.
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: config.imageUploadLimitBytes, files: 1 } });
    await uploads.register(profileRoutes);
  });
  await app.register(rewardsRoutes, { now, settings: config.rewards, ...opts.rewards });
  // Orders spend and give back points through the rewards module's ledger.
  const points = { spend: spendOrderPoints, giveBack: returnOrderPoints };
  await app.register(moneyRoutes, { now, payments: config.payments, devTools: config.env !== 'production', points });
  await app.register(staffRoutes, { now });
  // Running the site from the console: moderation, users, the contact inbox, the dashboard.
  await app.register(moderationRoutes, { now });
  await app.register(userAdminRoutes);
  await app.register(contactAdminRoutes, { now });
  await app.register(dashboardRoutes, { now });
  await app.register(livesAdminRoutes, { now });
  // The console's media library: tus uploads, the transcode queue (decision record 0064).
  await app.register(mediaAdminRoutes, {
    settings: config.media,
    targets: { chapter: chapterTarget, setChapterDuration, live: liveTarget, setLiveHasReplay, selected: selectedTarget, setSelectedDuration },
    ...opts.mediaLibrary,
  });
  // Certificates and CME cards are drawn in worker threads (build.mjs bundles the worker as
  // render-worker.mjs next to the server; from sources it is render-worker.ts).
  const renders = new RenderPool<AppRenderTasks>({
    worker: new URL(import.meta.url.endsWith('.ts') ? './render-worker.ts' : './render-worker.mjs', import.meta.url),
    size: config.render.workers,
    queueLimit: config.render.queueLimit,
  });
  app.decorate('renders', renders);
  app.addHook('onClose', () => renders.close());
  const draw: CertificateDrawer = {
    png: (c) => renders.run('certificate-png', c),
    pdf: (c, meta) => renders.run('certificate-pdf', c, meta),
  };
  const drawCmePdf: CmePdfDrawer = (card, holder, lang) => renders.run('cme-pdf', card, holder, lang);
  await app.register(certificatesRoutes, {
    now,
    draw,
    cardEncryptionKey: config.rewards.cardEncryptionKey,
    signingKey: config.certificates.signingKey,
    originOf,
  });
  // The demo learner's certificate needs the card key, which may derive from the app secret the accounts plugin loads.
  if ((opts.seed ?? true) && config.env !== 'production') {
    await app.database.exclusive('seed', (db) => ensureDemoCertificate(db, now(), cardKey(config.rewards.cardEncryptionKey, app.accounts.secret)));
  }
  // Credit reads attendance from the attendance module (a meeting's is its room's), and issues a
  // claim's certificate through the certificates module, both inside the claim's transaction.
  const attendance: AttendanceReader = {
    attendanceSummary: async (db, q) => {
      const s =
        q.kind === 'meeting'
          ? await attendanceSummary(db, { userId: q.userId, kind: 'live', id: (await meetingLiveId(db, q.id)) ?? 0 })
          : await attendanceSummary(db, { userId: q.userId, kind: q.kind, id: q.id });
      return { ...s, first_seen: s.first_seen ? new Date(s.first_seen) : null, last_seen: s.last_seen ? new Date(s.last_seen) : null };
    },
  };
  await app.register(creditsRoutes, {
    now,
    attendance: opts.credits?.attendance ?? attendance,
    drawCmePdf,
    ...(opts.credits?.issuer === null ? {} : { issuer: opts.credits?.issuer ?? { issueCertificate } }),
  });
  // Developer helpers exist only outside production: there they are unknown routes.
  if (config.env !== 'production') await app.register(devRoutes, { clock: devClock });

  // Unknown API paths/methods get the 404 envelope; other GETs are the SPA's (it shows its own 404).
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?', 1)[0] ?? '/';
    if (API_PATH.test(path) || (req.method !== 'GET' && req.method !== 'HEAD')) return sendNotFound(req, reply);
    return app.serveSpa(req, reply);
  });
  markStart('routes');

  return app;
}
