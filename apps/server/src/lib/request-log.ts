import { randomUUID } from 'node:crypto';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * The server renderer's in-process API calls carry this header with this process's secret value:
 * the page request's line stands for them (a page makes several), and nobody outside can forge it.
 */
export const RENDER_CALL_HEADER = 'x-medportal-render';
export const RENDER_CALL_TOKEN = randomUUID();

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
