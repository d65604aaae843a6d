import { ErrorCode, LiveSocketClose } from '@medportal/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { idTags, LIVE_ROOM_TTL_MS, publicRead } from '../../lib/public-cache.ts';
import { currentUser } from '../../plugins/auth.ts';
import { SocketCaps, type SocketCapLimits } from './live-room.caps.ts';
import { type Client, LiveHub, type HubOptions, type SessionCheck } from './live-room.hub.ts';
import { Tag } from '../shared/cache-tags.ts';
import { type AttendanceEvidence, LiveRoomService, type MediaSource, noEvidence, noMedia, type RoomEvent } from './live-room.service.ts';
import { slideSvg } from './slide-svg.ts';

export interface LiveRoomRoutesOptions {
  now: () => Date;
  /** Where playback URLs come from; none configured: media null (no_source). */
  media?: MediaSource;
  hub?: HubOptions;
  /** How long votes are gathered into one poll event. */
  tallyDelayMs?: number;
  /** Which logins are still valid (the auth module's answer); sockets of the others are closed. */
  sessionsAlive?: SessionCheck;
  /** Sockets per client address and per user in this process (LIVE_SOCKETS_PER_*). */
  socketCaps?: SocketCapLimits;
  /** Where joins, leaves and check-ins are recorded as attendance evidence. */
  attendance?: AttendanceEvidence;
}

/** What the room offers other modules (through app.ts): moderator checks and presence prompts. */
export interface LiveRoomPort {
  isModerator(liveId: number, userId: number): Promise<boolean>;
  admits(liveId: number, userId: number): Promise<boolean>;
  announcePresence(liveId: number, check: { id: number; askedAt: Date; closesAt: Date }): Promise<void>;
  /** The console's moderation of a question (see LiveRoomService.staffModerate). */
  staffModerate: LiveRoomService['staffModerate'];
  /** Viewers in the room now (every process). */
  viewers(liveId: number): Promise<number>;
  /** The console's start, end and replay (no moderator check: the caller's admin area is the right). */
  changeStatus: LiveRoomService['changeStatus'];
}

declare module 'fastify' {
  interface FastifyInstance {
    liveHub: LiveHub;
    liveRoom: LiveRoomPort;
  }
}

/**
 * Public room reads look the token up when sent (is_moderator, own questions, votes). Anonymous
 * answers are cached a second at most (viewer count, status by the clock) and dropped by the
 * room's events (decision record 0031).
 */
const roomRead = (...more: string[]) => ({ publicCache: publicRead({ tags: idTags('live', ...more), ttlMs: LIVE_ROOM_TTL_MS }) });
const optionalAuth = { config: { auth: 'optional' as const, ...roomRead() } };

const SINCE = /^\d{1,15}$/;
const SLIDE = /^(\d{1,3})\.svg$/;

