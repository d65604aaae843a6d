import { inflateSync } from 'node:zlib';
import { CmeCard, CreditActivityInfo, CreditClaimPage, CreditClaimResult, CreditTest, type CreditTestResult, ErrorCode, cmeExportPath } from '@medportal/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { bearer, call, makeUser, type MadeUser, testClock } from '../../../test/factories.ts';
import { creditClaims, creditTestAttempts, creditTestQuestions } from '../../db/schema/index.ts';
import { type AttendanceSummary, type CertificateIssuer, designate } from './index.ts';

const H = 3600;
const DAY = 86_400_000;
// 2026-05-10 10:00 in Shanghai.
const clock = testClock(Date.parse('2026-05-10T02:00:00Z'));
const T0 = clock.now().getTime();

/** Attendance the tests set per user and activity (the attendance module's port). */
const attendance = new Map<string, Partial<AttendanceSummary>>();
const key = (userId: number, kind: string, id: number) => `${userId}:${kind}:${id}`;
const issued: Array<{ claimId: number; hundredths: number }> = [];
let failIssue = false;
const issuer: CertificateIssuer = {
  issueCertificate: async (tx, input) => {
    // Runs inside the claim's transaction: the claim it certifies is visible to it.
    const [claim] = await tx.select().from(creditClaims).where(eq(creditClaims.id, input.claimId));
    if (!claim) throw new Error('claim not visible to the issuer');
    if (failIssue) throw new Error('issuer down');
    issued.push({ claimId: input.claimId, hundredths: input.credit.hundredths });
    return { id: 9000 + input.claimId, code: `TESTCODE${input.claimId}` };
  },
};

let app: FastifyInstance;
let issuingApp: FastifyInstance;

function attendanceReader() {
  return {
    attendanceSummary: async (_db: unknown, q: { userId: number; kind: string; id: number }): Promise<AttendanceSummary> => ({
      attended_seconds: 0,
      scheduled_seconds: 0,
      presence_checks: { asked: 0, answered: 0 },
      signed_in: false,
      first_seen: null,
      last_seen: null,
      ...attendance.get(key(q.userId, q.kind, q.id)),
    }),
  };
}

beforeAll(async () => {
  // Without an issuer claims stay 'certificate pending' (the rules are tested apart from issuing).
  app = await buildTestApp({ now: clock.now, seed: false, credits: { attendance: attendanceReader(), issuer: null } });
  issuingApp = await buildTestApp({ now: clock.now, seed: false, credits: { attendance: attendanceReader(), issuer } });
});
afterAll(async () => {
  await app?.close();
  await issuingApp?.close();
});

const get = <T>(a: FastifyInstance, url: string, u?: MadeUser) => call<T>(a, { url, headers: u ? bearer(u.access) : {} });
const post = <T>(a: FastifyInstance, url: string, u: MadeUser, payload?: object) =>
  call<T>(a, { method: 'POST', url, headers: bearer(u.access), ...(payload ? { payload } : {}) });

let nextId = 100;
const QUESTIONS = [
  { stemZh: '一', stemEn: 'One', optionsZh: ['甲', '乙', '丙'], optionsEn: ['A', 'B', 'C'], correct: [1] },
  { stemZh: '二', stemEn: 'Two', optionsZh: ['甲', '乙', '丙'], optionsEn: ['A', 'B', 'C'], correct: [0, 2] },
];
const RIGHT = [
  { question_id: 0, options: [1] },
  { question_id: 0, options: [2, 0] },
];

