import type * as s from '../db/schema/index.ts';
import { coverUrl } from '../modules/media/cover-svg.ts';
import { DEPARTMENTS } from './data/catalog.ts';
import { PAPERS } from './data/editorial.ts';

type Rows<T extends { $inferInsert: unknown }> = Array<T['$inferInsert']>;

export interface AuthorVoiceSeedRows {
  authorVoicePapers: Rows<typeof s.papers>;
  authorTalks: Rows<typeof s.authorTalks>;
  authorLinkups: Rows<typeof s.authorLinkups>;
  authorVoiceBindings: Rows<typeof s.mediaBindings>;
}

const DAY = 86_400_000;

/**
 * Papers from journals the main catalogue lacks, so the list's journal filter has choices.
 * Real publications with their DOIs; the abstracts are our own neutral summaries.
 */
const EXTRA_PAPERS = [
  {
    uuid: '5b0d6a2e-8c41-4f7a-9e1d-2a6c3f8b9d01',
    en: 'Clinical features of patients infected with 2019 novel coronavirus in Wuhan, China',
    zh: '武汉 2019 新型冠状病毒感染患者的临床特征',
    journal: 'The Lancet',
    doi: '10.1016/S0140-6736(20)30183-5',
    absZh: '对早期确诊住院患者的临床表现、实验室与影像学特征及结局的描述性研究。',
    absEn: 'A descriptive study of the clinical presentation, laboratory and imaging findings and outcomes of the first hospitalised patients with confirmed infection.',
    date: '2020-01-24',
  },
  {
    uuid: '7e3f1c9a-2d5b-4e8f-a1c6-9b4d2e7f3a02',
    en: 'Clinical Characteristics of 138 Hospitalized Patients With 2019 Novel Coronavirus-Infected Pneumonia in Wuhan, China',
    zh: '武汉 138 例新型冠状病毒肺炎住院患者的临床特征',
    journal: 'JAMA',
    doi: '10.1001/jama.2020.1585',
    absZh: '单中心病例系列，描述住院患者的临床特征、需要重症监护者的差异及院内传播情况。',
    absEn: 'A single-centre case series describing hospitalised patients, how those needing intensive care differed, and hospital-associated transmission.',
    date: '2020-02-07',
  },
  {
    uuid: '9a6c4e2b-1f3d-4b7e-8c2a-5d9e1f4b6c03',
    en: 'Clinical course and risk factors for mortality of adult inpatients with COVID-19 in Wuhan, China: a retrospective cohort study',
    zh: '武汉成人 COVID-19 住院患者的临床病程与死亡危险因素：回顾性队列研究',
    journal: 'The Lancet',
    doi: '10.1016/S0140-6736(20)30566-3',
    absZh: '双中心回顾性队列，分析院内死亡的危险因素与病毒排出时间。',
    absEn: 'A two-centre retrospective cohort analysing risk factors for in-hospital death and the duration of viral shedding.',
    date: '2020-03-09',
  },
] as const;

/** Short journal name on the generated cover. */
const journalLabel = (journal: string) => (journal === 'The New England Journal of Medicine' ? 'NEJM' : journal.replace(/^The /, ''));

type Dep = (typeof DEPARTMENTS)[number]['slug'];
interface Presenter {
  zh: string;
  en: string;
  roleZh: string;
  roleEn: string;
  countryZh: string;
  countryEn: string;
  region: 'cn' | 'overseas';
}

const CN = (zh: string, en: string, instZh: string, instEn: string): Presenter => ({
  zh,
  en,
  roleZh: `研究者 · ${instZh}`,
  roleEn: `Investigator · ${instEn}`,
  countryZh: '中国',
  countryEn: 'China',
  region: 'cn',
});
const ABROAD = (en: string, zh: string, inst: string, instZh: string, countryEn: string, countryZh: string): Presenter => ({
  zh,
  en,
  roleZh: `研究者 · ${instZh}`,
  roleEn: `Investigator · ${inst}`,
  countryZh,
  countryEn,
  region: 'overseas',
});

/**
 * Demo talks. The presenters are fictional personas standing in for a paper's authors; each talk
 * says what the study asked, how it was designed and what it means for practice, in zh and en.
 */
