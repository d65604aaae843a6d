import type { PreviewKind } from '@medportal/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { currentUser } from '../../plugins/auth.ts';
import { auditPage } from './audit.ts';
import { areasOf, rolesOf, setRoles, staffList } from './staff.service.ts';

/** The console's staff: my roles and areas, the audit log; administrators list staff and grant roles. */
const staffRoutes: FastifyPluginAsync<{ now: () => Date }> = async (instance, opts) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.route({
    ...endpointRoute('adminMe'),
    handler: async (req) => {
      const me = currentUser(req);
      const roles = await rolesOf(app.db, me.id);
      return ok({ user_id: me.id, roles, areas: areasOf(roles) });
    },
  });
  app.route({ ...endpointRoute('adminAuditLog'), handler: async (req) => ok(await auditPage(app.db, req.query)) });
  app.route({ ...endpointRoute('adminStaff'), handler: async () => ok({ items: await staffList(app.db) }) });
  app.route({
    ...endpointRoute('adminSetRoles'),
   
    handler: async (req) => ok({ user_id: req.params.id, roles: await setRoles(app.db, currentUser(req).id, req.params.id, req.body.roles, opts.now()) }),
  });
  app.route({
    ...endpointRoute('adminPreview'),
    handler: async (req) => {
      const { kind, id, lang } = req.body;
      const { token, expiresAt } = app.preview.grant(kind, id);
      const path = PREVIEW_PATHS[kind](id);
      return ok({ url: `${path}?lang=${lang}&preview=${encodeURIComponent(token)}`, expires_at: expiresAt.toISOString() });
    },
  });
};

/** The public page each preview kind opens. */
const PREVIEW_PATHS: Record<PreviewKind, (id: number) => string> = {
  course: (id) => `/course/${id}`,
  news: (id) => `/news/${id}`,
  home: () => '/',
};

export default staffRoutes;