/** A designated live of `hours` that ended an hour ago, claimable for 30 days; returns its id and question ids. */
async function designated(
  a: FastifyInstance,
  over: Partial<Parameters<typeof designate>[1]> & { hours?: number } = {},
  questions = QUESTIONS,
): Promise<{ kind: 'live' | 'course' | 'series' | 'recording'; id: number; questionIds: number[] }> {
  const id = nextId++;
  const hours = over.hours ?? 3;
  const end = new Date(T0 - H * 1000);
  const start = new Date(end.getTime() - hours * H * 1000);
  const { hours: _h, ...rest } = over;
  const kind = (rest.activityKind ?? 'live') as 'live';
  const designationId = await designate(
    a.db,
    {
      activityKind: kind,
      activityId: id,
      titleZh: `学分活动 ${id}`,
      titleEn: `Credit activity ${id}`,
      startsAt: start,
      endsAt: end,
      creditClass: 'I',
      ruleKey: 'cn_national_trainee',
      projectNumber: `P-${id}`,
      maxHundredths: 500,
      claimOpensAt: end,
      claimClosesAt: new Date(end.getTime() + 30 * DAY),
      sessions: [{ key: 'all', title_zh: '全程', title_en: 'Whole', starts_at: start.toISOString(), ends_at: end.toISOString() }],
      ...rest,
    },
    questions,
  );
  const rows = await a.db.select({ id: creditTestQuestions.id }).from(creditTestQuestions).where(eq(creditTestQuestions.designationId, designationId)).orderBy(asc(creditTestQuestions.sort));
  return { kind, id, questionIds: rows.map((r) => r.id) };
}

const base = (kind: string, id: number) => `/v1/user/credit/activity/${kind}/${id}`;
const rightAnswers = (ids: number[]) => ({ answers: ids.map((qid, i) => ({ ...RIGHT[i], question_id: qid })) });

/** Attendance, a passed test and the evaluation: everything a claim needs. */
async function qualify(a: FastifyInstance, u: MadeUser, act: { kind: string; id: number; questionIds: number[] }, attended: number, scheduled: number) {
  attendance.set(key(u.id, act.kind, act.id), { attended_seconds: attended, scheduled_seconds: scheduled });
  if (act.questionIds.length > 0) expect((await post<CreditTestResult>(a, `${base(act.kind, act.id)}/test`, u, rightAnswers(act.questionIds))).data.passed).toBe(true);
  expect((await post(a, `${base(act.kind, act.id)}/evaluation`, u, { ratings: { content: 5, teaching: 4, relevance: 5, unbiased: 5 }, comment: '好' })).code).toBe(0);
}

describe('activity credit info', () => {
  it('answers no designation for an activity without credit, and no progress to visitors', async () => {
    const none = await get<CreditActivityInfo>(app, '/v1/credit/activity/live/99999');
    expect(none.code).toBe(0);
    expect(none.data).toEqual({ kind: 'live', id: 99999, designation: null, progress: null });
    const act = await designated(app);
    const visitor = await get<CreditActivityInfo>(app, `/v1/credit/activity/live/${act.id}?language=en`);
    expect(CreditActivityInfo.parse(visitor.data).progress).toBeNull();
    expect(visitor.data.designation).toMatchObject({
      regime: 'cn_national',
      credit_class: 'I',
      max_hundredths: 500,
      requirements: { attendance_pct: 85, presence_pct: 75, test_questions: 2, pass_mark_pct: 60, max_attempts: 3, evaluation: true },
      rule: { key: 'cn_national_trainee', name: 'National project, trainee: 1 credit per 3 hours' },
    });
  });

  it('shows my progress toward each requirement', async () => {
    const u = await makeUser(app);
    const act = await designated(app);
    attendance.set(key(u.id, 'live', act.id), { attended_seconds: 2 * H, scheduled_seconds: 3 * H, presence_checks: { asked: 4, answered: 2 } });
    const info = await get<CreditActivityInfo>(app, `/v1/credit/activity/live/${act.id}`, u);
    expect(info.data.progress).toMatchObject({
      attended_seconds: 2 * H,
      scheduled_seconds: 3 * H,
      attendance_pct: 66,
      presence: { asked: 4, answered: 2 },
      test: { attempts_used: 0, attempts_left: 3, passed: false },
      evaluated: false,
      estimated_hundredths: 66,
      claimable: false,
      claim: null,
    });
    expect(info.data.progress?.unmet).toEqual(['attendance', 'presence', 'test', 'evaluation']);
  });
});

