import type { CmeCard, CreditActivityInfo, CreditClaimResult, CreditTest, CreditTestResult } from '@medportal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { bearer, call, makeUser, testClock } from '../../../test/factories.ts';

/**
 * The demo designations on the seeded content, with attendance read by app.ts's interim source:
 * the seek-proof watch time of the recording (decision 0023).
 */
const clock = testClock();
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
});
afterAll(async () => {
  await app?.close();
});

describe('demo credit designations', () => {
  it('designate a 国家级 live, a 省级 series and an AMA PRA Category 1 recording, each with a post-test', async () => {
    const live = await call<CreditActivityInfo>(app, { url: '/v1/credit/activity/live/1' });
    expect(live.data.designation).toMatchObject({ regime: 'cn_national', credit_class: 'I', max_hundredths: 100 });
    expect(live.data.designation?.sessions).toHaveLength(3);
    const rec = await call<CreditActivityInfo>(app, { url: '/v1/credit/activity/recording/1' });
    expect(rec.data.designation).toMatchObject({ regime: 'us_ama', credit_class: 'AMA_PRA_1', requirements: { test_questions: 2 } });
    const series = await call<CreditActivityInfo>(app, { url: '/v1/credit/activity/series/7' });
    expect(series.data.designation).toMatchObject({ regime: 'cn_provincial', credit_class: 'I', requirements: { test_questions: 1 } });
  });

  it('a learner who watches the recording through earns AMA credit for the share of the meeting watched', async () => {
    const u = await makeUser(app);
    const h = bearer(u.access);
    const beat = (played: number) =>
      call(app, { method: 'POST', url: '/v1/user/watch_log', headers: h, payload: { module_name: 'vod', id: 11, played_s: played, session_id: 'credit-demo-1' } });
    expect((await beat(0)).code).toBe(0);
    clock.advance(20);
    await beat(20);
    clock.advance(20);
    await beat(40);
    let info = await call<CreditActivityInfo>(app, { url: '/v1/credit/activity/recording/1', headers: h });
    expect(info.data.progress).toMatchObject({ attended_seconds: 40, scheduled_seconds: 60, attendance_pct: 66 });
    expect(info.data.progress?.unmet).toContain('attendance');
    clock.advance(15);
    await beat(54);
    info = await call<CreditActivityInfo>(app, { url: '/v1/credit/activity/recording/1', headers: h });
    expect(info.data.progress).toMatchObject({ attended_seconds: 54, attendance_pct: 90 });
    // 54 of 60 s is 90 % of the two-hour meeting: 108 minutes, 1.75 AMA credits in 0.25 steps.
    expect(info.data.progress?.estimated_hundredths).toBe(175);

    const test = await call<CreditTest>(app, { url: '/v1/user/credit/activity/recording/1/test', headers: h });
    const answers = test.data.questions.map((q) => ({ question_id: q.id, options: [0] }));
    const result = await call<CreditTestResult>(app, { method: 'POST', url: '/v1/user/credit/activity/recording/1/test', headers: h, payload: { answers } });
    expect(result.data.passed).toBe(true);
    await call(app, { method: 'POST', url: '/v1/user/credit/activity/recording/1/evaluation', headers: h, payload: { ratings: { content: 5, teaching: 5, relevance: 5, unbiased: 5 } } });
    const claim = await call<CreditClaimResult>(app, { method: 'POST', url: '/v1/user/credit/activity/recording/1/claim', headers: h });
    expect(claim.data).toMatchObject({ regime: 'us_ama', hundredths: 175, newly: true, project_number: 'JA-26-0117-H01' });
    const card = await call<CmeCard>(app, { url: '/v1/user/credit/cme', headers: h });
    expect(card.data.ama_pra_1_hundredths).toBe(175);
    expect(card.data.class_i.earned_hundredths).toBe(0);
  });

  it('a live reads as nothing attended until the attendance module supplies its ledger', async () => {
    const u = await makeUser(app);
    const info = await call<CreditActivityInfo>(app, { url: '/v1/credit/activity/live/1', headers: bearer(u.access) });
    expect(info.data.progress).toMatchObject({ attended_seconds: 0, estimated_hundredths: 0 });
  });
});
