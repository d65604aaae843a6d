import { ErrorCode, SUPPORT_AGENT_SOCKET_PATH, SUPPORT_SOCKET_PATH, SUPPORT_VISITOR_COOKIE, SUPPORT_VISITOR_HEADER, type SupportHours, type SupportSocketEvent } from '@medportal/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { AppError } from '../../lib/app-error.ts';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { currentUser } from '../../plugins/auth.ts';
import { hasArea, requireArea } from '../staff/index.ts';
import { AGENTS_CHANNEL, conversationChannel, parseHours, SupportService, type Visitor } from './support.service.ts';

export interface SupportRoutesOptions {
  now: () => Date;
  /** Working hours; SUPPORT_HOURS (`"1-5 09:00-18:00"`) or every day 08:00–22:00. */
  hours?: SupportHours;
}

/** A visitor token lives a year in the browser (the conversation stays theirs). */
const VISITOR_COOKIE_MAX_AGE_S = 365 * 86_400;
/** Typing frames from one socket are passed on at most this often. */
const TYPING_INTERVAL_MS = 1_000;

/** Online service (spec §2 `/online_service_im`): the visitor's chat and the agents' side. */
const supportRoutes: FastifyPluginAsync<SupportRoutesOptions> = async (instance, opts) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const hours = opts.hours ?? parseHours(process.env.SUPPORT_HOURS);
  const svc = new SupportService(app.db, app.realtime, app.accounts.limiter, app.accounts.secret, hours, opts.now);

  const tokenOf = (req: FastifyRequest): string | undefined => {
    const header = req.headers[SUPPORT_VISITOR_HEADER];
    const query = (req.query as { visitor?: unknown } | undefined)?.visitor;
    return (typeof header === 'string' ? header : undefined) ?? (typeof query === 'string' ? query : undefined) ?? req.cookies[SUPPORT_VISITOR_COOKIE];
  };
  /** The logged-in user, else the visitor of a valid token; `mint` gives a new visitor a token. */
  const visitorOf = (req: FastifyRequest, reply?: FastifyReply): { visitor: Visitor; token: string | null } => {
    if (req.ctx.user) return { visitor: { userId: req.ctx.user.id }, token: null };
    const given = tokenOf(req);
    const key = svc.visitorKey(given);
    if (key && given) return { visitor: { visitorKey: key }, token: given };
    if (!reply) throw new AppError(ErrorCode.NOT_LOGGED_IN);
    const token = svc.newVisitorToken();
    reply.setCookie(SUPPORT_VISITOR_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: VISITOR_COOKIE_MAX_AGE_S });
    return { visitor: { visitorKey: svc.visitorKey(token) ?? '' }, token };
  };
  const optional = { config: { auth: 'optional' as const } };

  app.route({
    ...endpointRoute('supportSession'),
    ...optional,
    handler: async (req, reply) => {
      const { visitor, token } = visitorOf(req, reply);
      return ok({ ...(await svc.session(visitor)), visitor_token: token });
    },
  });
  app.route({ ...endpointRoute('supportMessages'), ...optional, handler: async (req) => ok(await svc.messagesAfter(visitorOf(req).visitor, req.query.after)) });
  app.route({
    ...endpointRoute('supportSend'),
    ...optional,
    handler: async (req) => ok(await svc.visitorSend(visitorOf(req).visitor, req.body, { ip: req.ip, lang: req.ctx.lang })),
  });
  app.route({
    ...endpointRoute('supportRead'),
    ...optional,
    handler: async (req) => {
      await svc.visitorRead(visitorOf(req).visitor);
      return ok(null);
    },
  });

  const agentOnly = { preHandler: requireArea('service') };
  // An agent's reads count and show every visitor's messages: never kept (plugins/auth.ts).
  const unkept = <R extends { config: object }>(route: R) => ({ ...route, config: { ...route.config, keepAnswers: false as const } });
  app.route({
    ...unkept(endpointRoute('supportAgentMe')),
    handler: async (req) => {
      const agent = await hasArea(app.db, currentUser(req).id, 'service');
      return ok({ agent, total_unread: agent ? await svc.totalUnread() : 0 });
    },
  });
  app.route({ ...unkept(endpointRoute('supportAgentConversations')), ...agentOnly, handler: async (req) => ok(await svc.conversations(req.ctx.lang)) });
  app.route({ ...unkept(endpointRoute('supportAgentConversation')), ...agentOnly, handler: async (req) => ok(await svc.conversation(req.params.id, req.ctx.lang)) });
  app.route({
    ...endpointRoute('supportAgentSend'),
    ...agentOnly,
    handler: async (req) => ok(await svc.agentSend(req.params.id, currentUser(req).id, req.body, req.ctx.lang)),
  });
  app.route({
    ...endpointRoute('supportAgentRead'),
    ...agentOnly,
    handler: async (req) => {
      await svc.agentRead(req.params.id);
      return ok(null);
    },
  });

  /** Relays a channel's events to one socket until it closes; its frames are typing signals. */
  const relay = async (socket: WebSocket, channel: string, onTyping: (frame: { conversation_id?: unknown }) => void) => {
    let lastTyping = 0;
    socket.on('message', (data: Buffer) => {
      const now = Date.now();
      if (now - lastTyping < TYPING_INTERVAL_MS || data.length > 256) return;
      lastTyping = now;
      try {
        const frame = JSON.parse(data.toString()) as { type?: unknown; conversation_id?: unknown };
        if (frame.type === 'typing') onTyping(frame);
      } catch {
        // Not a frame of ours: ignored.
      }
    });
    let closed = false;
    let unsubscribe: (() => Promise<void>) | null = null;
    socket.once('close', () => {
      closed = true;
      void unsubscribe?.();
    });
    unsubscribe = await app.realtime.subscribe(channel, (message) => {
      if (socket.readyState === socket.OPEN) socket.send(message);
    });
    if (closed) await unsubscribe();
    else if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'ready' } satisfies SupportSocketEvent));
  };

  // The visitor's socket: ?access_token= or ?visitor=<token> (browsers cannot set headers on a WebSocket).
  app.get(SUPPORT_SOCKET_PATH, { websocket: true, config: { auth: 'optional' }, schema: { hide: true } }, async (socket, req) => {
    let conversationId: number;
    try {
      conversationId = await svc.conversationOf(visitorOf(req).visitor);
    } catch {
      socket.close(4401, 'unknown visitor');
      return;
    }
    await relay(socket, conversationChannel(conversationId), () => svc.typing(conversationId, 'visitor'));
  });

  // The agents' socket: every conversation's events; only for users with the service role.
  app.get(SUPPORT_AGENT_SOCKET_PATH, { websocket: true, config: { auth: 'optional' }, schema: { hide: true } }, async (socket, req) => {
    const user = req.ctx.user;
    if (!user || !(await hasArea(app.db, user.id, 'service'))) {
      socket.close(4403, 'forbidden');
      return;
    }
    await relay(socket, AGENTS_CHANNEL, (frame) => {
      const id = Number(frame.conversation_id);
      if (Number.isSafeInteger(id) && id > 0) svc.typing(id, 'agent');
    });
  });
};

export default supportRoutes;