describe('thresholds', () => {
  it('attendance must reach the threshold: 84 % refused, 85 % accepted', async () => {
    const u = await makeUser(app);
    const act = await designated(app);
    await qualify(app, u, act, Math.floor(0.849 * 3 * H), 3 * H);
    const refused = await post(app, `${base('live', act.id)}/claim`, u);
    expect(refused.code).toBe(ErrorCode.CREDIT_REQUIREMENTS_NOT_MET);
    expect(refused.data).toEqual({ unmet: ['attendance'] });
    attendance.set(key(u.id, 'live', act.id), { attended_seconds: Math.ceil(0.85 * 3 * H), scheduled_seconds: 3 * H });
    const ok = await post<CreditClaimResult>(app, `${base('live', act.id)}/claim`, u);
    expect(ok.code).toBe(0);
    expect(ok.data.hundredths).toBe(85);
  });

  it('presence checks must be answered at 75 %: 2 of 3 is not enough, 3 of 4 is', async () => {
    const u = await makeUser(app);
    const act = await designated(app);
    await qualify(app, u, act, 3 * H, 3 * H);
    attendance.set(key(u.id, 'live', act.id), { attended_seconds: 3 * H, scheduled_seconds: 3 * H, presence_checks: { asked: 3, answered: 2 } });
    expect((await post(app, `${base('live', act.id)}/claim`, u)).data).toEqual({ unmet: ['presence'] });
    attendance.set(key(u.id, 'live', act.id), { attended_seconds: 3 * H, scheduled_seconds: 3 * H, presence_checks: { asked: 4, answered: 3 } });
    expect((await post<CreditClaimResult>(app, `${base('live', act.id)}/claim`, u)).data.hundredths).toBe(100);
  });

  it('the post-test and the evaluation are required', async () => {
    const u = await makeUser(app);
    const act = await designated(app);
    attendance.set(key(u.id, 'live', act.id), { attended_seconds: 3 * H, scheduled_seconds: 3 * H });
    expect((await post(app, `${base('live', act.id)}/claim`, u)).data).toEqual({ unmet: ['test', 'evaluation'] });
  });
});

describe('post-test', () => {
  it('shows questions without answers; grades all-or-nothing per question against the pass mark', async () => {
    const u = await makeUser(app);
    const act = await designated(app);
    const t = await get<CreditTest>(app, `${base('live', act.id)}/test?language=en`, u);
    expect(CreditTest.parse(t.data).questions).toEqual([
      { id: act.questionIds[0], stem: 'One', options: ['A', 'B', 'C'], multiple: false },
      { id: act.questionIds[1], stem: 'Two', options: ['A', 'B', 'C'], multiple: true },
    ]);
    expect(JSON.stringify(t.data)).not.toContain('correct');
    // One of two right (the multiple-choice one half right counts as wrong): 50 % < 60 %.
    const half = await post<CreditTestResult>(app, `${base('live', act.id)}/test`, u, {
      answers: [
        { question_id: act.questionIds[0], options: [1] },
        { question_id: act.questionIds[1], options: [0] },
      ],
    });
    expect(half.data).toEqual({ attempt_no: 1, score_pct: 50, passed: false, attempts_left: 2 });
    const pass = await post<CreditTestResult>(app, `${base('live', act.id)}/test`, u, rightAnswers(act.questionIds));
    expect(pass.data).toEqual({ attempt_no: 2, score_pct: 100, passed: true, attempts_left: 1 });
    expect((await post(app, `${base('live', act.id)}/test`, u, rightAnswers(act.questionIds))).code).toBe(ErrorCode.CREDIT_TEST_ALREADY_PASSED);
  });

  it('a burst of submissions never uses more attempts than allowed', async () => {
    const u = await makeUser(app);
    const act = await designated(app);
    const wrong = { answers: [{ question_id: act.questionIds[0], options: [0] }] };
    const results = await Promise.all(Array.from({ length: 12 }, () => post<CreditTestResult>(app, `${base('live', act.id)}/test`, u, wrong)));
    expect(results.filter((r) => r.code === 0)).toHaveLength(3);
    expect(results.filter((r) => r.code === ErrorCode.CREDIT_TEST_NO_ATTEMPTS)).toHaveLength(9);
    expect(results.filter((r) => r.code === 0).map((r) => r.data.attempt_no).sort()).toEqual([1, 2, 3]);
    const rows = await app.db.select().from(creditTestAttempts).where(eq(creditTestAttempts.userId, u.id));
    expect(rows).toHaveLength(3);
    const t = await get<CreditTest>(app, `${base('live', act.id)}/test`, u);
    expect(t.data).toMatchObject({ attempts_used: 3, passed: false });
  });

  it('an activity without questions has no test and does not ask for one', async () => {
    const u = await makeUser(app);
    const act = await designated(app, {}, []);
    expect((await get(app, `${base('live', act.id)}/test`, u)).code).toBe(ErrorCode.CREDIT_NO_TEST);
    await qualify(app, u, act, 3 * H, 3 * H);
    expect((await post<CreditClaimResult>(app, `${base('live', act.id)}/claim`, u)).code).toBe(0);
  });
});

