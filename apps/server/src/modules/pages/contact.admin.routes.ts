import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { currentUser } from '../../plugins/auth.ts';
import { contactMessage, contactPage, handleContact } from './contact.admin.ts';

/** The contact-form inbox of the console's service area (guarded from the route table). */
const contactAdminRoutes: FastifyPluginAsync<{ now: () => Date }> = async (instance, opts) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.route({ ...endpointRoute('adminContactMessages'), handler: async (req) => ok(await contactPage(app.db, req.query)) });
  app.route({ ...endpointRoute('adminContactMessage'), handler: async (req) => ok(await contactMessage(app.db, req.params.id)) });
  app.route({
    ...endpointRoute('adminContactHandle'),
    handler: async (req) => ok(await handleContact(app.db, currentUser(req).id, req.params.id, req.body.note, opts.now())),
  });
};

export default contactAdminRoutes;
