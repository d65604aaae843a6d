import { CertVerification, type CmeCard, type CreditActivityInfo, type CreditClaimResult, type CreditTest, type CreditTestResult, ErrorCode } from '@medportal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { bearer, call, makeUser, testClock } from '../../../test/factories.ts';

/**
 * The demo designations on the seeded content, with attendance from the attendance module (a
 * recording's seek-proof watch time, decision 0023) and certificates from the certificates module.
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
    // The certificate needs the legal name first: without it the claim is refused and nothing is written.
    const early = await call(app, { method: 'POST', url: '/v1/user/credit/activity/recording/1/claim', headers: h });
    expect(early.code).toBe(ErrorCode.CERT_IDCARD_REQUIRED);
    expect((await call<CmeCard>(app, { url: '/v1/user/credit/cme', headers: h })).data.ama_pra_1_hundredths).toBe(0);
    const idcard = { legal_name: '李医生', doc_type: 'cn_resident', number: '11010519491231002X' };
    expect((await call(app, { method: 'PUT', url: '/v1/user/cert/idcard', headers: h, payload: idcard })).code).toBe(0);

    const claim = await call<CreditClaimResult>(app, { method: 'POST', url: '/v1/user/credit/activity/recording/1/claim', headers: h });
    expect(claim.data).toMatchObject({ regime: 'us_ama', hundredths: 175, newly: true, project_number: 'JA-26-0117-H01', certificate_status: 'issued' });
    // The certificate is issued in the claim's transaction and anyone can verify it by its code.
    const code = claim.data.certificate_code!;
    const verified = await call<CertVerification>(app, { url: `/v1/cert/verify/${code}` });
    expect(CertVerification.parse(verified.data)).toMatchObject({ status: 'valid', holder_name: '李医生', credit_hundredths: 175, project_number: 'JA-26-0117-H01' });
    expect(JSON.stringify(verified.data)).not.toContain('11010519491231002X');
    const card = await call<CmeCard>(app, { url: '/v1/user/credit/cme', headers: h });
    expect(card.data.ama_pra_1_hundredths).toBe(175);
    expect(card.data.class_i.earned_hundredths).toBe(0);
  });

  it('a live reads attendance from the live room\'s ledger: nothing yet for a new learner', async () => {
    const u = await makeUser(app);
    const info = await call<CreditActivityInfo>(app, { url: '/v1/credit/activity/live/1', headers: bearer(u.access) });
    expect(info.data.progress).toMatchObject({ attended_seconds: 0, estimated_hundredths: 0 });
  });
});
