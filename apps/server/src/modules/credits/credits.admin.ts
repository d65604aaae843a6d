import { type ApiLanguage, CourseType, ErrorCode } from '@medportal/contract';
import type { AdminCreditDesignation, AdminCreditDesignationBody } from '@medportal/contract/admin-courses';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db, Tx } from '../../db/client.ts';
import { courses, creditClaims, creditDesignations, creditProgress, creditRuleSets, creditTestQuestions, lives } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { currentUser } from '../../plugins/auth.ts';
import { writeAudit } from '../staff/index.ts';

type Kind = 'live' | 'meeting' | 'course' | 'series' | 'recording';
type DesignationRow = typeof creditDesignations.$inferSelect;
type QuestionRow = typeof creditTestQuestions.$inferSelect;
type Actor = { id: number; lang: ApiLanguage };

/** Activities of these kinds that are designated for credit (the console's course list marks them). */
export async function designatedIds(db: Db | Tx, kinds: Kind[], ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: creditDesignations.activityId })
    .from(creditDesignations)
    .where(and(inArray(creditDesignations.activityKind, kinds), inArray(creditDesignations.activityId, ids)));
  return new Set(rows.map((r) => r.id));
}

/** The terms a claim is computed from: none of them changes once a claim exists. */
const CLAIM_TERMS = [
  'starts_at',
  'ends_at',
  'credit_class',
  'rule_key',
  'lecturer_rule_key',
  'project_number',
  'max_hundredths',
  'claim_opens_at',
  'attendance_pct',
  'presence_pct',
  'pass_mark_pct',
  'max_attempts',
  'requires_evaluation',
  'sessions',
  'questions',
] as const;
/** What a learner who took the post-test was tested on and against. */
const TEST_TERMS = ['pass_mark_pct', 'max_attempts', 'questions'] as const;

const iso = (s: string) => new Date(s).toISOString();

/** A designation's body as the console sends it, normalised so that two equal ones compare equal. */
function terms(b: Omit<AdminCreditDesignationBody, 'updated_at'>) {
  return {
    ...b,
    starts_at: iso(b.starts_at),
    ends_at: iso(b.ends_at),
    claim_opens_at: iso(b.claim_opens_at),
    claim_closes_at: iso(b.claim_closes_at),
    sessions: b.sessions.map((s) => ({ ...s, starts_at: iso(s.starts_at), ends_at: iso(s.ends_at) })),
    questions: b.questions.map((q) => ({ ...q, correct: [...q.correct].sort((x, y) => x - y) })),
  };
}

