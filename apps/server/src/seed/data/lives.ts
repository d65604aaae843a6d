/** Lives, placed relative to "now" at seed time: one on air, some later today, this week, and past. */
export const LIVES: ReadonlyArray<{
  zh: string;
  en: string;
  subZh: string;
  subEn: string;
  /** Start offset from now in minutes, and duration in minutes. */
  startMin: number;
  durationMin: number;
  replay: boolean;
  organizer: number | null;
  dep: string;
  speaker: number;
  preview: boolean;
}> = [
  { zh: 'CSCO 淋巴瘤诊疗指南更新解读会', en: 'CSCO Lymphoma Guidelines: What Is New', subZh: '指南专家组逐条解读更新要点', subEn: 'Panel members walk through each change', startMin: -40, durationMin: 150, replay: true, organizer: 1, dep: 'hematology', speaker: 2, preview: true },
  { zh: '心力衰竭全程管理病例研讨', en: 'Heart Failure Across the Course of Care: Case Workshop', subZh: '从急性期到长期随访的真实病例', subEn: 'Real cases from the acute phase to long-term follow-up', startMin: 120, durationMin: 90, replay: true, organizer: 3, dep: 'cardiology', speaker: 3, preview: true },
  { zh: '急性卒中绿色通道建设经验谈', en: 'Building a Fast Track for Acute Stroke', subZh: '缩短入院至溶栓时间的实践', subEn: 'Cutting door-to-needle time in practice', startMin: 240, durationMin: 90, replay: false, organizer: 4, dep: 'neurology', speaker: 4, preview: false },
  { zh: '肺癌靶向耐药后的治疗选择', en: 'Lung Cancer After Targeted-Therapy Resistance', subZh: '再活检、联合治疗与临床试验', subEn: 'Re-biopsy, combinations and clinical trials', startMin: 360, durationMin: 120, replay: true, organizer: 1, dep: 'oncology', speaker: 10, preview: true },
  { zh: '多发性骨髓瘤新药时代的治疗排序', en: 'Sequencing Therapy for Myeloma in the New-Drug Era', subZh: '四药联合与 CAR-T 的定位', subEn: 'Where quadruplets and CAR-T fit', startMin: 26 * 60, durationMin: 120, replay: true, organizer: 2, dep: 'hematology', speaker: 11, preview: false },
  { zh: '糖尿病合并心血管病的综合管理', en: 'Diabetes with Cardiovascular Disease: Integrated Care', subZh: '内分泌与心内科联合门诊实践', subEn: 'A joint endocrinology–cardiology clinic', startMin: 2 * 1440 + 180, durationMin: 90, replay: true, organizer: null, dep: 'endocrinology', speaker: 8, preview: false },
  { zh: '重症肺炎抗感染治疗策略', en: 'Antimicrobial Strategy in Severe Pneumonia', subZh: '病原学检测与降阶梯治疗', subEn: 'Pathogen testing and de-escalation', startMin: 3 * 1440 + 60, durationMin: 90, replay: true, organizer: 6, dep: 'respiratory', speaker: 7, preview: false },
  { zh: '消化道早癌内镜诊断读片会', en: 'Early GI Cancer: Endoscopy Image Reading Session', subZh: '放大内镜与染色技术', subEn: 'Magnifying endoscopy and chromoendoscopy', startMin: 5 * 1440 + 120, durationMin: 120, replay: true, organizer: null, dep: 'gastroenterology', speaker: 12, preview: false },
  { zh: '中国抗癌协会青年医师论坛', en: 'China Anti-Cancer Association Young Physicians Forum', subZh: '临床科研设计与论文写作', subEn: 'Designing clinical research and writing it up', startMin: 9 * 1440, durationMin: 180, replay: true, organizer: 5, dep: 'oncology', speaker: 15, preview: false },
  { zh: '耐药菌感染防控多学科论坛', en: 'Multidisciplinary Forum on Drug-Resistant Infections', subZh: '抗菌药物管理与感染控制', subEn: 'Antimicrobial stewardship and infection control', startMin: 14 * 1440 + 90, durationMin: 150, replay: false, organizer: null, dep: 'infectious', speaker: 13, preview: false },
  { zh: 'CAR-T 治疗全流程管理研讨会', en: 'CAR-T Therapy from Referral to Follow-up', subZh: '细胞因子释放综合征的分级处理', subEn: 'Grading and managing cytokine release syndrome', startMin: -1 * 1440 - 120, durationMin: 120, replay: true, organizer: 2, dep: 'hematology', speaker: 6, preview: false },
  { zh: '房颤导管消融热点问题辩论', en: 'Atrial Fibrillation Ablation: A Debate', subZh: '早期节律控制是否优于心率控制', subEn: 'Is early rhythm control better than rate control?', startMin: -3 * 1440, durationMin: 90, replay: true, organizer: 3, dep: 'cardiology', speaker: 16, preview: false },
  { zh: '阿尔茨海默病诊疗进展报告会', en: "Alzheimer's Disease: Progress Report", subZh: '生物标志物与抗 Aβ 治疗', subEn: 'Biomarkers and anti-amyloid treatment', startMin: -6 * 1440 + 60, durationMin: 120, replay: false, organizer: 4, dep: 'neurology', speaker: 14, preview: false },
  { zh: '乳腺癌 ADC 药物临床应用沙龙', en: 'Breast Cancer ADCs in Clinical Use: A Salon', subZh: 'HER2 低表达患者的治疗选择', subEn: 'Treatment choices in HER2-low disease', startMin: -10 * 1440, durationMin: 120, replay: true, organizer: 1, dep: 'oncology', speaker: 21, preview: false },
];