/** The live room: REST endpoints, the room's WebSocket and the generated demo slides. */
const liveRoomRoutes: FastifyPluginAsync<LiveRoomRoutesOptions> = async (instance, opts) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const hub = new LiveHub(app.db, app.realtime, app.log, opts.hub, opts.sessionsAlive);
  // Logout, password change, cancellation, merge, here or in another process: close those sockets.
  app.publicCache.onRevoke((keys) => hub.revoke(keys));
  // Every room event changes what the room's reads show: a status also every list of live cards;
  // likes and vote tallies are counters, dropped within a second.
  const publish = (events: RoomEvent[]) => {
    for (const { liveId, event } of events) {
      if (event.type === 'status') app.publicCache.invalidate([Tag.live(liveId), Tag.lives]);
      else if (event.type === 'upvote' || event.type === 'poll') app.publicCache.invalidateSoon([Tag.live(liveId)]);
      else app.publicCache.invalidate([Tag.live(liveId)]);
    }
    hub.publish(events);
  };
  const evidence = opts.attendance ?? noEvidence;
  const svc = new LiveRoomService(app.db, opts.now, publish, (id) => hub.viewers(id), opts.media ?? noMedia, opts.tallyDelayMs, evidence);
  app.decorate('liveHub', hub);
  app.decorate('liveRoom', {
    isModerator: (liveId: number, userId: number) => svc.isModerator(liveId, userId),
    admits: (liveId: number, userId: number) => svc.admits(liveId, userId),
    announcePresence: (liveId: number, check: { id: number; askedAt: Date; closesAt: Date }) => svc.announcePresence(liveId, check),
    staffModerate: (topicId, action, audit) => svc.staffModerate(topicId, action, audit),
    viewers: (liveId: number) => hub.viewers(liveId),
    changeStatus: (...args) => svc.changeStatus(...args),
  });
  // Evidence of sockets closing as the server stops is written before the database closes.
  const recording = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    svc.close();
    await hub.close();
    await Promise.allSettled([...recording]);
  });
  const viewer = (req: FastifyRequest) => ({ userId: req.ctx.user?.id, lang: req.ctx.lang });

  app.route({
    ...endpointRoute('liveDetail'),
    // Speakers are speaker cards (follower_count).
    config: { auth: 'optional', ...roomRead(Tag.speakers) },
    handler: async (req) => ok(await svc.detail(req.params.id, viewer(req))),
  });
  app.route({ ...endpointRoute('liveButtons'), config: roomRead(), handler: async (req) => ok(await svc.buttons(req.params.id, req.ctx.lang)) });
  app.route({
    ...endpointRoute('liveSign'),
    handler: async (req) => {
      const answer = await svc.sign(req.params.id, currentUser(req).id);
      // sign_count on the detail: a counter.
      app.publicCache.invalidateSoon([Tag.live(req.params.id)]);
      return ok(answer);
    },
  });
  app.route({ ...endpointRoute('liveSignList'), handler: async (req) => ok(await svc.signList(req.params.id, currentUser(req).id, req.query)) });
  app.route({ ...endpointRoute('liveAccessCode'), handler: async (req) => ok(await svc.accessCode(req.params.id, currentUser(req).id, req.body.code)) });
  app.route({ ...endpointRoute('liveTopicStore'), handler: async (req) => ok(await svc.ask(req.params.id, currentUser(req).id, req.body.content)) });
  app.route({ ...endpointRoute('liveTopicList'), ...optionalAuth, handler: async (req) => ok(await svc.topics(req.params.id, viewer(req), req.query)) });
  app.route({
    ...endpointRoute('liveTopicLike'),
    handler: async (req) => ok(await svc.like(req.params.topic_id, currentUser(req).id, req.body.status === 1)),
  });
  app.route({
    ...endpointRoute('liveTopicModerate'),
    handler: async (req) => ok(await svc.moderate(req.params.topic_id, currentUser(req).id, req.body.action)),
  });
  app.route({
    ...endpointRoute('liveTopicAnswer'),
    handler: async (req) => ok(await svc.answer(req.params.topic_id, currentUser(req).id, req.body.answer)),
  });
  app.route({ ...endpointRoute('livePpt'), ...optionalAuth, handler: async (req) => ok(await svc.ppt(req.params.id, viewer(req))) });
  app.route({
    ...endpointRoute('liveSlideSet'),
    handler: async (req) => ok(await svc.setSlide(req.params.id, currentUser(req).id, req.body.index, req.ctx.lang)),
  });
  app.route({ ...endpointRoute('livePolls'), ...optionalAuth, handler: async (req) => ok(await svc.polls(req.params.id, viewer(req))) });
  app.route({
    ...endpointRoute('livePollCreate'),
    handler: async (req) => ok(await svc.createPoll(req.params.id, currentUser(req).id, req.body, req.ctx.lang)),
  });
  app.route({ ...endpointRoute('livePollClose'), handler: async (req) => ok(await svc.closePoll(req.params.poll_id, currentUser(req).id)) });
  app.route({
    ...endpointRoute('livePollVote'),
    handler: async (req) => ok(await svc.vote(req.params.poll_id, currentUser(req).id, req.body.option_ids, req.ctx.lang)),
  });
  app.route({
    ...endpointRoute('liveStatusSet'),
    handler: async (req) => ok(await svc.setStatus(req.params.id, currentUser(req).id, req.body.action, req.ctx.lang)),
  });
  app.route({
    ...endpointRoute('recordingDetail'),
    // Recorded questions name their askers. The media depends on the viewer (the live's gate).
    config: { auth: 'optional', publicCache: publicRead({ tags: [Tag.lives, Tag.people] }) },
    handler: async (req) => ok(await svc.recording(req.params.id, viewer(req))),
  });
  // A playback URL: the same gate as the room and its detail (login, access code, check-in).
  app.route({
    ...endpointRoute('liveAuthUrl'),
    config: { auth: 'optional' },
    handler: async (req) => ok(await svc.authUrl(req.params.id, req.ctx.user?.id)),
  });

  const caps = new SocketCaps(opts.socketCaps ?? { perAddress: 200, perUser: 10 });
  const places = new WeakMap<FastifyRequest, () => void>();
  /**
   * A place under the caps before the upgrade (after the login is known): over a cap, a plain 429
   * envelope and no socket, so nothing is counted as a viewer.
   */
  const takePlace = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!req.ws) return;
    const release = caps.take(req.ip, req.ctx.user?.id);
    if (!release) {
      reply.header('retry-after', '30');
      throw new AppError(ErrorCode.RATE_LIMITED, { httpStatus: 429 });
    }
    places.set(req, release);
    // A handshake refused after this never reaches the handler: the connection's end gives it back.
    req.raw.socket?.once('close', release);
  };

  // The room's socket: ?since=<seq> resumes, ?access_token= identifies (browsers cannot set headers on a WebSocket).
  app.get<{ Params: { id: string }; Querystring: { since?: string } }>(
    '/v1/live/:id/ws',
    { websocket: true, config: { auth: 'optional' }, schema: { hide: true }, preHandler: takePlace },
    async (socket, req) => {
      const release = places.get(req);
      if (release) socket.once('close', release);
      const liveId = Number(req.params.id);
      const sinceText = req.query.since;
      const since = sinceText !== undefined && SINCE.test(sinceText) ? Number(sinceText) : undefined;
      // Messages before the join resolves are ignored anyway; keep the socket quiet until then.
      const client: Client = { ws: socket, userId: req.ctx.user?.id, sessionId: req.ctx.user?.sessionId, isMod: false, cursor: 0, alive: true };
      hub.track(client);
      socket.on('pong', () => {
        client.alive = true;
      });
      socket.on('message', () => {
        // Clients only listen; anything they send just proves they are alive.
        client.alive = true;
      });
      if (!Number.isSafeInteger(liveId) || liveId <= 0 || liveId > 2_147_483_647) {
        socket.close(LiveSocketClose.NOT_FOUND, 'not found');
        return;
      }
      let access;
      try {
        access = await svc.socketAccess(liveId, client.userId);
      } catch (err) {
        req.log.warn({ err }, 'live socket access check failed');
        socket.close(1011, 'unavailable');
        return;
      }
      if (!access.ok) {
        socket.close(access.reason === 'not_found' ? LiveSocketClose.NOT_FOUND : LiveSocketClose.BLOCKED, access.reason);
        return;
      }
      client.isMod = access.isMod;
      const userId = client.userId;
      // A logged-in viewer's socket is attendance evidence (join, leave); a failed record never closes the room.
      const record = (what: 'joined' | 'left') => {
        if (userId === undefined) return;
        const p = evidence[what](liveId, userId, opts.now())
          .catch((err: unknown) => req.log.warn({ err }, 'attendance evidence not recorded'))
          .finally(() => recording.delete(p));
        recording.add(p);
      };
      socket.on('close', () => {
        hub.leave(liveId, client);
        record('left');
      });
      hub.join(liveId, client, since);
      record('joined');
    },
  );

  // Generated slide images of the demo decks (like the covers: the URL determines the bytes).
  app.get<{ Params: { deck: string; file: string } }>('/media/slide/:deck/:file', { schema: { hide: true } }, async (req, reply) => {
    const m = SLIDE.exec(req.params.file);
    const deck = req.params.deck;
    if (!m || !/^[A-Za-z0-9_-]{1,32}$/.test(deck)) return reply.code(404).type('text/plain').send('not found');
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(slideSvg(deck, Number(m[1])));
  });
};

/** Wrapped so the hub (app.liveHub) is visible to the whole app: tests and the benchmark read its counts. */
export default fp(liveRoomRoutes, { name: 'live-room', dependencies: ['realtime', 'auth'] });
