import { routes } from '@medportal/contract';
import { adminRoutes } from '@medportal/contract/admin-routes';
import Fastify from 'fastify';
import { endpointRoute } from './lib/endpoint.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import { validatorCompiler } from './lib/validation.ts';
import openapi from './plugins/openapi.ts';

/**
 * The OpenAPI document of every contract route, made without a database or the modules: the same
 * plugin and route options as the server, with handlers that never run. What the server serves
 * differs only in what modules add at registration (`auth: 'optional'` on some public reads, the
 * health probes), which the API test lints on the served document. For scripts/lint-openapi.mjs.
 */
export async function contractDocument(): Promise<unknown> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check: false }));
  await app.register(openapi, { contactEmail: 'service@medportal.cn' });
  for (const name of Object.keys({ ...routes, ...adminRoutes }) as (keyof typeof routes | keyof typeof adminRoutes)[]) {
    app.route({ ...endpointRoute(name), handler: async () => null } as never);
  }
  await app.ready();
  const doc = app.swagger();
  await app.close();
  return doc;
}
