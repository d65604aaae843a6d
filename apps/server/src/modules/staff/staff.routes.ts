import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { currentUser } from '../../plugins/auth.ts';
import { auditPage } from './audit.ts';
import { areasOf, requireArea, rolesOf, setRoles, staffList } from './staff.service.ts';

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
  app.route({ ...endpointRoute('adminAuditLog'), preHandler: requireArea('audit'), handler: async (req) => ok(await auditPage(app.db, req.query)) });
  const roles = requireArea('roles');
  app.route({ ...endpointRoute('adminStaff'), preHandler: roles, handler: async () => ok({ items: await staffList(app.db) }) });
  app.route({
    ...endpointRoute('adminSetRoles'),
    preHandler: roles,
    handler: async (req) => ok({ user_id: req.params.id, roles: await setRoles(app.db, currentUser(req).id, req.params.id, req.body.roles, opts.now()) }),
  });
};

export default staffRoutes;
