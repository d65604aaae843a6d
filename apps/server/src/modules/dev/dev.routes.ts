import { ErrorCode } from '@medportal/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import type { DevClock } from '../../lib/dev-clock.ts';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { pendingFor, sandboxMessagesFor } from '../messages/index.ts';

/**
 * Developer helpers: the messages the sandbox provider delivered, and captcha answers. Registered only when NODE_ENV is not
 * production (app.ts), so in production these paths are unknown routes (404 envelope).
 */
const devRoutes: FastifyPluginAsync<{ clock: DevClock | null }> = async (instance, opts) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...endpointRoute('devOutbox'),
    handler: async (req) => {
      const [rows, pending] = await Promise.all([sandboxMessagesFor(app.db, req.query.to), pendingFor(app.db, req.query.to)]);
      return ok({
        items: rows.map((r) => ({
          // `+86 13800138000`: the calling code apart, as a phone shows it.
          to: r.countryCode && r.to.startsWith(`+${r.countryCode}`) ? `+${r.countryCode} ${r.to.slice(r.countryCode.length + 1)}` : r.to,
          text: r.text,
          code: r.code,
          created_at: r.createdAt.toISOString(),
        })),
        pending,
      });
    },
  });

  app.route({
    ...endpointRoute('devCaptcha'),
    handler: async (req) => {
      const code = await app.accounts.captchas.devAnswer(req.params.captcha_key);
      if (!code) throw new AppError(ErrorCode.NOT_FOUND);
      return ok({ code });
    },
  });

  // The clock moves only when the server was started with DEV_CLOCK=1; otherwise it says so.
  const clock = opts.clock;
  const state = () => (clock ? { now: clock.now().toISOString(), offset_s: clock.offsetS } : { now: new Date().toISOString(), offset_s: 0 });
  app.route({ ...endpointRoute('devClock'), handler: async () => ok(state()) });
  app.route({
    ...endpointRoute('devClockAdvance'),
    handler: async (req) => {
      if (!clock) throw new AppError(ErrorCode.FORBIDDEN);
      clock.advance(req.body.advance_s);
      req.log.warn({ offset_s: clock.offsetS }, 'development clock moved forward');
      return ok(state());
    },
  });
};

export default devRoutes;