const TALKS: ReadonlyArray<{
  paper: string;
  dep: Dep;
  by: Presenter;
  zh: string;
  en: string;
  qZh: string;
  qEn: string;
  designZh: string;
  designEn: string;
  takeZh: string;
  takeEn: string;
}> = [
  {
    paper: '10.1056/NEJMoa1713137', dep: 'oncology', by: CN('陈静', 'Chen Jing', '中国医学科学院肿瘤医院', 'Cancer Hospital, CAMS'),
    zh: '三代 EGFR-TKI 一线治疗：我们从 FLAURA 学到什么', en: 'Third-generation EGFR TKIs first line: what FLAURA taught us',
    qZh: '初治 EGFR 突变晚期非小细胞肺癌，三代 TKI 能否优于一代 TKI？', qEn: 'In untreated EGFR-mutated advanced NSCLC, does a third-generation TKI beat the first-generation drugs?',
    designZh: '随机、双盲、III 期，主要终点为无进展生存期，并关注中枢神经系统转移。', designEn: 'A randomised, double-blind phase 3 trial with progression-free survival as the primary endpoint and attention to CNS metastases.',
    takeZh: '一线选择需综合疗效、脑转移控制与耐药后的治疗序贯。', takeEn: 'The first-line choice weighs efficacy, control of brain metastases and what can follow at resistance.',
  },
  {
    paper: '10.1056/NEJMoa1801005', dep: 'oncology', by: ABROAD('Michael Reed', '迈克尔·里德', 'The Johns Hopkins Hospital', '约翰斯·霍普金斯医院', 'United States', '美国'),
    zh: '免疫联合化疗：非鳞非小细胞肺癌一线治疗的转变', en: 'Immunotherapy with chemotherapy: how first-line non-squamous NSCLC changed',
    qZh: '在无驱动基因的非鳞 NSCLC 中，PD-1 抑制剂加入含铂化疗能否延长生存？', qEn: 'In non-squamous NSCLC without driver alterations, does adding a PD-1 inhibitor to platinum chemotherapy prolong survival?',
    designZh: '随机、双盲、安慰剂对照 III 期，主要终点为总生存期和无进展生存期。', designEn: 'A randomised, double-blind, placebo-controlled phase 3 trial with overall and progression-free survival as primary endpoints.',
    takeZh: '获益覆盖不同 PD-L1 表达水平，需同时关注免疫相关不良反应的管理。', takeEn: 'The benefit spanned PD-L1 levels; managing immune-related adverse events is part of the treatment.',
  },
  {
    paper: '10.1056/NEJMoa1707447', dep: 'hematology', by: ABROAD('Laura Jensen', '劳拉·詹森', 'Mayo Clinic', '梅奥诊所', 'United States', '美国'),
    zh: 'CAR-T 治疗难治性大 B 细胞淋巴瘤：从研究到常规', en: 'CAR-T in refractory large B-cell lymphoma: from trial to routine care',
    qZh: '对常规治疗难治的大 B 细胞淋巴瘤，抗 CD19 CAR-T 能带来多高的缓解率？', qEn: 'How often does anti-CD19 CAR-T produce responses in large B-cell lymphoma refractory to standard treatment?',
    designZh: '多中心、单臂 II 期研究，主要终点为客观缓解率。', designEn: 'A multicentre single-arm phase 2 study with objective response as the primary endpoint.',
    takeZh: '细胞因子释放综合征和神经毒性的分级与早期处理是安全实施的关键。', takeEn: 'Grading and early treatment of cytokine release syndrome and neurotoxicity are what make it safe.',
  },
  {
    paper: '10.1056/NEJMoa1709866', dep: 'hematology', by: CN('王磊', 'Wang Lei', '中国医学科学院血液病医院', 'Institute of Hematology & Blood Diseases Hospital, CAMS'),
    zh: '儿童与青年 B-ALL 的 CAR-T 治疗：缓解之后', en: 'CAR-T for B-ALL in children and young adults: after remission',
    qZh: '复发或难治 B 细胞急性淋巴细胞白血病患儿接受 CAR-T 后，缓解能否持久？', qEn: 'After CAR-T, do remissions in relapsed or refractory paediatric B-ALL last?',
    designZh: '全球多中心单臂研究，观察总缓解率、缓解持续时间和安全性。', designEn: 'A global multicentre single-arm study of overall remission, its duration and safety.',
    takeZh: '随访中需监测 B 细胞再生与 CD19 阴性复发，决定是否桥接移植。', takeEn: 'Follow-up watches for B-cell recovery and CD19-negative relapse when deciding on a bridge to transplant.',
  },
  {
    paper: '10.1056/NEJMoa1911303', dep: 'cardiology', by: CN('刘洋', 'Liu Yang', '中国医学科学院阜外医院', 'Fuwai Hospital, CAMS'),
    zh: 'SGLT2 抑制剂进入心衰治疗：不只是降糖药', en: 'SGLT2 inhibitors in heart failure: more than a diabetes drug',
    qZh: '射血分数降低的心衰患者，无论是否合并糖尿病，加用 SGLT2 抑制剂能否减少心衰恶化和心血管死亡？', qEn: 'In heart failure with reduced ejection fraction, with or without diabetes, does an SGLT2 inhibitor reduce worsening heart failure and cardiovascular death?',
    designZh: '随机、双盲、安慰剂对照 III 期，在指南推荐治疗基础上加用。', designEn: 'A randomised, double-blind, placebo-controlled phase 3 trial on top of guideline-directed therapy.',
    takeZh: '结果推动了心衰药物治疗从“三联”走向“新四联”。', takeEn: 'The result moved heart failure therapy from three pillars to four.',
  },
  {
    paper: '10.1056/NEJMoa2307563', dep: 'cardiology', by: ABROAD('Sarah Collins', '莎拉·柯林斯', 'Mayo Clinic', '梅奥诊所', 'United States', '美国'),
    zh: '肥胖与心血管结局：GLP-1 受体激动剂的新证据', en: 'Obesity and cardiovascular outcomes: new evidence for GLP-1 receptor agonists',
    qZh: '合并心血管病但无糖尿病的超重或肥胖人群，GLP-1 受体激动剂能否减少主要心血管事件？', qEn: 'In people with overweight or obesity and cardiovascular disease but no diabetes, does a GLP-1 receptor agonist reduce major cardiovascular events?',
    designZh: '随机、双盲、安慰剂对照的心血管结局研究。', designEn: 'A randomised, double-blind, placebo-controlled cardiovascular outcomes trial.',
    takeZh: '肥胖应作为心血管风险的可干预因素来管理。', takeEn: 'Obesity becomes a treatable cardiovascular risk factor.',
  },
  {
    paper: '10.1056/NEJMoa1706442', dep: 'neurology', by: CN('赵敏', 'Zhao Min', '首都医科大学附属北京天坛医院', 'Beijing Tiantan Hospital, Capital Medical University'),
    zh: '晚时间窗取栓：以影像选择患者', en: 'Late-window thrombectomy: choosing patients by imaging',
    qZh: '发病 6 至 24 小时、症状与梗死体积不匹配的大血管闭塞患者，取栓是否仍然获益？', qEn: 'Does thrombectomy still help patients with large-vessel occlusion 6 to 24 hours after onset when deficit and infarct size do not match?',
    designZh: '随机对照试验，以临床—影像不匹配筛选患者，比较取栓加标准治疗与单纯标准治疗。', designEn: 'A randomised trial selecting patients by clinical–imaging mismatch, comparing thrombectomy plus standard care with standard care alone.',
    takeZh: '“时间窗”正在让位于“组织窗”，卒中中心需建立快速影像评估流程。', takeEn: 'The time window is giving way to a tissue window; stroke centres need fast imaging pathways.',
  },
  {
    paper: '10.1056/NEJMoa2212948', dep: 'neurology', by: ABROAD('Tan Wei Ming', '陈伟明', 'Singapore General Hospital', '新加坡中央医院', 'Singapore', '新加坡'),
    zh: '抗 Aβ 抗体与早期阿尔茨海默病：获益与风险', en: "Anti-amyloid antibodies in early Alzheimer's disease: benefit and risk",
    qZh: '抗 Aβ 原纤维抗体能否减缓早期阿尔茨海默病的认知下降？', qEn: "Can an antibody against amyloid protofibrils slow cognitive decline in early Alzheimer's disease?",
    designZh: '随机、双盲、安慰剂对照 III 期，结合认知量表与淀粉样蛋白 PET。', designEn: 'A randomised, double-blind, placebo-controlled phase 3 trial combining cognitive scales with amyloid PET.',
    takeZh: '需要规范的患者筛选和 MRI 监测淀粉样蛋白相关影像学异常。', takeEn: 'It calls for careful patient selection and MRI monitoring for amyloid-related imaging abnormalities.',
  },
  {
    paper: '10.1016/S0140-6736(20)30183-5', dep: 'infectious', by: CN('李华', 'Li Hua', '华中科技大学同济医学院附属同济医院', 'Tongji Hospital, Tongji Medical College, HUST'),
    zh: '新发传染病的第一份临床画像', en: 'The first clinical portrait of an emerging infection',
    qZh: '一种新出现的病原体感染后，住院患者有哪些临床表现和影像特征？', qEn: 'What did hospitalised patients with a newly emerged infection look like clinically and on imaging?',
    designZh: '前瞻性收集早期确诊住院患者的临床、实验室和影像资料的描述性研究。', designEn: 'A descriptive study prospectively collecting clinical, laboratory and imaging data of the first confirmed inpatients.',
    takeZh: '早期、规范的临床数据共享对疫情应对至关重要。', takeEn: 'Early, well-structured sharing of clinical data is central to an outbreak response.',
  },
  {
    paper: '10.1001/jama.2020.1585', dep: 'respiratory', by: CN('周峰', 'Zhou Feng', '浙江大学医学院附属第一医院', 'The First Affiliated Hospital, Zhejiang University School of Medicine'),
    zh: '病毒性肺炎住院患者：谁需要重症监护', en: 'Viral pneumonia inpatients: who needs intensive care',
    qZh: '需要重症监护的患者与普通病房患者在临床特征上有何不同？', qEn: 'How did patients who needed intensive care differ from those on general wards?',
    designZh: '单中心连续病例系列，比较重症与非重症患者并分析院内传播。', designEn: 'A single-centre consecutive case series comparing severe and non-severe patients and analysing hospital transmission.',
    takeZh: '年龄、合并症与淋巴细胞减少提示需要更密切的监测。', takeEn: 'Age, comorbidities and lymphopenia flag patients for closer monitoring.',
  },
  {
    paper: '10.1016/S0140-6736(20)30566-3', dep: 'respiratory', by: CN('孙丽', 'Sun Li', '四川大学华西医院', 'West China Hospital, Sichuan University'),
    zh: '院内死亡危险因素与病毒排出时间', en: 'Risk factors for in-hospital death and how long the virus is shed',
    qZh: '哪些入院时可获得的指标与院内死亡相关？病毒排出持续多久？', qEn: 'Which findings available on admission were associated with in-hospital death, and how long was the virus shed?',
    designZh: '双中心回顾性队列，多因素分析入院指标与结局的关系。', designEn: 'A two-centre retrospective cohort with multivariable analysis of admission findings and outcomes.',
    takeZh: '早期风险分层帮助合理分配重症资源，隔离策略需考虑排毒时长。', takeEn: 'Early risk stratification helps allocate critical care; isolation policies must allow for the duration of shedding.',
  },
  {
    paper: '10.1056/NEJMoa2034577', dep: 'infectious', by: ABROAD('Anna Keller', '安娜·凯勒', 'The Johns Hopkins Hospital', '约翰斯·霍普金斯医院', 'United States', '美国'),
    zh: 'mRNA 疫苗的 III 期证据', en: 'Phase 3 evidence for an mRNA vaccine',
    qZh: '两剂 mRNA 疫苗预防有症状感染的效果与安全性如何？', qEn: 'How effective and safe is a two-dose mRNA vaccine against symptomatic infection?',
    designZh: '多国随机、安慰剂对照、观察者盲法的 III 期试验。', designEn: 'A multinational randomised, placebo-controlled, observer-blinded phase 3 trial.',
    takeZh: '新平台疫苗的研发速度与大规模安全性监测同样重要。', takeEn: 'The speed of a new vaccine platform matters as much as large-scale safety monitoring.',
  },
  {
    paper: '10.1056/NEJMoa2203690', dep: 'oncology', by: CN('吴婷', 'Wu Ting', '复旦大学附属中山医院', 'Zhongshan Hospital, Fudan University'),
    zh: 'HER2 低表达：乳腺癌的新治疗分层', en: 'HER2-low: a new treatment group in breast cancer',
    qZh: 'HER2 低表达晚期乳腺癌患者能否从抗体偶联药物中获益？', qEn: 'Do patients with HER2-low advanced breast cancer benefit from an antibody–drug conjugate?',
    designZh: '随机、开放标签 III 期，对照为医生选择的化疗。', designEn: "A randomised open-label phase 3 trial against physician's choice of chemotherapy.",
    takeZh: '病理科对 HER2 1+ 和 2+/ISH 阴性的准确判读直接影响治疗选择。', takeEn: 'Accurate pathology reading of HER2 1+ and 2+/ISH-negative now decides treatment.',
  },
  {
    paper: '10.1056/NEJMoa1504720', dep: 'endocrinology', by: ABROAD('Thomas Hale', '托马斯·黑尔', 'Mayo Clinic', '梅奥诊所', 'United States', '美国'),
    zh: '降糖药的心血管安全性研究如何改变了指南', en: 'How a cardiovascular safety trial of a diabetes drug changed the guidelines',
    qZh: '高心血管风险的 2 型糖尿病患者使用 SGLT2 抑制剂，心血管事件和死亡是否减少？', qEn: 'In type 2 diabetes at high cardiovascular risk, does an SGLT2 inhibitor reduce cardiovascular events and death?',
    designZh: '随机、双盲、安慰剂对照的心血管结局试验。', designEn: 'A randomised, double-blind, placebo-controlled cardiovascular outcomes trial.',
    takeZh: '糖尿病治疗的目标从控制血糖扩展到保护心肾。', takeEn: 'Diabetes care widened from glucose control to protecting heart and kidneys.',
  },
];

