import {
  type ApiLanguage,
  type CmeCard,
  CME_REQUIREMENT,
  type CreditActivityInfo,
  type CreditActivityKind,
  type CreditClaim,
  type CreditClaimResult,
  type CreditClass,
  type CreditDesignation,
  type CreditEvaluationBody,
  type CreditProgress,
  type CreditRegime,
  type CreditTest,
  type CreditTestBody,
  type CreditTestResult,
  type CreditUnmet,
  ErrorCode,
  type Page,
} from '@medportal/contract';
import { and, asc, count, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  type CreditClaimLine,
  creditClaims,
  creditDesignations,
  creditEvaluations,
  creditProgress,
  creditRuleSets,
  creditTestAttempts,
  creditTestQuestions,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { pick } from '../../lib/i18n.ts';
import { transaction } from '../../db/transaction.ts';
import { type PageQ, pageOf, paginate } from '../shared/paginate.ts';
import type { AttendanceKind, AttendanceReader, AttendanceSummary, CertificateIssuer } from './credits.ports.ts';
import { creditFor, pct, sessionShares, splitByShare, STANDARD_RULES, yearTally } from './credits.rules.ts';

type DesignationRow = typeof creditDesignations.$inferSelect;
type RuleRow = typeof creditRuleSets.$inferSelect;
type ClaimRow = typeof creditClaims.$inferSelect;


/** Kinds learned at any time: their credit counts in the year it is claimed, not the year they were made. */
const ON_DEMAND = new Set(['course', 'series', 'recording']);

/** The credit year of an activity: the year its end falls in, China time (+08:00). */
export function creditYearOf(endsAt: Date): number {
  return new Date(endsAt.getTime() + 8 * 3600_000).getUTCFullYear();
}

interface Evaluated {
  progress: CreditProgress;
  role: 'trainee' | 'lecturer';
  rule: RuleRow;
  attended: number;
  scheduled: number;
  lines: CreditClaimLine[];
}

export interface CreditServiceDeps {
  db: Db;
  now: () => Date;
  attendance: AttendanceReader;
  issuer?: CertificateIssuer | undefined;
}

/** Designations, the post-test, the evaluation, claims and the yearly card. */
export class CreditService {
  private readonly db: Db;
  private readonly now: () => Date;
  private readonly attendance: AttendanceReader;
  private readonly issuer: CertificateIssuer | undefined;

  constructor(deps: CreditServiceDeps) {
    this.db = deps.db;
    this.now = deps.now;
    this.attendance = deps.attendance;
    this.issuer = deps.issuer;
  }

  /** Writes the standard rule sets a database lacks; rows already there (maybe edited by operators) stay. */
  async ensureRules(): Promise<void> {
    await this.db.insert(creditRuleSets).values(STANDARD_RULES).onConflictDoNothing();
  }

  private async designation(db: Db | Tx, kind: CreditActivityKind, id: number): Promise<DesignationRow | null> {
    const [row] = await db
      .select()
      .from(creditDesignations)
      .where(and(eq(creditDesignations.activityKind, kind), eq(creditDesignations.activityId, id)));
    return row ?? null;
  }

  private async required(db: Db | Tx, kind: CreditActivityKind, id: number): Promise<DesignationRow> {
    const d = await this.designation(db, kind, id);
    if (!d) throw new AppError(ErrorCode.CREDIT_NOT_DESIGNATED);
    return d;
  }

  private async rule(db: Db | Tx, key: string): Promise<RuleRow> {
    const [row] = await db.select().from(creditRuleSets).where(eq(creditRuleSets.key, key));
    if (!row) throw new Error(`credit rule ${key} missing`);
    return row;
  }

  private async questionCount(db: Db | Tx, designationId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(creditTestQuestions).where(eq(creditTestQuestions.designationId, designationId));
    return row?.n ?? 0;
  }

  private presentDesignation(d: DesignationRow, rule: RuleRow, questions: number, lang: ApiLanguage): CreditDesignation {
    return {
      title: pick(lang, d.titleZh, d.titleEn),
      starts_at: d.startsAt.toISOString(),
      ends_at: d.endsAt.toISOString(),
      regime: rule.regime as CreditRegime,
      credit_class: d.creditClass as CreditClass,
      project_number: d.projectNumber,
      max_hundredths: d.maxHundredths,
      rule: this.presentRule(rule, lang),
      claim_opens_at: d.claimOpensAt.toISOString(),
      claim_closes_at: d.claimClosesAt.toISOString(),
      sessions: d.sessions.map((s) => ({ key: s.key, title: pick(lang, s.title_zh, s.title_en), starts_at: s.starts_at, ends_at: s.ends_at })),
      requirements: {
        attendance_pct: d.attendancePct,
        presence_pct: d.presencePct,
        test_questions: questions,
        pass_mark_pct: d.passMarkPct,
        max_attempts: d.maxAttempts,
        evaluation: d.requiresEvaluation,
      },
    };
  }

  private presentRule(rule: RuleRow, lang: ApiLanguage) {
    return {
      key: rule.key,
      regime: rule.regime as CreditRegime,
      role: rule.role as 'trainee' | 'lecturer',
      seconds_per_unit: rule.secondsPerUnit,
      hundredths_per_unit: rule.hundredthsPerUnit,
      step_hundredths: rule.stepHundredths,
      cap_hundredths: rule.capHundredths,
      name: pick(lang, rule.nameZh, rule.nameEn),
    };
  }

  private presentClaim(c: ClaimRow, d: Pick<DesignationRow, 'activityKind' | 'activityId' | 'titleZh' | 'titleEn'>, lang: ApiLanguage): CreditClaim {
    return {
      id: c.id,
      kind: d.activityKind as CreditActivityKind,
      activity_id: d.activityId,
      title: pick(lang, d.titleZh, d.titleEn),
      role: c.role as 'trainee' | 'lecturer',
      regime: c.regime as CreditRegime,
      credit_class: c.creditClass as CreditClass,
      project_number: c.projectNumber,
      hundredths: c.hundredths,
      lines: c.lines.map((l) => ({ session_key: l.session_key, title: pick(lang, l.title_zh, l.title_en), hundredths: l.hundredths })),
      attended_seconds: c.attendedS,
      scheduled_seconds: c.scheduledS,
      credit_year: c.creditYear,
      certificate_status: c.certificateStatus as 'pending' | 'issued',
      certificate_code: c.certificateCode,
      claimed_at: c.claimedAt.toISOString(),
    };
  }

  private async attendanceOf(db: Db | Tx, d: DesignationRow, userId: number): Promise<AttendanceSummary> {
    return this.attendance.attendanceSummary(db, { userId, kind: d.activityKind as AttendanceKind, id: d.activityId });
  }

  /** Everything a claim needs to know about one learner, read on `db` (the claim's transaction when claiming). */
  private async evaluate(db: Db | Tx, d: DesignationRow, userId: number, lang: ApiLanguage): Promise<Evaluated> {
    // One after another: inside a claim's transaction they share one connection.
    const att = await this.attendanceOf(db, d, userId);
    const [prog] = await db.select().from(creditProgress).where(and(eq(creditProgress.designationId, d.id), eq(creditProgress.userId, userId)));
    const questions = await this.questionCount(db, d.id);
    const [claimRow] = await db.select().from(creditClaims).where(and(eq(creditClaims.designationId, d.id), eq(creditClaims.userId, userId)));
    const lecturer = d.lecturerRuleKey ? d.lecturers.find((l) => l.user_id === userId) : undefined;
    const role = lecturer ? 'lecturer' : 'trainee';
    const rule = await this.rule(db, lecturer && d.lecturerRuleKey ? d.lecturerRuleKey : d.ruleKey);

    // The designated schedule (sessions, parallel ones counted once) may be longer than the media
    // the source measures (a recording of a whole-day meeting): credit follows the share attended.
    const intervals = d.sessions.map((s) => ({ key: s.key, start: Date.parse(s.starts_at), end: Date.parse(s.ends_at) }));
    const shares = sessionShares(intervals);
    const designedS = shares.reduce((a, s) => a + s.seconds, 0);
    const scheduled = att.scheduled_seconds > 0 ? att.scheduled_seconds : designedS > 0 ? designedS : Math.floor((d.endsAt.getTime() - d.startsAt.getTime()) / 1000);
    const attended = Math.min(att.attended_seconds, scheduled);
    const creditedS = lecturer ? lecturer.seconds : designedS > 0 ? Math.floor((attended * designedS) / scheduled) : attended;
    const estimated = creditFor(rule, creditedS, d.maxHundredths);

    const now = this.now();
    const attendancePct = pct(attended, scheduled);
    const passed = prog?.passedAt != null;
    const evaluated = prog?.evaluatedAt != null;
    const unmet: CreditUnmet[] = [];
    if (now < d.claimOpensAt) unmet.push('window_not_open');
    if (now > d.claimClosesAt) unmet.push('window_closed');
    if (!lecturer) {
      if (attendancePct < d.attendancePct) unmet.push('attendance');
      const { asked, answered } = att.presence_checks;
      if (asked > 0 && pct(answered, asked) < d.presencePct) unmet.push('presence');
      if (questions > 0 && !passed) unmet.push('test');
      if (d.requiresEvaluation && !evaluated) unmet.push('evaluation');
    }
    if (estimated <= 0) unmet.push('no_credit');

    const lineShares = shares.length > 0 ? shares : [{ key: 'main', seconds: 1 }];
    const titles = new Map(d.sessions.map((s) => [s.key, s]));
    const lines = splitByShare(estimated, rule.stepHundredths, lineShares).map((l) => {
      const s = titles.get(l.key);
      return { session_key: l.key, title_zh: s?.title_zh ?? d.titleZh, title_en: s?.title_en ?? d.titleEn, hundredths: l.hundredths };
    });

    const attemptsUsed = prog?.attemptsUsed ?? 0;
    const progress: CreditProgress = {
      attended_seconds: attended,
      scheduled_seconds: scheduled,
      credited_seconds: creditedS,
      attendance_pct: attendancePct,
      presence: att.presence_checks,
      signed_in: att.signed_in,
      test: { attempts_used: attemptsUsed, attempts_left: Math.max(0, d.maxAttempts - attemptsUsed), best_score_pct: prog?.bestScorePct ?? 0, passed },
      evaluated,
      estimated_hundredths: estimated,
      role,
      unmet,
      claimable: unmet.length === 0 && !claimRow,
      claim: claimRow ? this.presentClaim(claimRow, d, lang) : null,
    };
    return { progress, role, rule, attended, scheduled, lines };
  }

  async activity(kind: CreditActivityKind, id: number, userId: number | undefined, lang: ApiLanguage): Promise<CreditActivityInfo> {
    const d = await this.designation(this.db, kind, id);
    if (!d) return { kind, id, designation: null, progress: null };
    const [rule, questions] = await Promise.all([this.rule(this.db, d.ruleKey), this.questionCount(this.db, d.id)]);
    const progress = userId === undefined ? null : (await this.evaluate(this.db, d, userId, lang)).progress;
    return { kind, id, designation: this.presentDesignation(d, rule, questions, lang), progress };
  }

  async test(kind: CreditActivityKind, id: number, userId: number, lang: ApiLanguage): Promise<CreditTest> {
    const d = await this.required(this.db, kind, id);
    const [questions, [prog]] = await Promise.all([
      this.db.select().from(creditTestQuestions).where(eq(creditTestQuestions.designationId, d.id)).orderBy(asc(creditTestQuestions.sort), asc(creditTestQuestions.id)),
      this.db.select().from(creditProgress).where(and(eq(creditProgress.designationId, d.id), eq(creditProgress.userId, userId))),
    ]);
    if (questions.length === 0) throw new AppError(ErrorCode.CREDIT_NO_TEST);
    return {
      pass_mark_pct: d.passMarkPct,
      max_attempts: d.maxAttempts,
      attempts_used: prog?.attemptsUsed ?? 0,
      best_score_pct: prog?.bestScorePct ?? 0,
      passed: prog?.passedAt != null,
      questions: questions.map((q) => ({
        id: q.id,
        stem: pick(lang, q.stemZh, q.stemEn),
        options: lang === 'en' ? q.optionsEn : q.optionsZh,
        multiple: q.correct.length > 1,
      })),
    };
  }

  /**
   * One post-test attempt. The attempt is reserved first with one conditional upsert (attempts
   * left and not yet passed), so concurrent submissions never use more attempts than allowed;
   * grading and recording follow in the same transaction.
   */
  async submitTest(kind: CreditActivityKind, id: number, userId: number, body: CreditTestBody): Promise<CreditTestResult> {
    const d = await this.required(this.db, kind, id);
    const questions = await this.db.select().from(creditTestQuestions).where(eq(creditTestQuestions.designationId, d.id));
    if (questions.length === 0) throw new AppError(ErrorCode.CREDIT_NO_TEST);
    const chosen = new Map(body.answers.map((a) => [a.question_id, [...new Set(a.options)].sort((x, y) => x - y)]));
    const right = questions.filter((q) => {
      const mine = chosen.get(q.id) ?? [];
      const correct = [...q.correct].sort((x, y) => x - y);
      return mine.length === correct.length && mine.every((v, i) => v === correct[i]);
    }).length;
    const score = pct(right, questions.length);
    const passed = score >= d.passMarkPct;
    const now = this.now();
    return transaction(this.db, async (tx) => {
      const [reserved] = await tx
        .insert(creditProgress)
        .values({ designationId: d.id, userId, attemptsUsed: 1 })
        .onConflictDoUpdate({
          target: [creditProgress.designationId, creditProgress.userId],
          set: { attemptsUsed: sql`${creditProgress.attemptsUsed} + 1` },
          setWhere: and(sql`${creditProgress.attemptsUsed} < ${d.maxAttempts}`, isNull(creditProgress.passedAt)),
        })
        .returning({ attemptsUsed: creditProgress.attemptsUsed });
      if (!reserved) {
        const [prog] = await tx.select().from(creditProgress).where(and(eq(creditProgress.designationId, d.id), eq(creditProgress.userId, userId)));
        throw new AppError(prog?.passedAt ? ErrorCode.CREDIT_TEST_ALREADY_PASSED : ErrorCode.CREDIT_TEST_NO_ATTEMPTS);
      }
      const attemptNo = reserved.attemptsUsed;
      await tx.insert(creditTestAttempts).values({
        designationId: d.id,
        userId,
        attemptNo,
        scorePct: score,
        passed,
        answers: Object.fromEntries([...chosen].map(([k, v]) => [String(k), v])),
        createdAt: now,
      });
      await tx
        .update(creditProgress)
        .set({ bestScorePct: sql`greatest(${creditProgress.bestScorePct}, ${score})`, ...(passed ? { passedAt: now } : {}) })
        .where(and(eq(creditProgress.designationId, d.id), eq(creditProgress.userId, userId)));
      return { attempt_no: attemptNo, score_pct: score, passed, attempts_left: Math.max(0, d.maxAttempts - attemptNo) };
    });
  }

  async evaluateActivity(kind: CreditActivityKind, id: number, userId: number, body: CreditEvaluationBody): Promise<{ evaluated: true }> {
    const d = await this.required(this.db, kind, id);
    const now = this.now();
    await transaction(this.db, async (tx) => {
      const [made] = await tx
        .insert(creditEvaluations)
        .values({ designationId: d.id, userId, ratings: body.ratings, comment: body.comment, createdAt: now })
        .onConflictDoNothing()
        .returning({ userId: creditEvaluations.userId });
      if (!made) throw new AppError(ErrorCode.CREDIT_EVALUATION_DONE);
      await tx
        .insert(creditProgress)
        .values({ designationId: d.id, userId, evaluatedAt: now })
        .onConflictDoUpdate({ target: [creditProgress.designationId, creditProgress.userId], set: { evaluatedAt: now } });
    });
    return { evaluated: true };
  }

  /**
   * The claim: requirements checked and the claim written in one transaction; the unique key on
   * (designation, user) makes a repeated or concurrent claim find the first one, which never
   * changes. With an issuer the certificate is issued in the same transaction.
   */
  async claim(kind: CreditActivityKind, id: number, userId: number, lang: ApiLanguage): Promise<CreditClaimResult> {
    const first = await this.required(this.db, kind, id);
    return transaction(this.db, async (tx) => {
      // Shared with other claims, exclusive of a console edit (decision record 0065): a claim is
      // made under the terms as they stand when it commits, and an edit sees every claim before it.
      const [d] = await tx.select().from(creditDesignations).where(eq(creditDesignations.id, first.id)).for('share');
      if (!d) throw new AppError(ErrorCode.CREDIT_NOT_DESIGNATED);
      const ev = await this.evaluate(tx, d, userId, lang);
      if (ev.progress.claim) return { ...ev.progress.claim, newly: false };
      const window = ev.progress.unmet.filter((u) => u === 'window_not_open' || u === 'window_closed');
      if (window.length > 0) throw new AppError(ErrorCode.CREDIT_CLAIM_WINDOW, { data: { unmet: window } });
      if (ev.progress.unmet.length > 0) throw new AppError(ErrorCode.CREDIT_REQUIREMENTS_NOT_MET, { data: { unmet: ev.progress.unmet } });
      const now = this.now();
      const [made] = await tx
        .insert(creditClaims)
        .values({
          designationId: d.id,
          userId,
          role: ev.role,
          regime: ev.rule.regime,
          creditClass: d.creditClass,
          projectNumber: d.projectNumber,
          hundredths: ev.progress.estimated_hundredths,
          lines: ev.lines,
          attendedS: ev.attended,
          scheduledS: ev.scheduled,
          creditYear: creditYearOf(ON_DEMAND.has(d.activityKind) ? now : d.endsAt),
          certificateStatus: 'pending',
          claimedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!made) {
        const [first] = await tx.select().from(creditClaims).where(and(eq(creditClaims.designationId, d.id), eq(creditClaims.userId, userId)));
        if (!first) throw new Error('claim vanished');
        return { ...this.presentClaim(first, d, lang), newly: false };
      }
      let row = made;
      if (this.issuer) {
        const cert = await this.issuer.issueCertificate(tx, {
          userId,
          activity: { kind: d.activityKind as AttendanceKind, id: d.activityId, title_zh: d.titleZh, title_en: d.titleEn, starts_at: d.startsAt, ends_at: d.endsAt },
          credit: { regime: ev.rule.regime as CreditRegime, class: d.creditClass as CreditClass, hundredths: made.hundredths, project_number: d.projectNumber },
          claimId: made.id,
          issuedAt: now,
        });
        const [issued] = await tx
          .update(creditClaims)
          .set({ certificateStatus: 'issued', certificateId: cert.id, certificateCode: cert.code })
          .where(and(eq(creditClaims.id, made.id), eq(creditClaims.certificateStatus, 'pending')))
          .returning();
        row = issued ?? made;
      }
      return { ...this.presentClaim(row, d, lang), newly: true };
    });
  }

  private claimsQuery(userId: number) {
    return this.db
      .select({ c: creditClaims, kind: creditDesignations.activityKind, activityId: creditDesignations.activityId, titleZh: creditDesignations.titleZh, titleEn: creditDesignations.titleEn })
      .from(creditClaims)
      .innerJoin(creditDesignations, eq(creditDesignations.id, creditClaims.designationId))
      .where(eq(creditClaims.userId, userId))
      .$dynamic();
  }

  async claims(userId: number, q: PageQ, lang: ApiLanguage): Promise<Page<CreditClaim>> {
    const { rows, total } = await paginate(
      this.claimsQuery(userId)
        .orderBy(desc(creditClaims.claimedAt), desc(creditClaims.id))
        .limit(q.page_size)
        .offset((q.page - 1) * q.page_size),
      this.db.select({ n: count() }).from(creditClaims).where(eq(creditClaims.userId, userId)),
    );
    return pageOf(
      rows.map((r) => this.presentClaim(r.c, { activityKind: r.kind, activityId: r.activityId, titleZh: r.titleZh, titleEn: r.titleEn }, lang)),
      q,
      total,
    );
  }

  /** The 电子学分卡 of one year (default: this year, China time). */
  async cme(userId: number, year: number | undefined, lang: ApiLanguage): Promise<CmeCard> {
    const y = year ?? creditYearOf(this.now());
    const from = y - CME_REQUIREMENT.years + 1;
    const [rows, years] = await Promise.all([
      this.claimsQuery(userId)
        .where(and(eq(creditClaims.userId, userId), gte(creditClaims.creditYear, from), lte(creditClaims.creditYear, y)))
        .orderBy(asc(creditClaims.claimedAt), asc(creditClaims.id)),
      this.db.selectDistinct({ y: creditClaims.creditYear }).from(creditClaims).where(eq(creditClaims.userId, userId)).orderBy(desc(creditClaims.creditYear)),
    ]);
    const national = (r: ClaimRow) => r.regime.startsWith('cn_');
    const ofYear = rows.filter((r) => r.c.creditYear === y);
    const sum = (list: typeof rows, f: (r: ClaimRow) => boolean) => list.reduce((a, r) => a + (f(r.c) ? r.c.hundredths : 0), 0);
    const tally = yearTally(
      sum(ofYear, (c) => national(c) && c.creditClass === 'I'),
      sum(ofYear, (c) => national(c) && c.creditClass === 'II'),
    );
    const fiveYear = sum(rows, (c) => c.regime === 'cn_national' && c.creditClass === 'I');
    return {
      year: y,
      ...tally,
      ama_pra_1_hundredths: sum(ofYear, (c) => c.regime === 'us_ama'),
      five_year: {
        from_year: from,
        to_year: y,
        national_class_i_hundredths: fiveYear,
        min_hundredths: CME_REQUIREMENT.fiveYearNationalMin,
        deficit_hundredths: Math.max(0, CME_REQUIREMENT.fiveYearNationalMin - fiveYear),
      },
      years: years.map((r) => r.y),
      claims: ofYear.map((r) => this.presentClaim(r.c, { activityKind: r.kind, activityId: r.activityId, titleZh: r.titleZh, titleEn: r.titleEn }, lang)),
    };
  }
}

/** Designations the seed (or an operator tool) writes; kept here so the table has one owner. */
export async function designate(
  db: Db | Tx,
  d: typeof creditDesignations.$inferInsert,
  questions: Array<{ stemZh: string; stemEn: string; optionsZh: string[]; optionsEn: string[]; correct: number[] }>,
): Promise<number> {
  const [row] = await db.insert(creditDesignations).values(d).returning({ id: creditDesignations.id });
  if (!row) throw new Error('designation not written');
  if (questions.length > 0) await db.insert(creditTestQuestions).values(questions.map((q, i) => ({ ...q, designationId: row.id, sort: i + 1 })));
  return row.id;
}

