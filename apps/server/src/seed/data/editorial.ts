export const COLUMNS = [
  { zh: '肿瘤前沿访谈', en: 'Oncology Frontiers Interviews', descZh: '与一线专家对话最新研究与临床实践', descEn: 'Conversations with leading clinicians on new research and practice', issues: 48 },
  { zh: '血液病例讨论', en: 'Hematology Case Rounds', descZh: '每期一个疑难病例，完整呈现诊疗思路', descEn: 'One difficult case per issue, with the full reasoning', issues: 36 },
  { zh: '心电图每周一读', en: 'ECG of the Week', descZh: '从典型到疑难，十分钟读懂一份心电图', descEn: 'From classic to tricky: one ECG in ten minutes', issues: 112 },
  { zh: '神经影像解读', en: 'Neuroimaging Insights', descZh: '系统学习头颅 CT 与 MRI 的判读要点', descEn: 'Learn to read head CT and MRI systematically', issues: 27 },
  { zh: '临床科研方法', en: 'Clinical Research Methods', descZh: '研究设计、统计分析与论文写作', descEn: 'Study design, statistics and writing for publication', issues: 40 },
  { zh: '医学人文', en: 'Medical Humanities', descZh: '医患沟通、职业发展与医学的温度', descEn: 'Communication, careers and the human side of medicine', issues: 22 },
  { zh: '指南速递', en: 'Guideline Express', descZh: '国内外重要指南发布后第一时间解读', descEn: 'Quick reviews of major guidelines as they are published', issues: 64 },
] as const;

/**
 * Landmark trials with their DOIs. Titles are the published ones; abstracts are our own short
 * neutral summaries, not the journals' text.
 */
