import { ErrorCode } from '@medportal/contract';
import { adminPathOf, adminRoutes } from '@medportal/contract/admin-routes';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, creditClaims, creditProgress, userRoles } from '../src/db/schema/index.ts';
import { buildTestApp } from './build-test-app.ts';
import { bearer, call, makeUser, type MadeUser, testClock } from './factories.ts';

type Designation = { id: number; updated_at: string; claims: number; title_zh: string; claim_closes_at: string; questions: unknown[]; pass_mark_pct: number; regime: string };

let app: FastifyInstance;
const clock = testClock();
const staff = new Map<string, MadeUser>();
let learner: MadeUser;

async function as<T = Designation>(who: string, method: string, url: string, payload?: unknown) {
  return call<T>(app, { method: method as 'GET', url, headers: bearer(staff.get(who)!.access), ...(payload === undefined ? {} : { payload: payload as object }) });
}

const day = 86_400_000;
const t = (days: number) => new Date(clock.now().getTime() + days * day).toISOString();
const body = (over: Record<string, unknown> = {}) => ({
  title_zh: '心衰规范化治疗',
  title_en: 'Heart failure care',
  starts_at: t(-1),
  ends_at: t(-1 + 2 / 24),
  credit_class: 'II',
  rule_key: 'cn_remote_trainee',
  project_number: '2026-04-01-123(远)',
  max_hundredths: 100,
  claim_opens_at: t(-1),
  claim_closes_at: t(60),
  attendance_pct: 80,
  pass_mark_pct: 60,
  max_attempts: 3,
  requires_evaluation: true,
  questions: [{ stem_zh: '首选药物？', stem_en: 'First-line drug?', options_zh: ['甲', '乙', '丙'], options_en: ['A', 'B', 'C'], correct: [1] }],
  ...over,
});

let courseId: number;

beforeAll(async () => {
  app = await buildTestApp({ seed: false, now: clock.now });
  for (const role of ['editor', 'live_producer', 'moderator', 'finance'] as const) {
    const u = await makeUser(app);
    await app.db.insert(userRoles).values({ userId: u.id, role });
    staff.set(role, u);
  }
  learner = await makeUser(app);
  const c = await as<{ id: number }>('editor', 'POST', adminPathOf('adminCourseCreate'), {
    course_type: 1,
    title_zh: '学分课程',
    title_en: null,
    cover: '/media/cover/course/credit.svg',
    price_type: 1,
  });
  courseId = c.data.id;
  await as('editor', 'POST', adminPathOf('adminCoursePublish', { id: courseId }), {});
});
afterAll(() => app?.close());

const path = (id = courseId, kind = 'course') => adminPathOf('adminCreditDesignation', { kind, id });

