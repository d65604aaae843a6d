import { ErrorCode, errorMessage, Health, PRODUCT_VERSION, Readiness } from '@medportal/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendEnvelope } from '../../plugins/errors.ts';

const startedAt = Date.now();

/** Liveness (no I/O, the benchmark's trivial route) and readiness (database reachable). */
const healthRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/healthz',
    { schema: { operationId: 'liveness', summary: 'Liveness: the process answers', tags: ['ops'], response: { 200: Health } } },
    async () => ({ status: 'ok' as const, uptime_s: Math.round((Date.now() - startedAt) / 1000), version: PRODUCT_VERSION }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        operationId: 'readiness',
        summary: 'Readiness: the database answers (503 otherwise)',
        tags: ['ops'],
        response: { 200: Readiness },
      },
    },
    async (req, reply) => {
      try {
        await app.database.ping();
        return { status: 'ok' as const, db: 'ok' as const, search: 'ready' as const };
      } catch (err) {
        req.log.error({ err }, 'readiness check failed');
        return sendEnvelope(reply, 503, ErrorCode.UNAVAILABLE, errorMessage(ErrorCode.UNAVAILABLE, req.ctx.lang));
      }
    },
  );
};

export default healthRoutes;