function bodyOf(d: DesignationRow, qs: QuestionRow[]): Omit<AdminCreditDesignationBody, 'updated_at'> {
  return {
    title_zh: d.titleZh,
    title_en: d.titleEn,
    starts_at: d.startsAt.toISOString(),
    ends_at: d.endsAt.toISOString(),
    credit_class: d.creditClass as 'I' | 'II' | 'AMA_PRA_1',
    rule_key: d.ruleKey,
    lecturer_rule_key: d.lecturerRuleKey,
    project_number: d.projectNumber,
    max_hundredths: d.maxHundredths,
    claim_opens_at: d.claimOpensAt.toISOString(),
    claim_closes_at: d.claimClosesAt.toISOString(),
    attendance_pct: d.attendancePct,
    presence_pct: d.presencePct,
    pass_mark_pct: d.passMarkPct,
    max_attempts: d.maxAttempts,
    requires_evaluation: d.requiresEvaluation,
    sessions: d.sessions.map((s) => ({ key: s.key, title_zh: s.title_zh, title_en: s.title_en, starts_at: s.starts_at, ends_at: s.ends_at })),
    questions: qs.map((q) => ({ stem_zh: q.stemZh, stem_en: q.stemEn, options_zh: q.optionsZh, options_en: q.optionsEn, correct: q.correct })),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The console's credit designation of a course, series or live (area `credits`; decision record
 * 0065). A designation is edited under its row's lock, which a claim takes too (shared), so an
 * edit sees every claim committed before it and a claim made after an edit uses the new terms.
 * Once anyone has claimed, only the titles and a later claim deadline may change; once anyone has
 * taken the post-test, its questions, pass mark and attempts stay; a claimed designation cannot be
 * withdrawn (the claims and certificates name it).
 */
export class CreditDesignationAdmin {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async rules() {
    const rows = await this.db.select().from(creditRuleSets).orderBy(asc(creditRuleSets.regime), asc(creditRuleSets.role), asc(creditRuleSets.key));
    return { items: rows.map((r) => ({ key: r.key, regime: r.regime, role: r.role, name_zh: r.nameZh, name_en: r.nameEn })) };
  }

  private async row(db: Db | Tx, kind: Kind, id: number, lock = false): Promise<DesignationRow | null> {
    const q = db
      .select()
      .from(creditDesignations)
      .where(and(eq(creditDesignations.activityKind, kind), eq(creditDesignations.activityId, id)));
    const [row] = lock ? await q.for('update') : await q;
    return row ?? null;
  }

  private questions(db: Db | Tx, designationId: number) {
    return db.select().from(creditTestQuestions).where(eq(creditTestQuestions.designationId, designationId)).orderBy(asc(creditTestQuestions.sort));
  }

  private async usage(db: Db | Tx, designationId: number): Promise<{ claims: number; started: number; tested: number }> {
    const [c] = await db.select({ n: count() }).from(creditClaims).where(eq(creditClaims.designationId, designationId));
    const [p] = await db
      .select({ n: count(), tested: sql<number>`count(*) filter (where ${creditProgress.attemptsUsed} > 0)::int` })
      .from(creditProgress)
      .where(eq(creditProgress.designationId, designationId));
    return { claims: c?.n ?? 0, started: p?.n ?? 0, tested: p?.tested ?? 0 };
  }

  private async present(db: Db | Tx, d: DesignationRow): Promise<AdminCreditDesignation> {
    // One after another: inside a transaction they share one connection.
    const qs = await this.questions(db, d.id);
    const rule = await db.select({ regime: creditRuleSets.regime }).from(creditRuleSets).where(eq(creditRuleSets.key, d.ruleKey));
    const use = await this.usage(db, d.id);
    return {
      ...bodyOf(d, qs),
      id: d.id,
      kind: d.activityKind as Kind,
      activity_id: d.activityId,
      regime: rule[0]?.regime ?? '',
      claims: use.claims,
      learners_started: use.started,
      updated_at: d.updatedAt.toISOString(),
    };
  }

  async get(kind: Kind, id: number): Promise<{ designation: AdminCreditDesignation | null }> {
    const d = await this.row(this.db, kind, id);
    return { designation: d ? await this.present(this.db, d) : null };
  }

  /** The console designates courses, series and lives; the activity must exist as that kind. */
  private async activityExists(db: Db | Tx, kind: Kind, id: number): Promise<boolean> {
    if (kind === 'course' || kind === 'series') {
      const [c] = await db.select({ t: courses.courseType }).from(courses).where(eq(courses.id, id));
      return c !== undefined && c.t === (kind === 'series' ? CourseType.SERIES : CourseType.SINGLE);
    }
    if (kind === 'live') {
      const [l] = await db.select({ id: lives.id }).from(lives).where(eq(lives.id, id));
      return l !== undefined;
    }
    return false;
  }

  private async check(db: Db | Tx, b: AdminCreditDesignationBody, lang: ApiLanguage): Promise<void> {
    const ruleOf = async (key: string) => (await db.select().from(creditRuleSets).where(eq(creditRuleSets.key, key)))[0];
    const rule = await ruleOf(b.rule_key);
    if (!rule || rule.role !== 'trainee') throw fieldError(lang, 'rule_key', { zh: '不是学员学分规则', en: 'is not a trainee credit rule' });
    if ((b.credit_class === 'AMA_PRA_1') !== (rule.regime === 'us_ama'))
      throw fieldError(lang, 'credit_class', { zh: '学分类别与规则不符', en: 'does not match the rule (AMA PRA Category 1 goes with the AMA rule only)' });
    if (b.lecturer_rule_key !== null) {
      const lr = await ruleOf(b.lecturer_rule_key);
      if (!lr || lr.role !== 'lecturer' || lr.regime !== rule.regime)
        throw fieldError(lang, 'lecturer_rule_key', { zh: '不是同一学分体系的讲者规则', en: 'is not a lecturer rule of the same regime' });
    }
    if (Date.parse(b.ends_at) < Date.parse(b.starts_at)) throw fieldError(lang, 'ends_at', { zh: '不能早于开始时间', en: 'must not be before the start' });
    if (Date.parse(b.claim_closes_at) <= Date.parse(b.claim_opens_at))
      throw fieldError(lang, 'claim_closes_at', { zh: '必须晚于开放申领时间', en: 'must be after the claim window opens' });
    const keys = new Set<string>();
    for (const [i, s] of b.sessions.entries()) {
      if (Date.parse(s.ends_at) <= Date.parse(s.starts_at)) throw fieldError(lang, `sessions.${i}.ends_at`, { zh: '必须晚于开始时间', en: 'must be after the start' });
      if (keys.has(s.key)) throw fieldError(lang, `sessions.${i}.key`, { zh: '重复', en: 'is repeated' });
      keys.add(s.key);
    }
    for (const [i, q] of b.questions.entries()) {
      if (q.options_en.length > 0 && q.options_en.length !== q.options_zh.length)
        throw fieldError(lang, `questions.${i}.options_en`, { zh: '英文选项数须与中文一致', en: 'must have as many options as the Chinese' });
      if (q.correct.some((c) => c >= q.options_zh.length) || new Set(q.correct).size !== q.correct.length)
        throw fieldError(lang, `questions.${i}.correct`, { zh: '正确答案须为不同的有效选项', en: 'must name distinct options of the question' });
    }
  }

  private values(b: AdminCreditDesignationBody) {
    return {
      titleZh: b.title_zh,
      titleEn: b.title_en,
      startsAt: new Date(b.starts_at),
      endsAt: new Date(b.ends_at),
      creditClass: b.credit_class,
      ruleKey: b.rule_key,
      lecturerRuleKey: b.lecturer_rule_key,
      projectNumber: b.project_number,
      maxHundredths: b.max_hundredths,
      claimOpensAt: new Date(b.claim_opens_at),
      claimClosesAt: new Date(b.claim_closes_at),
      attendancePct: b.attendance_pct,
      presencePct: b.presence_pct,
      passMarkPct: b.pass_mark_pct,
      maxAttempts: b.max_attempts,
      requiresEvaluation: b.requires_evaluation,
      sessions: b.sessions.map((s) => ({ ...s, starts_at: iso(s.starts_at), ends_at: iso(s.ends_at) })),
    };
  }

  private async writeQuestions(tx: Tx, designationId: number, b: AdminCreditDesignationBody): Promise<void> {
    await tx.delete(creditTestQuestions).where(eq(creditTestQuestions.designationId, designationId));
    if (b.questions.length === 0) return;
    await tx.insert(creditTestQuestions).values(
      b.questions.map((q, i) => ({
        designationId,
        sort: i + 1,
        stemZh: q.stem_zh,
        stemEn: q.stem_en || q.stem_zh,
        optionsZh: q.options_zh,
        optionsEn: q.options_en.length ? q.options_en : q.options_zh,
        correct: [...q.correct].sort((x, y) => x - y),
      })),
    );
  }

  /** Designate (no updated_at) or edit (the updated_at it was loaded with). */
  async put(actor: Actor, kind: Kind, id: number, b: AdminCreditDesignationBody): Promise<AdminCreditDesignation> {
    const now = this.now();
    return transaction(this.db, async (tx) => {
      if (!(await this.activityExists(tx, kind, id))) throw new AppError(ErrorCode.NOT_FOUND);
      await this.check(tx, b, actor.lang);
      const before = await this.row(tx, kind, id, true);
      if (!before) {
        if (b.updated_at !== undefined) throw new AppError(ErrorCode.ADMIN_EDIT_CONFLICT);
        const [made] = await tx
          .insert(creditDesignations)
          .values({ activityKind: kind, activityId: id, ...this.values(b), createdAt: now, updatedAt: now })
          .onConflictDoNothing()
          .returning();
        // Another operator designated it a moment ago: theirs stands.
        if (!made) throw new AppError(ErrorCode.ADMIN_EDIT_CONFLICT);
        await this.writeQuestions(tx, made.id, b);
        const after = await this.present(tx, made);
        await writeAudit(tx, { actorId: actor.id, action: 'credit_designation.create', target: `${kind}:${id}`, before: null, after, now });
        return after;
      }
      if (b.updated_at === undefined || before.updatedAt.getTime() !== Date.parse(b.updated_at)) throw new AppError(ErrorCode.ADMIN_EDIT_CONFLICT);
      const beforeView = await this.present(tx, before);
      const old = terms(bodyOf(before, await this.questions(tx, before.id)));
      const next = terms(b);
      const use = await this.usage(tx, before.id);
      if (use.claims > 0) {
        const changed = CLAIM_TERMS.some((k) => !same(old[k], next[k]));
        if (changed || Date.parse(next.claim_closes_at) < Date.parse(old.claim_closes_at)) throw new AppError(ErrorCode.CREDIT_DESIGNATION_CLAIMED);
      }
      if (use.tested > 0 && TEST_TERMS.some((k) => !same(old[k], next[k]))) throw new AppError(ErrorCode.CREDIT_DESIGNATION_TESTED);
      const version = new Date(Math.max(now.getTime(), before.updatedAt.getTime() + 1));
      const [row] = await tx.update(creditDesignations).set({ ...this.values(b), updatedAt: version }).where(eq(creditDesignations.id, before.id)).returning();
      if (!row) throw new AppError(ErrorCode.ADMIN_EDIT_CONFLICT);
      if (!same(old.questions, next.questions)) await this.writeQuestions(tx, row.id, b);
      const after = await this.present(tx, row);
      await writeAudit(tx, { actorId: actor.id, action: 'credit_designation.update', target: `${kind}:${id}`, before: beforeView, after, now });
      return after;
    });
  }

  async withdraw(actor: Actor, kind: Kind, id: number): Promise<{ withdrawn: boolean }> {
    const now = this.now();
    return transaction(this.db, async (tx) => {
      const before = await this.row(tx, kind, id, true);
      if (!before) throw new AppError(ErrorCode.NOT_FOUND);
      const view = await this.present(tx, before);
      if (view.claims > 0) throw new AppError(ErrorCode.CREDIT_DESIGNATION_CLAIMED);
      await tx.delete(creditDesignations).where(eq(creditDesignations.id, before.id));
      await writeAudit(tx, { actorId: actor.id, action: 'credit_designation.withdraw', target: `${kind}:${id}`, before: view, after: null, now });
      return { withdrawn: true };
    });
  }
}

/** The console's credit-designation calls (area `credits`, guarded from the contract's adminRoutes table). */
export const creditsAdminRoutes: FastifyPluginAsync<{ now: () => Date }> = async (instance, { now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const svc = new CreditDesignationAdmin(app.db, now);
  const actor = (req: FastifyRequest) => ({ id: currentUser(req).id, lang: req.ctx.lang });
  app.route({ ...endpointRoute('adminCreditRules'), handler: async () => ok(await svc.rules()) });
  app.route({ ...endpointRoute('adminCreditDesignation'), handler: async (req) => ok(await svc.get(req.params.kind, req.params.id)) });
  app.route({ ...endpointRoute('adminCreditDesignate'), handler: async (req) => ok(await svc.put(actor(req), req.params.kind, req.params.id, req.body)) });
  app.route({ ...endpointRoute('adminCreditWithdraw'), handler: async (req) => ok(await svc.withdraw(actor(req), req.params.kind, req.params.id)) });
};
