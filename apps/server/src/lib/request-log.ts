import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';

/**
 * The server renderer's in-process API calls carry this header with this process's secret value:
 * the page request's line stands for them (a page makes several), and nobody outside can forge it.
 */
export const RENDER_CALL_HEADER = 'x-medportal-render';
export const RENDER_CALL_TOKEN = randomUUID();

/** Tokens may arrive in the query string (spec §6); they never reach the logs. */
export function redactUrl(url: string): string {
  if (!url.includes('=')) return url;
  return url.replace(/([?&](?:access_token|refresh_token|token|code)=)[^&#]*/gi, '$1[redacted]');
}

/**
 * The "request completed" line of a request answered before Fastify (lib/replay.ts), with the
 * fields of Fastify's (below). With the app's own pino logger and its destination, the line is
 * written as pino writes it (level, time, pid, hostname, then the fields) without pino's objects
 * and serialisers: a tenth of a replayed read's CPU. Any other logger gets it through pino.
 */
export function completedLine(
  log: FastifyBaseLogger,
  sink: LineSink | null,
): (req: IncomingMessage, view: { host: string; ip: string | undefined }, id: string, status: number, ms: number) => void {
  const bindings = sink ? (log as unknown as Record<symbol, unknown>)[pino.symbols.chindingsSym] : undefined;
  if (!sink || typeof bindings !== 'string') {
    return (req, view, id, status, ms) => {
      // Shaped like a request for the logger's `req` serializer (the app's picks these four).
      const fields = { method: req.method, url: req.url ?? '', host: view.host, ip: view.ip };
      log.info({ reqId: id, req: fields, res: { statusCode: status }, responseTime: ms }, 'request completed');
    };
  }
  return (req, view, id, status, ms) => {
    if (!(log as unknown as pino.Logger).isLevelEnabled('info')) return;
    const client = view.ip === undefined ? '' : `,"remoteAddress":${JSON.stringify(view.ip)}`;
    sink.write(
      `{"level":30,"time":${Date.now()}${bindings},"reqId":${JSON.stringify(id)},"req":{"method":${JSON.stringify(req.method)},"url":${JSON.stringify(redactUrl(req.url ?? ''))},"host":${JSON.stringify(view.host)}${client}},"res":{"statusCode":${status}},"responseTime":${ms},"msg":"request completed"}\n`,
    );
  };
}

/**
 * One log line per request, at its end (Fastify's default writes two: "incoming request" and
 * "request completed"): method, URL without tokens, client, status and time under the request's
 * id. The other lines Fastify writes (route not found, stream errors) stay as they are.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(req)) return;
    if (!error && reply.statusCode < 500 && req.headers[RENDER_CALL_HEADER] === RENDER_CALL_TOKEN) return;
    if (error) reply.log.error({ req, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Where log lines go (a pino destination). */
export interface LineSink {
  write(chunk: string): boolean | void;
}

let stdoutLines: LineSink | null = null;

/**
 * Standard output for the logs, written once per turn of the event loop (decision record 0076):
 * under load a turn answers tens of requests, and one system call per log line was a tenth of a
 * cached read's CPU. Lines wait at most until the turn ends; on exit (process.exit, an uncaught
 * error) they are written first. One per process, however many apps it builds.
 */
export function batchedStdout(): LineSink {
  if (stdoutLines) return stdoutLines;
  // Synchronous: a line handed over is written by the end of the turn, whatever happens next.
  const out = pino.destination({ dest: 1, sync: true });
  let pending = '';
  const flush = () => {
    scheduled = false;
    if (pending === '') return;
    const lines = pending;
    pending = '';
    out.write(lines);
  };
  let scheduled = false;
  process.once('exit', flush);
  stdoutLines = {
    write(chunk: string) {
      pending += chunk;
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
      return true;
    },
  };
  return stdoutLines;
}
