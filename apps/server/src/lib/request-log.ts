import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One log line per request, at its end (Fastify's default writes two: "incoming request" and
 * "request completed"): method, URL without tokens, client, status and time under the request's
 * id. The other lines Fastify writes (route not found, stream errors) stay as they are.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(req)) return;
    if (error) reply.log.error({ req, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