export const PAPERS = [
  { title: 'Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine', zh: 'BNT162b2 mRNA 新冠疫苗的安全性和有效性', journal: 'The New England Journal of Medicine', doi: '10.1056/NEJMoa2034577', absZh: '一项随机、安慰剂对照的 III 期试验，评估两剂 mRNA 疫苗预防有症状新冠感染的效果与安全性。', absEn: 'A randomised, placebo-controlled phase 3 trial of a two-dose mRNA vaccine against symptomatic COVID-19, reporting efficacy and safety.' },
  { title: 'Dapagliflozin in Patients with Heart Failure and Reduced Ejection Fraction', zh: '达格列净用于射血分数降低的心力衰竭患者', journal: 'The New England Journal of Medicine', doi: '10.1056/NEJMoa1911303', absZh: '随机对照试验，评估 SGLT2 抑制剂在伴或不伴糖尿病的射血分数降低心衰患者中对心衰恶化和心血管死亡的影响。', absEn: 'A randomised trial of an SGLT2 inhibitor in heart failure with reduced ejection fraction, with or without diabetes, on worsening heart failure and cardiovascular death.' },
  { title: 'Pembrolizumab plus Chemotherapy in Metastatic Non-Small-Cell Lung Cancer', zh: '帕博利珠单抗联合化疗治疗转移性非小细胞肺癌', journal: 'The New England Journal of Medicine', doi: '10.1056/NEJMoa1801005', absZh: '随机对照试验，评估 PD-1 抑制剂联合含铂化疗一线治疗无 EGFR/ALK 突变的非鳞非小细胞肺癌。', absEn: 'A randomised trial of a PD-1 inhibitor added to platinum-based chemotherapy as first-line treatment of non-squamous NSCLC without EGFR or ALK alterations.' },
  { title: 'Osimertinib in Untreated EGFR-Mutated Advanced Non-Small-Cell Lung Cancer', zh: '奥希替尼治疗初治 EGFR 突变晚期非小细胞肺癌', journal: 'The New England Journal of Medicine', doi: '10.1056/NEJMoa1713137', absZh: '随机对照试验，比较三代 EGFR-TKI 与一代 EGFR-TKI 一线治疗 EGFR 突变晚期非小细胞肺癌的无进展生存期。', absEn: 'A randomised trial comparing a third-generation with first-generation EGFR tyrosine kinase inhibitors as first-line therapy, on progression-free survival.' },
  { title: 'Axicabtagene Ciloleucel CAR T-Cell Therapy in Refractory Large B-Cell Lymphoma', zh: 'Axicabtagene Ciloleucel CAR-T 治疗难治性大 B 细胞淋巴瘤', journal: 'The New England Journal of Medicine', doi: '10.1056/NEJMoa1707447', absZh: '多中心 II 期研究，评估抗 CD19 CAR-T 细胞治疗难治性大 B 细胞淋巴瘤的缓解率与不良事件。', absEn: 'A multicentre phase 2 study of anti-CD19 CAR T cells in refractory large B-cell lymphoma, reporting response rates and adverse events.' },
  { title: 'Tisagenlecleucel in Children and Young Adults with B-Cell Lymphoblastic Leukemia', zh: 'Tisagenlecleucel 治疗儿童及青年 B 细胞急性淋巴细胞白血病', journal: 'The New England Journal of Medicine', doi: '10.1056/NEJMoa1709866', absZh: '全球多中心研究，评估 CAR-T 细胞治疗复发或难治性 B 细胞急性淋巴细胞白血病的缓解与持续时间。', absEn: 'A global multicentre study of CAR T-cell therapy in relapsed or refractory B-cell ALL in children and young adults, on remission and its durability.' },
  { title: 'Empagliflozin, Cardiovascular Outcomes, and Mortality in Type 2 Diabetes', zh: '恩格列净与 2 型糖尿病的心血管结局和死亡率', journal: 'The New England Journal of Medicine', doi: '10.1056/NEJMoa1504720', absZh: '随机对照试验，评估 SGLT2 抑制剂对高心血管风险 2 型糖尿病患者主要心血管事件和死亡的影响。', absEn: 'A randomised trial of an SGLT2 inhibitor in type 2 diabetes at high cardiovascular risk, on major cardiovascular events and death.' },
  { title: 'Thrombectomy 6 to 24 Hours after Stroke with a Mismatch between Deficit and Infarct', zh: '症状与梗死不匹配的卒中患者发病 6 至 24 小时取栓', journal: 'The New England Journal of Medicine', doi: '10.1056/NEJMoa1706442', absZh: '随机对照试验，评估临床与影像不匹配的前循环大血管闭塞患者在晚时间窗接受取栓的功能结局。', absEn: 'A randomised trial of thrombectomy in a late time window for anterior-circulation large-vessel occlusion with a clinical–imaging mismatch, on functional outcome.' },
  { title: 'Ibrutinib as Initial Therapy for Patients with Chronic Lymphocytic Leukemia', zh: '伊布替尼一线治疗慢性淋巴细胞白血病', journal: 'The New England Journal of Medicine', doi: '10.1056/NEJMoa1509388', absZh: '随机对照试验，比较 BTK 抑制剂与苯丁酸氮芥一线治疗老年慢性淋巴细胞白血病的疗效。', absEn: 'A randomised trial comparing a BTK inhibitor with chlorambucil as initial therapy for older patients with CLL.' },
  { title: 'Combined Nivolumab and Ipilimumab or Monotherapy in Untreated Melanoma', zh: '纳武利尤单抗联合伊匹木单抗或单药治疗初治黑色素瘤', journal: 'The New England Journal of Medicine', doi: '10.1056/NEJMoa1504030', absZh: '随机对照试验，比较 PD-1 与 CTLA-4 抑制剂联合及单药治疗晚期黑色素瘤的无进展生存期。', absEn: 'A randomised trial comparing combined PD-1 and CTLA-4 blockade with either agent alone in advanced melanoma, on progression-free survival.' },
  { title: 'Trastuzumab Deruxtecan in Previously Treated HER2-Low Advanced Breast Cancer', zh: '德曲妥珠单抗治疗经治 HER2 低表达晚期乳腺癌', journal: 'The New England Journal of Medicine', doi: '10.1056/NEJMoa2203690', absZh: '随机对照试验，比较抗体偶联药物与医生选择化疗治疗 HER2 低表达晚期乳腺癌的生存结局。', absEn: "A randomised trial comparing an antibody–drug conjugate with physician's choice of chemotherapy in HER2-low advanced breast cancer, on survival." },
  { title: 'Semaglutide and Cardiovascular Outcomes in Obesity without Diabetes', zh: '司美格鲁肽与无糖尿病肥胖人群的心血管结局', journal: 'The New England Journal of Medicine', doi: '10.1056/NEJMoa2307563', absZh: '随机对照试验，评估 GLP-1 受体激动剂在合并心血管病的超重或肥胖非糖尿病人群中对主要心血管事件的影响。', absEn: 'A randomised trial of a GLP-1 receptor agonist in people with overweight or obesity and cardiovascular disease but no diabetes, on major cardiovascular events.' },
  { title: "Lecanemab in Early Alzheimer's Disease", zh: '仑卡奈单抗治疗早期阿尔茨海默病', journal: 'The New England Journal of Medicine', doi: '10.1056/NEJMoa2212948', absZh: '随机对照试验，评估抗 Aβ 原纤维抗体对早期阿尔茨海默病患者认知功能下降和淀粉样蛋白负荷的影响。', absEn: "A randomised trial of an anti-amyloid protofibril antibody in early Alzheimer's disease, on cognitive decline and amyloid burden." },
] as const;

