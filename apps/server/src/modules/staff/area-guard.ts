import type { AdminArea } from '@medportal/contract';
import fp from 'fastify-plugin';
import { requireArea } from './staff.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The admin area a caller's role must reach (set by endpointRoute from admin-routes.ts). */
    area?: AdminArea;
  }
}

/**
 * Puts the role check on every route whose config names an admin area: a console route cannot be
 * registered without it. It runs right after the auth plugin's login check and before the body is
 * validated, so a caller without the role learns nothing of what the route takes. Registered after
 * the auth plugin (whose onRoute hook runs first) and before any module's routes.
 */
export default fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      const area = route.config?.area;
      if (!area) return;
      const own = route.preValidation;
      const hooks = own === undefined ? [] : Array.isArray(own) ? [...own] : [own];
      // The auth plugin put its login check first (an admin route always needs a login).
      hooks.splice(route.config?.auth ? 1 : 0, 0, requireArea(area));
      route.preValidation = hooks;
    });
  },
  { name: 'area-guard', dependencies: ['auth'] },
);
