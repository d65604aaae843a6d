import { ADMIN_AREAS, ErrorCode, ROLE_AREAS, STAFF_ROLES, routes } from '@medportal/contract';
import { adminRoutes } from '@medportal/contract/admin-routes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../src/db/schema/index.ts';
import { bearer, call, makeUser, type MadeUser } from './factories.ts';
import { buildTestApp } from './build-test-app.ts';

/** A concrete URL for a route: every placeholder gets a value that names nothing real. */
const urlOf = (path: string) => path.replace(/:([A-Za-z_]+)/g, '999999');

describe('admin areas, for every console route of the contract', () => {
  let app: FastifyInstance;
  const staff = new Map<string, MadeUser>();

  beforeAll(async () => {
    app = await buildTestApp();
    for (const role of STAFF_ROLES) {
      const u = await makeUser(app);
      await app.db.insert(userRoles).values({ userId: u.id, role });
      staff.set(role, u);
    }
  });
  afterAll(() => app.close());

  it('keeps console routes out of the public route table, and gives each an area', () => {
    for (const r of Object.values(routes)) expect(r.path.startsWith('/v1/admin/'), r.path).toBe(false);
    for (const [name, r] of Object.entries(adminRoutes)) {
      expect(r.path.startsWith('/v1/admin/'), name).toBe(true);
      if (name !== 'adminMe' && name !== 'adminDashboard') expect(ADMIN_AREAS, name).toContain(r.area);
    }
  });

  it('refuses a visitor without a login, and each role outside its areas before reading the request', async () => {
    const learner = await makeUser(app);
    let refusals = 0;
    for (const [name, r] of Object.entries(adminRoutes)) {
      const url = urlOf(r.path);
      // An empty body where one is needed: the refusal must come before validation would complain.
      const payload = r.method === 'GET' ? undefined : {};
      expect((await call(app, { method: r.method, url, payload })).code, `${name} anonymous`).toBe(ErrorCode.NOT_LOGGED_IN);
      if (r.area === null) continue;
      expect((await call(app, { method: r.method, url, payload, headers: bearer(learner.access) })).code, `${name} learner`).toBe(ErrorCode.FORBIDDEN);
      for (const role of STAFF_ROLES) {
        const res = await call(app, { method: r.method, url, payload, headers: bearer(staff.get(role)!.access) });
        if (ROLE_AREAS[role].includes(r.area)) expect(res.code, `${name} ${role}`).not.toBe(ErrorCode.FORBIDDEN);
        else {
          expect(res.code, `${name} ${role}`).toBe(ErrorCode.FORBIDDEN);
          refusals++;
        }
      }
    }
    expect(refusals).toBeGreaterThan(Object.keys(adminRoutes).length);
  });
});