/** Older meetings for the history pages (more than a page of them, across two years). */
export const PAST_LIVES: typeof LIVES = [
  { zh: '淋巴瘤 CAR-T 真实世界数据分享', en: 'CAR-T in Lymphoma: Real-World Data', subZh: '多中心经验与不良反应管理', subEn: 'Multicentre experience and managing toxicity', startMin: -16 * 1440 + 120, durationMin: 120, replay: true, organizer: 2, dep: 'hematology', speaker: 2, preview: true },
  { zh: '高血压急症的识别与处理', en: 'Recognising and Treating Hypertensive Emergencies', subZh: '急诊科与心内科的协作', subEn: 'Emergency and cardiology working together', startMin: -23 * 1440 + 60, durationMin: 90, replay: true, organizer: 3, dep: 'cardiology', speaker: 3, preview: false },
  { zh: '帕金森病的全程管理', en: "Parkinson's Disease Across Its Course", subZh: '药物调整与脑深部电刺激', subEn: 'Adjusting medication and deep brain stimulation', startMin: -35 * 1440, durationMin: 120, replay: true, organizer: 4, dep: 'neurology', speaker: 4, preview: true },
  { zh: '免疫治疗相关不良反应 MDT', en: 'Immune-Related Adverse Events: An MDT Session', subZh: '肺炎、结肠炎与内分泌毒性', subEn: 'Pneumonitis, colitis and endocrine toxicity', startMin: -48 * 1440 + 90, durationMin: 150, replay: true, organizer: 1, dep: 'oncology', speaker: 10, preview: false },
  { zh: '甲状腺结节的规范化诊疗', en: 'Thyroid Nodules: Standard Work-up and Care', subZh: '超声分级与细针穿刺', subEn: 'Ultrasound grading and fine-needle aspiration', startMin: -62 * 1440, durationMin: 90, replay: false, organizer: null, dep: 'endocrinology', speaker: 8, preview: false },
  { zh: '慢阻肺急性加重的救治', en: 'Acute Exacerbations of COPD', subZh: '无创通气与抗感染治疗', subEn: 'Non-invasive ventilation and antibiotics', startMin: -80 * 1440 + 60, durationMin: 120, replay: true, organizer: 6, dep: 'respiratory', speaker: 7, preview: false },
  { zh: '炎症性肠病生物制剂选择', en: 'Choosing Biologics in Inflammatory Bowel Disease', subZh: '一线与转换治疗', subEn: 'First line and switching', startMin: -110 * 1440, durationMin: 90, replay: true, organizer: null, dep: 'gastroenterology', speaker: 12, preview: false },
  { zh: '侵袭性真菌感染诊治进展', en: 'Invasive Fungal Infections: Diagnosis and Treatment', subZh: '血液病患者的预防与经验治疗', subEn: 'Prophylaxis and empirical therapy in haematology patients', startMin: -150 * 1440 + 120, durationMin: 120, replay: true, organizer: 5, dep: 'infectious', speaker: 13, preview: false },
  { zh: '急性白血病 MRD 监测研讨', en: 'Measurable Residual Disease in Acute Leukaemia', subZh: '流式与二代测序的比较', subEn: 'Flow cytometry versus next-generation sequencing', startMin: -200 * 1440, durationMin: 120, replay: true, organizer: 2, dep: 'hematology', speaker: 11, preview: false },
  { zh: '冠脉介入并发症病例讨论', en: 'Complications of Coronary Intervention: Case Review', subZh: '穿孔、无复流与支架血栓', subEn: 'Perforation, no-reflow and stent thrombosis', startMin: -300 * 1440 + 60, durationMin: 150, replay: true, organizer: 3, dep: 'cardiology', speaker: 16, preview: true },
  { zh: '年度肿瘤学进展回顾', en: 'The Year in Oncology: A Review', subZh: '改变实践的十项研究', subEn: 'Ten studies that changed practice', startMin: -400 * 1440, durationMin: 180, replay: true, organizer: 1, dep: 'oncology', speaker: 15, preview: false },
];