describe('evaluation', () => {
  it('is taken once, with ratings of 1–5', async () => {
    const u = await makeUser(app);
    const act = await designated(app);
    const url = `${base('live', act.id)}/evaluation`;
    expect((await post(app, url, u, { ratings: { content: 6, teaching: 4, relevance: 5, unbiased: 5 } })).code).toBe(ErrorCode.VALIDATION);
    expect((await post(app, url, u, { ratings: { content: 5, teaching: 4, relevance: 5, unbiased: 5 } })).code).toBe(0);
    expect((await post(app, url, u, { ratings: { content: 1, teaching: 1, relevance: 1, unbiased: 1 } })).code).toBe(ErrorCode.CREDIT_EVALUATION_DONE);
  });
});

describe('claims', () => {
  it('only inside the claim window', async () => {
    const u = await makeUser(app);
    const early = await designated(app, { claimOpensAt: new Date(T0 + DAY), claimClosesAt: new Date(T0 + 30 * DAY) });
    await qualify(app, u, early, 3 * H, 3 * H);
    const before = await post(app, `${base('live', early.id)}/claim`, u);
    expect(before.code).toBe(ErrorCode.CREDIT_CLAIM_WINDOW);
    expect(before.data).toEqual({ unmet: ['window_not_open'] });
    const late = await designated(app, { claimOpensAt: new Date(T0 - 30 * DAY), claimClosesAt: new Date(T0 - 1000) });
    await qualify(app, u, late, 3 * H, 3 * H);
    expect((await post(app, `${base('live', late.id)}/claim`, u)).data).toEqual({ unmet: ['window_closed'] });
    expect((await post(app, `${base('live', 99998)}/claim`, u)).code).toBe(ErrorCode.CREDIT_NOT_DESIGNATED);
  });

  it('is proportional to the attendance, split per session with parallel sessions once, capped at the maximum', async () => {
    const u = await makeUser(app);
    const end = new Date(T0 - H * 1000);
    const at = (h: number) => new Date(end.getTime() - (6 - h) * H * 1000).toISOString();
    const act = await designated(app, {
      hours: 6,
      maxHundredths: 150,
      sessions: [
        { key: 'am', title_zh: '上午', title_en: 'Morning', starts_at: at(0), ends_at: at(3) },
        { key: 'pm1', title_zh: '下午 1', title_en: 'Afternoon 1', starts_at: at(3), ends_at: at(6) },
        { key: 'pm2', title_zh: '下午 2（平行）', title_en: 'Afternoon 2 (parallel)', starts_at: at(3), ends_at: at(6) },
      ],
    });
    // 5.4 of 6 hours (90 %): 1.8 credits by the rule, capped at 1.5.
    await qualify(app, u, act, 5.4 * H, 6 * H);
    const claim = await post<CreditClaimResult>(app, `${base('live', act.id)}/claim?language=en`, u);
    expect(claim.code).toBe(0);
    expect(CreditClaimResult.parse(claim.data)).toMatchObject({ hundredths: 150, newly: true, certificate_status: 'pending', certificate_code: null, credit_year: 2026 });
    expect(claim.data.lines).toEqual([
      { session_key: 'am', title: 'Morning', hundredths: 75 },
      { session_key: 'pm1', title: 'Afternoon 1', hundredths: 75 },
      { session_key: 'pm2', title: 'Afternoon 2 (parallel)', hundredths: 0 },
    ]);

    const u2 = await makeUser(app);
    // 5.4 of the 6 scheduled hours, parallel tracks counted once: 1.8 credits when the cap allows.
    const act2 = await designated(app, { hours: 6, sessions: [], maxHundredths: 500 });
    await qualify(app, u2, act2, 5.4 * H, 6 * H);
    expect((await post<CreditClaimResult>(app, `${base('live', act2.id)}/claim`, u2)).data.hundredths).toBe(180);
  });

  it('is immutable: a repeat and a concurrent burst give one claim, unchanged by later attendance', async () => {
    const u = await makeUser(app);
    const act = await designated(app);
    await qualify(app, u, act, 3 * H, 3 * H);
    const burst = await Promise.all(Array.from({ length: 8 }, () => post<CreditClaimResult>(app, `${base('live', act.id)}/claim`, u)));
    expect(burst.every((r) => r.code === 0)).toBe(true);
    expect(burst.filter((r) => r.data.newly)).toHaveLength(1);
    expect(new Set(burst.map((r) => r.data.id)).size).toBe(1);
    const rows = await app.db.select().from(creditClaims).where(eq(creditClaims.userId, u.id));
    expect(rows).toHaveLength(1);
    attendance.set(key(u.id, 'live', act.id), { attended_seconds: 9 * H, scheduled_seconds: 3 * H });
    const again = await post<CreditClaimResult>(app, `${base('live', act.id)}/claim`, u);
    expect(again.data).toMatchObject({ id: rows[0]?.id, hundredths: 100, newly: false });
    const info = await get<CreditActivityInfo>(app, `/v1/credit/activity/live/${act.id}`, u);
    expect(info.data.progress).toMatchObject({ claimable: false, claim: { id: rows[0]?.id, hundredths: 100 } });
  });

  it('a lecturer claims by the lecturer rule without the trainee requirements', async () => {
    const u = await makeUser(app);
    const act = await designated(app, { lecturerRuleKey: 'cn_national_lecturer', lecturers: [{ user_id: u.id, seconds: 1.5 * H }] });
    const claim = await post<CreditClaimResult>(app, `${base('live', act.id)}/claim`, u);
    expect(claim.data).toMatchObject({ role: 'lecturer', hundredths: 300 });
  });

  it('remote projects stop at 5 credits', async () => {
    const u = await makeUser(app);
    const act = await designated(app, { activityKind: 'course', ruleKey: 'cn_remote_trainee', creditClass: 'II', hours: 24, sessions: [], maxHundredths: 800 });
    await qualify(app, u, act, 24 * H, 24 * H);
    expect((await post<CreditClaimResult>(app, `${base('course', act.id)}/claim`, u)).data).toMatchObject({ regime: 'cn_remote', hundredths: 500 });
  });

  it('issues the certificate in the claim transaction, and a failed issue leaves no claim', async () => {
    const u = await makeUser(issuingApp);
    const act = await designated(issuingApp);
    await qualify(issuingApp, u, act, 3 * H, 3 * H);
    failIssue = true;
    const failed = await post(issuingApp, `${base('live', act.id)}/claim`, u);
    failIssue = false;
    expect(failed.code).toBe(ErrorCode.INTERNAL);
    expect(await issuingApp.db.select().from(creditClaims).where(eq(creditClaims.userId, u.id))).toHaveLength(0);
    const claim = await post<CreditClaimResult>(issuingApp, `${base('live', act.id)}/claim`, u);
    expect(claim.data).toMatchObject({ certificate_status: 'issued', certificate_code: `TESTCODE${claim.data.id}`, newly: true });
    expect(issued).toContainEqual({ claimId: claim.data.id, hundredths: 100 });
  });
});

