import { type AdminArea, ErrorCode, ROLE_AREAS, STAFF_ROLES, type StaffRole } from '@medportal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../src/db/schema/index.ts';
import { buildTestApp } from './build-test-app.ts';
import { bearer, call, makeUser, type MadeUser } from './factories.ts';

let app: FastifyInstance;
let admin: MadeUser;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await makeUser(app);
  await app.db.insert(userRoles).values({ userId: admin.id, role: 'administrator' });
});
afterAll(async () => {
  await app?.close();
});

const setRoles = (by: MadeUser, userId: number, roles: string[]) =>
  call<{ roles: StaffRole[] }>(app, { method: 'PUT', url: `/v1/admin/users/${userId}/roles`, headers: bearer(by.access), payload: { roles } });

/** One call of each admin area that has calls today, and the code an outsider gets. */
const PROBES: Array<[AdminArea, string]> = [
  ['money', '/v1/admin/orders'],
  ['audit', '/v1/admin/audit_log'],
  ['credits', '/v1/admin/attendance?user_id=1&live_id=1'],
  ['service', '/v1/support/agent/conversations'],
  ['roles', '/v1/admin/staff'],
  ['lives', '/v1/live/1/redirect_link'],
];

describe('staff roles', () => {
  it('a user who is not staff has no roles and no areas, and is refused every admin call', async () => {
    const u = await makeUser(app);
    const me = await call<{ roles: string[]; areas: string[] }>(app, { url: '/v1/admin/me', headers: bearer(u.access) });
    expect(me.data).toMatchObject({ user_id: u.id, roles: [], areas: [] });
    for (const [, url] of PROBES) expect((await call(app, { url, headers: bearer(u.access) })).code, url).toBe(ErrorCode.FORBIDDEN);
  });

  it('each role reaches its own areas and is refused outside them', async () => {
    for (const role of STAFF_ROLES) {
      const u = await makeUser(app);
      expect((await setRoles(admin, u.id, [role])).data.roles).toEqual([role]);
      const me = await call<{ areas: AdminArea[] }>(app, { url: '/v1/admin/me', headers: bearer(u.access) });
      expect(new Set(me.data.areas)).toEqual(new Set(ROLE_AREAS[role]));
      for (const [area, url] of PROBES) {
        const allowed = ROLE_AREAS[role].includes(area);
        const res = await call(app, { url, headers: bearer(u.access) });
        expect(res.code, `${role} → ${url}`).toBe(allowed ? 0 : ErrorCode.FORBIDDEN);
      }
    }
  });

  it('only administrators grant roles; every change is in the audit log, filterable; a role taken away stops at once', async () => {
    const finance = await makeUser(app);
    const other = await makeUser(app);
    expect((await setRoles(admin, finance.id, ['finance'])).code).toBe(0);
    // Finance may not grant roles, not even to itself.
    expect((await setRoles(finance, other.id, ['finance'])).code).toBe(ErrorCode.FORBIDDEN);
    expect((await setRoles(finance, finance.id, ['administrator'])).code).toBe(ErrorCode.FORBIDDEN);
    expect((await call(app, { url: '/v1/admin/orders', headers: bearer(finance.access) })).code).toBe(0);

    expect((await setRoles(admin, finance.id, [])).data.roles).toEqual([]);
    expect((await call(app, { url: '/v1/admin/orders', headers: bearer(finance.access) })).code).toBe(ErrorCode.FORBIDDEN);

    const log = await call<{ items: Array<{ actor_id: number; before: { roles: string[] }; after: { roles: string[] } }> }>(app, {
      url: `/v1/admin/audit_log?action=staff.roles&target=user:${finance.id}`,
      headers: bearer(admin.access),
    });
    expect(log.data.items.map((i) => [i.actor_id, i.before.roles, i.after.roles])).toEqual([
      [admin.id, ['finance'], []],
      [admin.id, [], ['finance']],
    ]);
    // Filtered by kind of action, actor and time.
    type Log = { items: Array<{ action: string; actor_id: number | null; target: string }>; total: number };
    const audit = async (query: string) => (await call<Log>(app, { url: `/v1/admin/audit_log?${query}`, headers: bearer(admin.access) })).data;
    const kind = await audit(`action=staff.&actor_id=${admin.id}`);
    expect(kind.total).toBeGreaterThanOrEqual(3);
    expect(kind.items.every((i) => i.action === 'staff.roles' && i.actor_id === admin.id)).toBe(true);
    expect((await audit('action=st_ff.')).total).toBe(0);
    expect((await audit(`actor_id=${finance.id}`)).total).toBe(0);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await audit(`action=staff.&from=${encodeURIComponent(future)}`)).total).toBe(0);
    expect((await audit(`action=staff.&to=${encodeURIComponent(future)}`)).total).toBe(kind.total);
    expect((await call(app, { url: '/v1/admin/audit_log?from=yesterday', headers: bearer(admin.access) })).code).toBe(ErrorCode.VALIDATION);

    const staff = await call<{ items: Array<{ user_id: number; roles: string[] }> }>(app, { url: '/v1/admin/staff', headers: bearer(admin.access) });
    expect(staff.data.items).toContainEqual(expect.objectContaining({ user_id: admin.id, roles: ['administrator'] }));
    expect(staff.data.items.some((s) => s.user_id === finance.id)).toBe(false);
    // Unknown roles are refused whole.
    expect((await setRoles(admin, other.id, ['operator'])).code).toBe(ErrorCode.VALIDATION);
  });

  it('never leaves the console without an administrator, even when two take each other’s role at once', async () => {
    const app2 = await buildTestApp({ seed: false });
    try {
      const [a, b] = await Promise.all([makeUser(app2), makeUser(app2)]);
      await app2.db.insert(userRoles).values([{ userId: a.id, role: 'administrator' }]);
      const set = (by: MadeUser, userId: number, roles: string[]) => call(app2, { method: 'PUT', url: `/v1/admin/users/${userId}/roles`, headers: bearer(by.access), payload: { roles } });
      // The only administrator cannot step down.
      const alone = await set(a, a.id, ['editor']);
      expect(alone.code).toBe(ErrorCode.STAFF_LAST_ADMINISTRATOR);
      expect(alone.message).toBe('至少需要保留一位管理员');
      expect((await set(a, b.id, ['administrator'])).code).toBe(0);
      // Each removes the other at the same moment: exactly one wins; the other is no longer
      // allowed (it lost its role first) or would remove the last administrator.
      const results = await Promise.all([set(a, b.id, []), set(b, a.id, [])]);
      const codes = results.map((r) => r.code);
      expect(codes.filter((c) => c === 0)).toHaveLength(1);
      expect([ErrorCode.FORBIDDEN, ErrorCode.STAFF_LAST_ADMINISTRATOR]).toContain(codes.find((c) => c !== 0));
      const left = await app2.db.select().from(userRoles);
      expect(left.filter((r) => r.role === 'administrator')).toHaveLength(1);
    } finally {
      await app2.close();
    }
  });
});
