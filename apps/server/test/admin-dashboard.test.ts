import { type AdminDashboard, ErrorCode } from '@medportal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../src/db/schema/index.ts';
import { DEMO_ROOMS } from '../src/seed/live-room.ts';
import { buildTestApp } from './build-test-app.ts';
import { bearer, call, makeUser } from './factories.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

const dashboard = (access: string) => call<AdminDashboard>(app, { url: '/v1/admin/dashboard', headers: bearer(access) });

describe('dashboard', () => {
  it('gives each staff member the figures of the areas they reach, and nothing to others', async () => {
    const admin = await makeUser(app);
    const moderator = await makeUser(app);
    await app.db.insert(userRoles).values([
      { userId: admin.id, role: 'administrator' },
      { userId: moderator.id, role: 'moderator' },
    ]);
    const full = await dashboard(admin.access);
    expect(full.code).toBe(0);
    expect(full.data.users!.new_today).toBeGreaterThanOrEqual(2);
    expect(full.data.lives!.live_now).toBeGreaterThanOrEqual(1);
    expect(full.data.orders).not.toBeNull();
    expect(full.data.withdrawals).not.toBeNull();

    // A question waiting in a moderated live raises the pending count.
    const learner = await makeUser(app);
    const before = full.data.moderation!.questions;
    const asked = await call(app, { method: 'POST', url: `/v1/user/live/${DEMO_ROOMS.moderated}/topicstore`, headers: bearer(learner.access), payload: { content: 'Counted on the dashboard?' } });
    expect(asked.code).toBe(0);
    const mod = await dashboard(moderator.access);
    expect(mod.data.moderation!.questions).toBe(before + 1);
    expect(mod.data.moderation!.pending).toBe(mod.data.moderation!.questions + mod.data.moderation!.comments);
    expect(mod.data).toMatchObject({ lives: null, users: null, orders: null, withdrawals: null, service: null });

    expect((await dashboard(learner.access)).code).toBe(ErrorCode.FORBIDDEN);
    expect((await call(app, { url: '/v1/admin/dashboard' })).code).toBe(ErrorCode.NOT_LOGGED_IN);
  });
});