/** album: special album of a themed channel (themes 1 and 3 accept albums); topic: special topic. */
export const SPECIALS = [
  { kind: 'album', theme: 1, zh: '血液肿瘤精选专辑', en: 'Hematologic Oncology Selected', descZh: '淋巴瘤、骨髓瘤与白血病的年度精选内容', descEn: 'The year’s best on lymphoma, myeloma and leukaemia', label: 'HemOnc' },
  { kind: 'album', theme: 3, zh: '实体瘤精选专辑', en: 'Solid Tumour Selected', descZh: '肺癌、乳腺癌与消化道肿瘤的重点进展', descEn: 'Key progress in lung, breast and GI cancers', label: 'Oncology' },
  { kind: 'album', theme: 1, zh: '国际会议亮点合辑', en: 'International Meeting Highlights', descZh: '国际血液学与肿瘤学会议的重磅研究', descEn: 'Headline studies from international hematology and oncology meetings', label: 'Highlights' },
  { kind: 'topic', theme: null, zh: '肺癌靶向治疗专题', en: 'Targeted Therapy for Lung Cancer', descZh: 'EGFR、ALK、KRAS 等驱动基因的治疗全景', descEn: 'The treatment landscape for EGFR, ALK, KRAS and other drivers', label: 'NSCLC' },
  { kind: 'topic', theme: null, zh: 'CAR-T 细胞治疗专题', en: 'CAR-T Cell Therapy', descZh: '适应证、不良反应管理与长期随访', descEn: 'Indications, toxicity management and long-term follow-up', label: 'CAR-T' },
  { kind: 'topic', theme: null, zh: '心力衰竭管理专题', en: 'Heart Failure Management', descZh: '从指南到实践的心衰全程管理', descEn: 'Heart failure care from guideline to practice', label: 'HF' },
  { kind: 'topic', theme: null, zh: '卒中急救专题', en: 'Acute Stroke Care', descZh: '院前识别、溶栓取栓与卒中单元', descEn: 'Pre-hospital recognition, reperfusion and stroke units', label: 'Stroke' },
  { kind: 'topic', theme: null, zh: '糖尿病综合管理专题', en: 'Comprehensive Diabetes Care', descZh: '降糖、心肾保护与并发症筛查', descEn: 'Glucose control, cardiorenal protection and complication screening', label: 'Diabetes' },
] as const;

/**
 * What each special topic (by its index in SPECIALS) groups: items of every module whose Chinese
 * title matches, in catalogue order, at most TOPIC_ITEMS_PER_MODULE of each.
 */
export const TOPIC_MATCH: Readonly<Record<number, RegExp>> = {
  3: /肺癌|EGFR|奥希替尼|帕博利珠/,
  4: /CAR-T|Tisagenlecleucel|Axicabtagene|淋巴瘤|白血病|骨髓瘤/,
  5: /心力衰竭|心衰|达格列净/,
  6: /卒中|取栓|溶栓/,
  7: /糖尿病|降糖|SGLT2|恩格列净|司美格鲁肽|GLP-1/,
};
export const TOPIC_ITEMS_PER_MODULE = 8;

export const HOT_WORDS = [
  ['淋巴瘤', 'Lymphoma'],
  ['多发性骨髓瘤', 'Multiple myeloma'],
  ['CAR-T', 'CAR-T'],
  ['免疫治疗', 'Immunotherapy'],
  ['EGFR', 'EGFR'],
  ['肺癌', 'Lung cancer'],
  ['乳腺癌', 'Breast cancer'],
  ['ADC', 'ADC'],
  ['心力衰竭', 'Heart failure'],
  ['房颤', 'Atrial fibrillation'],
  ['卒中', 'Stroke'],
  ['阿尔茨海默病', "Alzheimer's disease"],
  ['糖尿病', 'Diabetes'],
  ['SGLT2 抑制剂', 'SGLT2 inhibitors'],
  ['白血病', 'Leukaemia'],
  ['指南解读', 'Guideline review'],
  ['心电图', 'ECG'],
  ['慢阻肺', 'COPD'],
] as const;