/** Link-ups: indexes into TALKS of the Chinese and the overseas author. */
const LINKUPS: ReadonlyArray<{ cn: number; overseas: number; dep: Dep; zh: string; en: string; sumZh: string; sumEn: string; topicZh: string; topicEn: string }> = [
  {
    cn: 0, overseas: 1, dep: 'oncology', zh: '中外对话：晚期非小细胞肺癌一线治疗的两条路径', en: 'China–overseas dialogue: two roads in first-line advanced NSCLC',
    sumZh: '靶向治疗与免疫联合化疗的研究者同场交流，讨论驱动基因检测、治疗选择与耐药后的序贯。', sumEn: 'Investigators of targeted therapy and of chemo-immunotherapy discuss driver testing, first-line choices and what follows at resistance.',
    topicZh: '驱动基因检测结果出来之前，是否可以先开始治疗', topicEn: 'whether treatment may start before driver-gene results are back',
  },
  {
    cn: 3, overseas: 2, dep: 'hematology', zh: '中外对话：CAR-T 细胞治疗的实践经验', en: 'China–overseas dialogue: CAR-T in practice',
    sumZh: '两位研究者对比儿童白血病与成人淋巴瘤的 CAR-T 经验，聚焦毒性管理和长期随访。', sumEn: 'Two investigators compare CAR-T in childhood leukaemia and adult lymphoma, focusing on toxicity and long-term follow-up.',
    topicZh: '细胞因子释放综合征的分级与托珠单抗的使用时机', topicEn: 'grading cytokine release syndrome and when to give tocilizumab',
  },
  {
    cn: 4, overseas: 5, dep: 'cardiology', zh: '中外对话：心血管代谢药物的新证据', en: 'China–overseas dialogue: new evidence in cardiometabolic drugs',
    sumZh: '心衰与肥胖两项结局研究的研究者讨论药物从降糖走向心血管保护的历程。', sumEn: 'Investigators of a heart failure trial and an obesity outcomes trial discuss how these drugs moved from glucose lowering to cardiovascular protection.',
    topicZh: '在门诊如何为合并肥胖的心衰患者选择药物', topicEn: 'choosing drugs in clinic for a patient with heart failure and obesity',
  },
];

