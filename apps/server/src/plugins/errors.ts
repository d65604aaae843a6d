import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ApiLanguage, ErrorCode, errorMessage } from '@medportal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { fieldErrors, RequestValidationError } from '../lib/validation.ts';
import { rawRequestLanguage } from './context.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Writes an envelope as a ready JSON string. Error envelopes bypass the route's response schema
 * (which describes the success shape) on purpose.
 */
export function sendEnvelope(
  reply: FastifyReply,
  status: number,
  code: number,
  message: string,
  data: Record<string, unknown> | null = null,
): FastifyReply {
  return reply.code(status).type(JSON_TYPE).send(JSON.stringify({ code, message, data }));
}

const langOf = (req: FastifyRequest): ApiLanguage =>
  req.ctx?.lang ?? rawRequestLanguage(req.raw.url, req.headers['accept-language']);

/** 404 envelope for unknown API paths and methods. */
export function sendNotFound(req: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendEnvelope(reply, 404, ErrorCode.NOT_FOUND, errorMessage(ErrorCode.NOT_FOUND, langOf(req)));
}

/** Transport-level failures keep a real HTTP status; each maps to one contract code. */
const TRANSPORT_CODES: Record<number, ErrorCode> = {
  400: ErrorCode.BAD_REQUEST,
  404: ErrorCode.NOT_FOUND,
  405: ErrorCode.METHOD_NOT_ALLOWED,
  408: ErrorCode.BAD_REQUEST,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  414: ErrorCode.PAYLOAD_TOO_LARGE,
  415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  429: ErrorCode.RATE_LIMITED,
  503: ErrorCode.UNAVAILABLE,
};

/**
 * Routing failures Fastify answers before any hook runs (`frameworkErrors`): an undecodable path
 * (400) and a path parameter over the router's length limit (414). Same envelope as everything
 * else, and `Connection: close`, as a proxy would do for a request it would not route.
 */
export function frameworkErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : err.code === 'FST_ERR_BAD_URL' ? 400 : 500;
  if (status === 500) req.log.error({ err }, 'routing failed');
  else req.log.info({ code: err.code, status }, 'unroutable request');
  const code = TRANSPORT_CODES[status] ?? ErrorCode.INTERNAL;
  reply.header('connection', 'close');
  sendEnvelope(reply, status, code, errorMessage(code, langOf(req)), status === 500 ? { request_id: req.id } : null);
}

/** Sockets already answered by clientErrorHandler (the parser may report the same failure again). */
const answered = new WeakSet<Socket>();
/** How long a socket we closed may keep sending (the rest of an oversized request) before it is cut. */
const LINGER_MS = 2000;

/**
 * Requests Node's HTTP parser rejects before Fastify sees them (`clientErrorHandler`): headers
 * (with the URL) over the size limit (431), a malformed request line or URL (400), a request
 * that took too long to arrive (408). The parser cannot go on after these, so the answer carries
 * `Connection: close`, then the socket is half-closed; reading on for a moment lets the client
 * receive the answer instead of a reset caused by its own unread bytes.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  if (answered.has(socket)) return;
  if (err.code === 'ECONNRESET' || socket.destroyed) {
    // The client went away: nothing to answer, and nothing wrong on our side.
    this.log.debug({ code: err.code }, 'client connection reset');
    return;
  }
  answered.add(socket);
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  this.log.info({ code: err.code, status, remoteAddress: socket.remoteAddress }, 'malformed request');
  const code = status === 431 ? ErrorCode.PAYLOAD_TOO_LARGE : ErrorCode.BAD_REQUEST;
  const body = JSON.stringify({ code, message: errorMessage(code), data: null });
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      `Content-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  socket.resume();
  socket.once('end', () => socket.destroy());
  socket.setTimeout(LINGER_MS, () => socket.destroy());
}

/** The one error handler: every failure leaves as a {code, message, data} envelope. */
export default fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError | Error, req, reply) => {
      const lang = langOf(req);

      if (err instanceof RequestValidationError) {
        const fields = fieldErrors(err, lang);
        const message = fields
          .slice(0, 3)
          .map((f) => `${f.field}: ${f.message}`)
          .join('; ');
        req.log.info({ fields }, 'request validation failed');
        return sendEnvelope(reply, 200, ErrorCode.VALIDATION, message, { fields });
      }

      if (err instanceof AppError) {
        // 503 is a load we chose to shed (a full queue), not a fault: a warning, not an error per request.
        if (err.httpStatus === 503) req.log.warn({ code: err.code }, 'request shed: busy');
        else if (err.httpStatus >= 500) req.log.error({ err }, 'request failed');
        return sendEnvelope(reply, err.httpStatus, err.code, err.userMessage ?? errorMessage(err.code, lang), err.data);
      }

      const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
      if (status >= 400 && status < 500) {
        // JSON.parse's message quotes the body it choked on: never log it.
        const what = err instanceof SyntaxError ? 'malformed JSON body' : err.message;
        req.log.info({ code: 'code' in err ? err.code : undefined, status }, what);
        const code = TRANSPORT_CODES[status] ?? ErrorCode.BAD_REQUEST;
        return sendEnvelope(reply, status, code, errorMessage(code, lang));
      }

      // Anything else is our fault: log it whole, answer generically with the id to quote.
      req.log.error({ err }, 'unhandled error');
      const code = status === 503 ? ErrorCode.UNAVAILABLE : ErrorCode.INTERNAL;
      return sendEnvelope(reply, status === 503 ? 503 : 500, code, errorMessage(code, lang), { request_id: req.id });
    });
  },
  { name: 'errors', dependencies: ['context'] },
);

/** At most one warning about clients' broken WebSocket frames per this long, per process. */
const SOCKET_WARN_EVERY_MS = 10_000;

/**
 * `@fastify/websocket`'s errorHandler. A malformed frame or a client that vanished is the client's
 * doing: a warning without a stack, at most one per SOCKET_WARN_EVERY_MS with the count since the
 * last (a flood of bad frames must not flood the log). `ws` has already failed the connection; the
 * socket is cut. Anything else is a fault of ours and logged as one.
 */
export function websocketErrorHandler(log: FastifyInstance['log'], now: () => number = Date.now) {
  let lastWarn = -Infinity;
  let suppressed = 0;
  return (err: Error & { code?: string }, socket: { terminate(): void }, req: FastifyRequest): void => {
    socket.terminate();
    const clientFault = err.code?.startsWith('WS_ERR_') || err.code === 'ECONNRESET' || err.code === 'EPIPE';
    if (!clientFault) {
      req.log.error({ err }, 'websocket handler failed');
      return;
    }
    const t = now();
    if (t - lastWarn < SOCKET_WARN_EVERY_MS) {
      suppressed += 1;
      return;
    }
    log.warn({ code: err.code, reason: err.message, remoteAddress: req.ip, suppressed }, 'bad websocket frame');
    lastWarn = t;
    suppressed = 0;
  };
}