describe('电子学分卡', () => {
  it('tallies a year against the national requirement, with deficits and the five-year count', async () => {
    const u = await makeUser(app);
    const kinds = [
      { ruleKey: 'cn_national_trainee', creditClass: 'I', hours: 6 },
      { ruleKey: 'cn_provincial_trainee', creditClass: 'II', hours: 12 },
      { ruleKey: 'us_ama_cat1', creditClass: 'AMA_PRA_1', hours: 2.5 },
    ] as const;
    for (const k of kinds) {
      const act = await designated(app, { ruleKey: k.ruleKey, creditClass: k.creditClass, hours: k.hours, sessions: [] });
      await qualify(app, u, act, k.hours * H, k.hours * H);
      expect((await post(app, `${base('live', act.id)}/claim`, u)).code).toBe(0);
    }
    const card = await get<CmeCard>(app, '/v1/user/credit/cme?year=2026', u);
    expect(CmeCard.parse(card.data)).toMatchObject({
      year: 2026,
      class_i: { earned_hundredths: 200, counted_hundredths: 200, deficit_hundredths: 300 },
      class_ii: { earned_hundredths: 200, deficit_hundredths: 1300 },
      total: { counted_hundredths: 400, deficit_hundredths: 2100 },
      ama_pra_1_hundredths: 250,
      met: false,
      five_year: { from_year: 2022, to_year: 2026, national_class_i_hundredths: 200, deficit_hundredths: 800 },
      years: [2026],
    });
    expect(card.data.claims).toHaveLength(3);
    expect((await get<CmeCard>(app, '/v1/user/credit/cme?year=2025', u)).data.claims).toHaveLength(0);
    // Without a year: this year in China time.
    expect((await get<CmeCard>(app, '/v1/user/credit/cme', u)).data.year).toBe(2026);
    const page = await get<{ items: unknown[]; total: number }>(app, '/v1/user/credit/claims?page=1&page_size=2', u);
    expect(CreditClaimPage.parse(page.data)).toMatchObject({ total: 3, has_more: true });

    const csv = await app.inject({ url: `${cmeExportPath('csv')}?year=2026`, headers: bearer(u.access) });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFF学分年度,项目编号,项目名称')).toBe(true);
    expect(csv.body.trim().split('\r\n')).toHaveLength(4);

    const pdf = await app.inject({ url: `${cmeExportPath('pdf')}?year=2026&language=zh_CN`, headers: bearer(u.access) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const bytes = pdf.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The Chinese title's glyphs are embedded and mapped back to their characters (ToUnicode).
    const text = inflatedStreams(bytes);
    expect(text).toMatch(/NotoSansHans/);
    for (const ch of '继续医学教育') expect(text.toLowerCase()).toContain(ch.codePointAt(0)?.toString(16).padStart(4, '0'));
    expect(bytes.length).toBeLessThan(400_000);
  });

  it('exports need a login', async () => {
    const res = await app.inject({ url: cmeExportPath('csv') });
    expect(res.json()).toMatchObject({ code: ErrorCode.NOT_LOGGED_IN });
  });
});

/** The PDF's text with every Flate stream inflated (fonts' names and ToUnicode maps). */
function inflatedStreams(pdf: Buffer): string {
  const out: string[] = [pdf.toString('latin1')];
  let at = 0;
  for (;;) {
    const s = pdf.indexOf('stream\n', at);
    if (s < 0) break;
    const e = pdf.indexOf('endstream', s);
    try {
      out.push(inflateSync(pdf.subarray(s + 7, e)).toString('latin1'));
    } catch {
      // Not Flate (or a font program): nothing to read.
    }
    at = e + 9;
  }
  return out.join('\n');
}