/** Dated back from `base` (the seed's fixed instant); the demo clips take turns. */
export function buildAuthorVoiceSeed(base: Date, assetCount: number): AuthorVoiceSeedRows {
  const firstPaperId = PAPERS.length + 1;
  const authorVoicePapers: AuthorVoiceSeedRows['authorVoicePapers'] = EXTRA_PAPERS.map((p, i) => ({
    id: firstPaperId + i,
    uuid: p.uuid,
    titleZh: p.zh,
    titleEn: p.en,
    abstractZh: p.absZh,
    abstractEn: p.absEn,
    fullJournal: p.journal,
    doi: p.doi,
    status: 'published' as const,
    publishedAt: new Date(`${p.date}T00:00:00Z`),
  }));
  const paperByDoi = new Map<string, { id: number; zh: string; en: string; journal: string }>([
    ...PAPERS.map((p, i) => [p.doi, { id: i + 1, zh: p.zh, en: p.title, journal: p.journal }] as const),
    ...EXTRA_PAPERS.map((p, i) => [p.doi, { id: firstPaperId + i, zh: p.zh, en: p.en, journal: p.journal }] as const),
  ]);
  const depId = (slug: Dep) => DEPARTMENTS.findIndex((d) => d.slug === slug) + 1;
  const asset = (n: number) => (n % assetCount) + 1;

  const authorTalks: AuthorVoiceSeedRows['authorTalks'] = TALKS.map((t, i) => {
    const paper = paperByDoi.get(t.paper);
    if (!paper) throw new Error(`author talk paper not in the catalogue: ${t.paper}`);
    return {
      id: i + 1,
      paperId: paper.id,
      departmentId: depId(t.dep),
      titleZh: t.zh,
      titleEn: t.en,
      summaryZh: t.qZh,
      summaryEn: t.qEn,
      cover: coverUrl('course', `voice${i + 1}`, journalLabel(paper.journal)),
      durationS: 60,
      authorNameZh: t.by.zh,
      authorNameEn: t.by.en,
      authorRoleZh: t.by.roleZh,
      authorRoleEn: t.by.roleEn,
      countryZh: t.by.countryZh,
      countryEn: t.by.countryEn,
      region: t.by.region,
      avatar: coverUrl('speaker', `voice${i + 1}`, t.by.region === 'cn' ? t.by.zh.slice(0, 1) : t.by.en.slice(0, 1)),
      transcriptZh: [
        `大家好，我是${t.by.zh}。今天和大家介绍发表在 ${paper.journal} 上的研究《${paper.zh}》。`,
        `研究问题：${t.qZh}`,
        `研究设计：${t.designZh}`,
        `对临床实践的意义：${t.takeZh}`,
        '具体数据请以原文为准，可通过页面上的 DOI 链接阅读全文。',
      ],
      transcriptEn: [
        `Hello, I am ${t.by.en}. Today I present "${paper.en}", published in ${paper.journal}.`,
        `The question: ${t.qEn}`,
        `The design: ${t.designEn}`,
        `What it means for practice: ${t.takeEn}`,
        'For the figures, please read the paper itself through the DOI link on this page.',
      ],
      status: 'published' as const,
      publishedAt: new Date(base.getTime() - (i + 1) * 5 * DAY),
    };
  });

  const authorLinkups: AuthorVoiceSeedRows['authorLinkups'] = LINKUPS.map((l, i) => {
    const cn = TALKS[l.cn] as (typeof TALKS)[number];
    const ov = TALKS[l.overseas] as (typeof TALKS)[number];
    return {
      id: i + 1,
      cnTalkId: l.cn + 1,
      overseasTalkId: l.overseas + 1,
      departmentId: depId(l.dep),
      titleZh: l.zh,
      titleEn: l.en,
      summaryZh: l.sumZh,
      summaryEn: l.sumEn,
      cover: coverUrl('live', `linkup${i + 1}`, 'Link-up'),
      durationS: 60,
      heldAt: new Date(base.getTime() - (i * 21 + 3) * DAY),
      transcript: [
        { speaker: 'moderator' as const, zh: `欢迎来到作者之声国际连线。今天的两位嘉宾是${cn.by.zh}和${ov.by.zh}。`, en: `Welcome to the author voice international link-up. Our guests today are ${cn.by.en} and ${ov.by.en}.` },
        { speaker: 'cn' as const, zh: `谢谢。我们的研究关注的是：${cn.qZh}`, en: `Thank you. Our study asked: ${cn.qEn}` },
        { speaker: 'overseas' as const, zh: `我们的问题不同但相关：${ov.qZh}`, en: `Ours was a different but related question: ${ov.qEn}` },
        { speaker: 'moderator' as const, zh: `临床医生最关心的一个问题是${l.topicZh}。两位怎么看？`, en: `One question clinicians keep asking is ${l.topicEn}. What do you think?` },
        { speaker: 'cn' as const, zh: `在我们的实践中，${cn.takeZh}`, en: `In our practice, ${cn.takeEn.charAt(0).toLowerCase()}${cn.takeEn.slice(1)}` },
        { speaker: 'overseas' as const, zh: `我同意，另外${ov.takeZh}`, en: `I agree, and in addition: ${ov.takeEn.charAt(0).toLowerCase()}${ov.takeEn.slice(1)}` },
        { speaker: 'moderator' as const, zh: '感谢两位。两篇论文的 DOI 链接都在本页。', en: 'Thank you both. The DOI links of both papers are on this page.' },
      ],
      status: 'published' as const,
    };
  });

  const authorVoiceBindings: AuthorVoiceSeedRows['authorVoiceBindings'] = [
    ...authorTalks.map((t, i) => ({ targetType: 'author_talk', targetId: t.id as number, assetId: asset(i) })),
    ...authorLinkups.map((l, i) => ({ targetType: 'author_linkup', targetId: l.id as number, assetId: asset(i + 1) })),
  ];
  return { authorVoicePapers, authorTalks, authorLinkups, authorVoiceBindings };
}
