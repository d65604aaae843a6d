import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SiteSettings } from '../../config.ts';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { publicRead } from '../../lib/public-cache.ts';
import { Tag } from '../shared/cache-tags.ts';
import { sitePage, submitContactForm, sweepContactMessages } from './pages.service.ts';
import pagesAdminRoutes from './pages.admin.routes.ts';
import { scheduleJob } from '../../plugins/jobs.ts';

export interface PagesRoutesOptions {
  site: SiteSettings;
  now: () => Date;
}

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Site documents (about, agreement, privacy, SDK list, contact text) and the contact form. */
const pagesRoutes: FastifyPluginAsync<PagesRoutesOptions> = async (instance, { site, now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...endpointRoute('sitePage'),
    config: { publicCache: publicRead({ tags: [Tag.site] }) },
    handler: async (req) => ok(await sitePage(app.db, req.params.slug, req.ctx.lang, site)),
  });

  app.route({
    ...endpointRoute('contactForm'),
    // Anonymous or logged in: a token, when sent, ties the message to the account.
    config: { auth: 'optional' },
    handler: async (req) =>
      ok(
        await submitContactForm(app.db, app.accounts.limiter, req.body, {
          ip: req.ip,
          userId: req.ctx.user?.id,
          lang: req.ctx.lang,
          now: now(),
        }),
      ),
  });

  // Retention (privacy policy): old messages go; the job's log line counts them.
  scheduleJob(app, { name: 'pages.contact-retention', everyMs: SWEEP_INTERVAL_MS, runAtStart: true, run: async () => ({ deleted: await sweepContactMessages(app.db, now()) }) });
  // The console's catalog routes for this module's tables (decision record 0068).
  await app.register(pagesAdminRoutes, { now });
};

export default pagesRoutes;
