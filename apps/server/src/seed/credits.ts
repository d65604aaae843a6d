import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { creditRuleSets } from '../db/schema/index.ts';
import { designate, STANDARD_RULES } from '../modules/credits/index.ts';
import type { SeedRows } from './build.ts';

const DAY = 86_400_000;
const iso = (d: Date) => d.toISOString();

/**
 * Demo credit designations: a 国家级 Class I live (live 1, with a parallel afternoon session), an
 * upcoming 国家级 Class I live (live 2), a 省级 Class I series (the series the demo learner owns)
 * and an AMA PRA Category 1 recording (live 11's replay, designated for the two hours of the meeting it records), each with a post-test.
 */
export async function seedCredits(tx: Tx, rows: SeedRows, now: Date): Promise<void> {
  await tx.insert(creditRuleSets).values(STANDARD_RULES).onConflictDoNothing();
  await tx.execute(sql`truncate credit_designations restart identity cascade`);

  const live = rows.lives.find((l) => l.id === 1);
  if (live) {
    const start = new Date(live.startAt);
    const end = new Date(live.endAt);
    const mid = new Date(start.getTime() + 75 * 60_000);
    await designate(
      tx,
      {
        activityKind: 'live',
        activityId: 1,
        titleZh: live.titleZh,
        titleEn: live.titleEn ?? live.titleZh,
        startsAt: start,
        endsAt: end,
        creditClass: 'I',
        ruleKey: 'cn_national_trainee',
        lecturerRuleKey: 'cn_national_lecturer',
        projectNumber: '2026-04-01-001（国）',
        maxHundredths: 100,
        claimOpensAt: end,
        claimClosesAt: new Date(end.getTime() + 90 * DAY),
        sessions: [
          { key: 'guideline', title_zh: '指南更新要点', title_en: 'What the guideline changes', starts_at: iso(start), ends_at: iso(mid) },
          { key: 'case-a', title_zh: '病例讨论 A：一线治疗', title_en: 'Case session A: first line', starts_at: iso(mid), ends_at: iso(end) },
          { key: 'case-b', title_zh: '病例讨论 B：复发难治（平行）', title_en: 'Case session B: relapsed disease (parallel)', starts_at: iso(mid), ends_at: iso(end) },
        ],
      },
      [
        {
          stemZh: '弥漫大 B 细胞淋巴瘤一线标准方案是？',
          stemEn: 'What is the standard first-line regimen for DLBCL?',
          optionsZh: ['R-CHOP', 'ABVD', 'FOLFOX', '单纯放疗'],
          optionsEn: ['R-CHOP', 'ABVD', 'FOLFOX', 'Radiotherapy alone'],
          correct: [0],
        },
        {
          stemZh: '以下哪些属于 CAR-T 治疗的常见不良反应？（多选）',
          stemEn: 'Which are common adverse events of CAR-T therapy? (choose all that apply)',
          optionsZh: ['细胞因子释放综合征', '免疫效应细胞相关神经毒性', '高血糖', '脱发'],
          optionsEn: ['Cytokine release syndrome', 'Immune effector cell-associated neurotoxicity', 'Hyperglycaemia', 'Hair loss'],
          correct: [0, 1],
        },
      ],
    );
  }

  // An upcoming accredited live: a learner attends it from its start, answers the checks, then claims.
  const upcoming = rows.lives.find((l) => l.id === 2);
  if (upcoming) {
    const start = new Date(upcoming.startAt);
    const end = new Date(upcoming.endAt);
    await designate(
      tx,
      {
        activityKind: 'live',
        activityId: 2,
        titleZh: upcoming.titleZh,
        titleEn: upcoming.titleEn ?? upcoming.titleZh,
        startsAt: start,
        endsAt: end,
        creditClass: 'I',
        ruleKey: 'cn_national_trainee',
        lecturerRuleKey: 'cn_national_lecturer',
        projectNumber: '2026-02-01-037（国）',
        maxHundredths: 50,
        claimOpensAt: end,
        claimClosesAt: new Date(end.getTime() + 90 * DAY),
        sessions: [],
      },
      [
        {
          stemZh: '射血分数降低的心力衰竭（HFrEF）“新四联”不包括？',
          stemEn: 'Which is not one of the four pillars for heart failure with reduced ejection fraction?',
          optionsZh: ['地高辛', 'ARNI', 'β 受体阻滞剂', 'SGLT2 抑制剂'],
          optionsEn: ['Digoxin', 'ARNI', 'Beta blocker', 'SGLT2 inhibitor'],
          correct: [0],
        },
        {
          stemZh: '急性失代偿心衰出院后首次随访宜在何时？',
          stemEn: 'When should the first follow-up after discharge for acute decompensated heart failure be?',
          optionsZh: ['出院后 7–14 天内', '出院后 3 个月', '出院后 6 个月', '无需随访'],
          optionsEn: ['Within 7–14 days', 'After 3 months', 'After 6 months', 'None is needed'],
          correct: [0],
        },
      ],
    );
  }

  const series = rows.courses.find((c) => c.courseType === 2 && c.priceType === 2 && c.status === 'published');
  if (series?.id !== undefined) {
    await designate(
      tx,
      {
        activityKind: 'series',
        activityId: series.id,
        titleZh: series.titleZh,
        titleEn: series.titleEn ?? series.titleZh,
        startsAt: new Date(now.getTime() - 30 * DAY),
        endsAt: new Date(now.getTime() + 335 * DAY),
        creditClass: 'I',
        ruleKey: 'cn_provincial_trainee',
        projectNumber: '沪继教 2026-07-015（省）',
        maxHundredths: 200,
        claimOpensAt: new Date(now.getTime() - 30 * DAY),
        claimClosesAt: new Date(now.getTime() + 365 * DAY),
        // Twelve designated hours of courseware: 2 provincial credits when all of it is watched.
        sessions: [{ key: 'series', title_zh: series.titleZh, title_en: series.titleEn ?? series.titleZh, starts_at: iso(new Date(now.getTime() - 30 * DAY)), ends_at: iso(new Date(now.getTime() - 30 * DAY + 12 * 3600_000)) }],
      },
      [
        {
          stemZh: '肝细胞癌一线系统治疗可选用以下哪种方案？',
          stemEn: 'Which regimen may be used first line for hepatocellular carcinoma?',
          optionsZh: ['阿替利珠单抗联合贝伐珠单抗', '顺铂联合培美曲塞', '利妥昔单抗', '他莫昔芬'],
          optionsEn: ['Atezolizumab plus bevacizumab', 'Cisplatin plus pemetrexed', 'Rituximab', 'Tamoxifen'],
          correct: [0],
        },
      ],
    );
  }

  const replay = rows.recordings.find((r) => r.liveId === 11);
  const replayLive = rows.lives.find((l) => l.id === 11);
  if (replay?.id !== undefined && replayLive) {
    const start = new Date(replayLive.startAt);
    const end = new Date(replayLive.endAt);
    await designate(
      tx,
      {
        activityKind: 'recording',
        activityId: replay.id,
        titleZh: replay.titleZh,
        titleEn: replay.titleEn ?? replay.titleZh,
        startsAt: start,
        endsAt: end,
        creditClass: 'AMA_PRA_1',
        ruleKey: 'us_ama_cat1',
        projectNumber: 'JA-26-0117-H01',
        maxHundredths: 200,
        claimOpensAt: start,
        claimClosesAt: new Date(end.getTime() + 365 * DAY),
        attendancePct: 85,
        passMarkPct: 75,
        sessions: [{ key: 'meeting', title_zh: replay.titleZh, title_en: replay.titleEn ?? replay.titleZh, starts_at: iso(start), ends_at: iso(end) }],
      },
      [
        {
          stemZh: 'CAR-T 回输后出现发热、低血压，首先考虑？',
          stemEn: 'Fever and hypotension after a CAR-T infusion suggest first of all:',
          optionsZh: ['细胞因子释放综合征', '过敏反应', '肺栓塞', '心肌梗死'],
          optionsEn: ['Cytokine release syndrome', 'Anaphylaxis', 'Pulmonary embolism', 'Myocardial infarction'],
          correct: [0],
        },
        {
          stemZh: '治疗细胞因子释放综合征的一线药物是？',
          stemEn: 'The first-line drug for cytokine release syndrome is:',
          optionsZh: ['托珠单抗', '阿司匹林', '肝素', '胰岛素'],
          optionsEn: ['Tocilizumab', 'Aspirin', 'Heparin', 'Insulin'],
          correct: [0],
        },
      ],
    );
  }
}
