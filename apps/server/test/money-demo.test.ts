import type { CouponRemain, LoginData } from '@medportal/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMeta, couponCampaigns, courseEntitlements, sitePages, userConsents, userIdentities, userRoles } from '../src/db/schema/index.ts';
import { DEMO_LEARNER, DEMO_OPERATOR, ensureDemoAccounts } from '../src/seed/demo-accounts.ts';
import { demoAccountsUpkeep } from '../src/seed/index.ts';
import { buildTestApp } from './build-test-app.ts';
import { bearer, call } from './factories.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function login(account: string, password: string) {
  return call<LoginData>(app, { method: 'POST', url: '/v1/user/login', payload: { type: 'password', account, password } });
}

async function ownerOf(mobile: string) {
  const [row] = await app.db.select({ userId: userIdentities.userId }).from(userIdentities).where(and(eq(userIdentities.kind, 'mobile'), eq(userIdentities.value, mobile)));
  return row?.userId;
}

describe('demo money accounts', () => {
  it('the demo operator reaches the operator API; the demo learner owns a paid series; a demo campaign is open', async () => {
    const op = await login('13900000001', 'Operator-demo-1');
    expect(op.code, JSON.stringify(op)).toBe(0);
    expect((await call(app, { url: '/v1/admin/audit_log', headers: bearer(op.data.user_access_token) })).code).toBe(0);
    const learner = await login('13900000003', 'Learner-demo-1');
    expect(learner.code, JSON.stringify(learner)).toBe(0);
    expect((await call(app, { url: '/v1/admin/audit_log', headers: bearer(learner.data.user_access_token) })).code).toBe(40003);
    const learnerId = await ownerOf(DEMO_LEARNER.mobile);
    expect(await app.db.select().from(courseEntitlements).where(eq(courseEntitlements.userId, learnerId ?? 0))).toHaveLength(1);
    const remain = await call<CouponRemain>(app, { url: '/v1/user/coupon/remain?language=en' });
    expect(remain.data.campaigns.map((c) => c.title)).toContain('Welcome coupon: ¥20 off ¥50');
  });

  it('moves a learner left on the operator number by older data, and makes the operator', async () => {
    const learnerId = await ownerOf(DEMO_LEARNER.mobile);
    const operatorId = await ownerOf(DEMO_OPERATOR.mobile);
    if (!learnerId || !operatorId) throw new Error('demo accounts missing');
    // As data from before the operator existed: the learner on 13900000001, no operator.
    await app.db.delete(userRoles).where(eq(userRoles.userId, operatorId));
    await app.db.delete(userIdentities).where(eq(userIdentities.userId, operatorId));
    await app.db.update(userIdentities).set({ value: DEMO_OPERATOR.mobile }).where(and(eq(userIdentities.userId, learnerId), eq(userIdentities.kind, 'mobile')));
    await ensureDemoAccounts(app.db, new Date());
    expect(await ownerOf(DEMO_LEARNER.mobile)).toBe(learnerId);
    const newOperator = await ownerOf(DEMO_OPERATOR.mobile);
    expect(newOperator).not.toBe(learnerId);
    expect((await app.db.select().from(userRoles).where(eq(userRoles.userId, newOperator ?? 0))).map((r) => r.role)).toEqual(['administrator']);
    expect((await login('13900000001', 'Operator-demo-1')).code).toBe(0);
    expect((await login('13900000003', 'Learner-demo-1')).code).toBe(0);
  });

  it('a restart runs the upkeep again only when the demo content, the legal texts or the upkeep changed', async () => {
    await demoAccountsUpkeep(app.database, new Date());
    // Same inputs: nothing done, so a campaign deleted on purpose stays deleted (as demo content does).
    await app.db.delete(couponCampaigns).where(eq(couponCampaigns.titleEn, 'Welcome coupon: ¥20 off ¥50'));
    expect(await demoAccountsUpkeep(app.database, new Date())).toBe(false);
    expect(await app.db.select().from(couponCampaigns).where(eq(couponCampaigns.titleEn, 'Welcome coupon: ¥20 off ¥50'))).toHaveLength(0);
    // A new user agreement: the demo accounts agree to it (no consent prompt when trying them).
    await app.db.update(sitePages).set({ version: 'v-upkeep-test' }).where(eq(sitePages.slug, 'contract'));
    expect(await demoAccountsUpkeep(app.database, new Date())).toBe(true);
    const learnerId = await ownerOf(DEMO_LEARNER.mobile);
    const agreed = await app.db.select().from(userConsents).where(and(eq(userConsents.userId, learnerId ?? 0), eq(userConsents.version, 'v-upkeep-test')));
    expect(agreed.map((c) => c.document)).toEqual(['contract']);
    expect(await app.db.select().from(couponCampaigns).where(eq(couponCampaigns.titleEn, 'Welcome coupon: ¥20 off ¥50'))).toHaveLength(1);
    // Seeded again (the seed CLI's --reset stamps the content anew): the upkeep runs again.
    expect(await demoAccountsUpkeep(app.database, new Date())).toBe(false);
    await app.db.update(appMeta).set({ value: new Date(0).toISOString() }).where(eq(appMeta.key, 'demo_content_seeded_at'));
    expect(await demoAccountsUpkeep(app.database, new Date())).toBe(true);
  });
});