describe('credit designation in the console', () => {
  it('lists the rule sets and designates a course; the public activity shows it', async () => {
    const rules = await as<{ items: Array<{ key: string; role: string }> }>('editor', 'GET', adminPathOf('adminCreditRules'));
    expect(rules.data.items.map((r) => r.key)).toContain('cn_remote_trainee');
    expect((await as<{ designation: null }>('editor', 'GET', path())).data.designation).toBeNull();

    // A rule of the wrong regime for the class, a window that closes before it opens, a wrong answer index.
    expect((await as('editor', 'PUT', path(), body({ credit_class: 'AMA_PRA_1' }))).code).toBe(ErrorCode.VALIDATION);
    expect((await as('editor', 'PUT', path(), body({ claim_closes_at: t(-2) }))).code).toBe(ErrorCode.VALIDATION);
    expect((await as('editor', 'PUT', path(), body({ questions: [{ stem_zh: 'x', options_zh: ['a', 'b'], correct: [5] }] }))).code).toBe(ErrorCode.VALIDATION);
    // Only courses, series and lives that exist, as the kind they are.
    expect((await as('editor', 'PUT', path(courseId, 'series'), body())).code).toBe(ErrorCode.NOT_FOUND);
    expect((await as('editor', 'PUT', path(999999), body())).code).toBe(ErrorCode.NOT_FOUND);

    const made = await as('editor', 'PUT', path(), body());
    expect(made.code).toBe(0);
    expect(made.data).toMatchObject({ regime: 'cn_remote', claims: 0, questions: [expect.objectContaining({ correct: [1] })] });
    // Designating again without the version is a conflict (someone designated it already).
    expect((await as('editor', 'PUT', path(), body())).code).toBe(ErrorCode.ADMIN_EDIT_CONFLICT);

    const pub = await call<{ designation: { project_number: string; requirements: { test_questions: number; pass_mark_pct: number } } | null }>(app, {
      url: `/v1/credit/activity/course/${courseId}`,
    });
    expect(pub.code).toBe(0);
    expect(pub.data.designation?.project_number).toBe('2026-04-01-123(远)');
    expect(pub.data.designation?.requirements).toMatchObject({ test_questions: 1, pass_mark_pct: 60 });

    const audit = await app.db.select().from(auditLog).where(eq(auditLog.target, `course:${courseId}`));
    expect(audit.map((a) => a.action)).toContain('credit_designation.create');
  });

  it('edits with the version it was loaded with; a stale edit is refused', async () => {
    const cur = (await as<{ designation: Designation }>('editor', 'GET', path())).data.designation;
    const edited = await as('live_producer', 'PUT', path(), body({ pass_mark_pct: 70, updated_at: cur.updated_at }));
    expect(edited.code).toBe(0);
    expect(edited.data.pass_mark_pct).toBe(70);
    expect((await as('editor', 'PUT', path(), body({ pass_mark_pct: 50, updated_at: cur.updated_at }))).code).toBe(ErrorCode.ADMIN_EDIT_CONFLICT);
  });

  it('keeps the post-test once taken, and every claim term once claimed; a claimed designation stays', async () => {
    let cur = (await as<{ designation: Designation }>('editor', 'GET', path())).data.designation;
    await app.db.insert(creditProgress).values({ designationId: cur.id, userId: learner.id, attemptsUsed: 1, bestScorePct: 0 });
    expect((await as('editor', 'PUT', path(), body({ pass_mark_pct: 50, updated_at: cur.updated_at }))).code).toBe(ErrorCode.CREDIT_DESIGNATION_TESTED);
    // Other terms may still change before anyone claims.
    const more = await as('editor', 'PUT', path(), body({ pass_mark_pct: 70, attendance_pct: 75, updated_at: cur.updated_at }));
    expect(more.code).toBe(0);
    cur = more.data;

    await app.db.insert(creditClaims).values({
      designationId: cur.id,
      userId: learner.id,
      role: 'trainee',
      regime: 'cn_remote',
      creditClass: 'II',
      projectNumber: '2026-04-01-123(远)',
      hundredths: 50,
      lines: [],
      attendedS: 7200,
      scheduledS: 7200,
      creditYear: 2026,
      certificateStatus: 'pending',
      claimedAt: clock.now(),
    });
    const base = body({ pass_mark_pct: 70, attendance_pct: 75 });
    expect((await as('editor', 'PUT', path(), { ...base, max_hundredths: 200, updated_at: cur.updated_at })).code).toBe(ErrorCode.CREDIT_DESIGNATION_CLAIMED);
    expect((await as('editor', 'PUT', path(), { ...base, project_number: 'X-1', updated_at: cur.updated_at })).code).toBe(ErrorCode.CREDIT_DESIGNATION_CLAIMED);
    expect((await as('editor', 'PUT', path(), { ...base, claim_closes_at: t(30), updated_at: cur.updated_at })).code).toBe(ErrorCode.CREDIT_DESIGNATION_CLAIMED);
    // Titles and a later deadline may change.
    const later = await as('editor', 'PUT', path(), { ...base, title_zh: '心衰规范化治疗（更新）', claim_closes_at: t(90), updated_at: cur.updated_at });
    expect(later.code).toBe(0);
    expect(later.data).toMatchObject({ title_zh: '心衰规范化治疗（更新）', claims: 1 });
    expect((await as('editor', 'DELETE', path())).code).toBe(ErrorCode.CREDIT_DESIGNATION_CLAIMED);
  });

  it('withdraws a designation nobody claimed, audited', async () => {
    const c = await as<{ id: number }>('editor', 'POST', adminPathOf('adminCourseCreate'), { course_type: 1, title_zh: '撤销学分', title_en: null, cover: '/media/cover/course/w.svg', price_type: 1 });
    expect((await as('editor', 'PUT', path(c.data.id), body())).code).toBe(0);
    expect((await as<{ withdrawn: boolean }>('editor', 'DELETE', path(c.data.id))).data.withdrawn).toBe(true);
    expect((await as<{ designation: null }>('editor', 'GET', path(c.data.id))).data.designation).toBeNull();
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.target, `course:${c.data.id}`));
    expect(audit.map((a) => a.action)).toContain('credit_designation.withdraw');
  });

  it('refuses moderators, finance and learners on every designation route', async () => {
    const names = Object.entries(adminRoutes).filter(([n]) => n.startsWith('adminCredit'));
    expect(names.length).toBe(4);
    for (const [name, r] of names) {
      const url = r.path.replace(':kind', 'course').replace(':id', String(courseId));
      const payload = r.method === 'PUT' ? body() : undefined;
      for (const who of ['moderator', 'finance']) expect((await as(who, r.method, url, payload)).code, `${name} ${who}`).toBe(ErrorCode.FORBIDDEN);
      expect((await call(app, { method: r.method, url, payload, headers: bearer(learner.access) })).code, name).toBe(ErrorCode.FORBIDDEN);
    }
  });
});
