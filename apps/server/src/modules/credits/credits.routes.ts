import { CmeQuery, cmeExportPath } from '@medportal/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { currentUser } from '../../plugins/auth.ts';
import { creditsAdminRoutes } from './credits.admin.ts';
import { cmeCsv } from './credits.export.ts';
import type { AttendanceReader, CertificateIssuer, CmePdfDrawer } from './credits.ports.ts';
import { CreditService } from './credits.service.ts';

export interface CreditsRoutesOptions {
  now: () => Date;
  attendance: AttendanceReader;
  /** Without one, claims record their certificate as pending. */
  issuer?: CertificateIssuer;
  /** Draws the 登记表 PDF off the event loop (the render worker pool). */
  drawCmePdf: CmePdfDrawer;
}

/** Continuing-education credit: designations, post-test, evaluation, claims, the 电子学分卡. */
const creditsRoutes: FastifyPluginAsync<CreditsRoutesOptions> = async (instance, opts) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new CreditService({ db: app.db, now: opts.now, attendance: opts.attendance, issuer: opts.issuer });
  app.addHook('onReady', async () => svc.ensureRules());
  await app.register(creditsAdminRoutes, { now: opts.now });

  const activity = endpointRoute('creditActivity');
  app.route({
    ...activity,
    config: { auth: 'optional' },
    handler: async (req) => ok(await svc.activity(req.params.kind, req.params.id, req.ctx.user?.id, req.ctx.lang)),
  });
  app.route({ ...endpointRoute('creditTest'), handler: async (req) => ok(await svc.test(req.params.kind, req.params.id, currentUser(req).id, req.ctx.lang)) });
  app.route({
    ...endpointRoute('creditTestSubmit'),
    handler: async (req) => ok(await svc.submitTest(req.params.kind, req.params.id, currentUser(req).id, req.body)),
  });
  app.route({
    ...endpointRoute('creditEvaluation'),
    handler: async (req) => ok(await svc.evaluateActivity(req.params.kind, req.params.id, currentUser(req).id, req.body)),
  });
  app.route({ ...endpointRoute('creditClaim'), handler: async (req) => ok(await svc.claim(req.params.kind, req.params.id, currentUser(req).id, req.ctx.lang)) });
  app.route({ ...endpointRoute('creditClaims'), handler: async (req) => ok(await svc.claims(currentUser(req).id, req.query, req.ctx.lang)) });
  app.route({ ...endpointRoute('creditCme'), handler: async (req) => ok(await svc.cme(currentUser(req).id, req.query.year, req.ctx.lang)) });

  // The 登记表 as files: not envelope endpoints (a download link carries ?access_token=).
  app.get(cmeExportPath('csv'), { config: { auth: 'required' }, schema: { querystring: CmeQuery, hide: true } }, async (req, reply) => {
    const card = await svc.cme(currentUser(req).id, req.query.year, req.ctx.lang);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="cme-${card.year}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(cmeCsv(card, req.ctx.lang));
  });
  app.get(cmeExportPath('pdf'), { config: { auth: 'required' }, schema: { querystring: CmeQuery, hide: true } }, async (req, reply) => {
    const me = currentUser(req);
    const [card, user] = await Promise.all([svc.cme(me.id, req.query.year, req.ctx.lang), app.accounts.users.get(app.db, me.id)]);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="cme-${card.year}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(await opts.drawCmePdf(card, user?.nickname ?? '', req.ctx.lang));
  });
};

export default creditsRoutes;
