import type { DepartmentSlug } from './catalog.ts';

/** Course catalogue: department, bilingual title, series or single, an optional cover label. */
/**
 * `partOf` names (by its label) the series a single course belongs to: membership follows the
 * topic, not merely the department (a breast-cancer course is no part of a lung-cancer series).
 */
export const COURSES: ReadonlyArray<{ dep: DepartmentSlug; zh: string; en: string; series?: true; label?: string; partOf?: string }> = [
  { dep: 'oncology', zh: '非小细胞肺癌 EGFR 突变靶向治疗全程管理', en: 'Whole-course management of EGFR-mutant NSCLC with targeted therapy', series: true, label: 'EGFR' },
  { dep: 'oncology', zh: '免疫检查点抑制剂相关不良反应的识别与处理', en: 'Recognising and managing immune-related adverse events', label: 'irAE', partOf: 'EGFR' },
  { dep: 'oncology', zh: '乳腺癌 HER2 低表达：从病理判读到 ADC 治疗', en: 'HER2-low breast cancer: from pathology to ADC therapy', label: 'HER2' },
  { dep: 'oncology', zh: '结直肠癌肝转移的多学科诊疗', en: 'Multidisciplinary management of colorectal liver metastases', label: 'MDT', partOf: 'HCC' },
  { dep: 'oncology', zh: '胃癌围手术期治疗新进展', en: 'Advances in perioperative therapy for gastric cancer' },
  { dep: 'oncology', zh: '肿瘤患者营养支持规范', en: 'Nutrition support for patients with cancer' },
  { dep: 'oncology', zh: '肝细胞癌系统治疗策略', en: 'Systemic therapy strategies for hepatocellular carcinoma', series: true, label: 'HCC' },
  { dep: 'oncology', zh: '癌痛规范化治疗', en: 'Standardised management of cancer pain' },
  { dep: 'hematology', zh: '弥漫大 B 细胞淋巴瘤一线治疗与复发管理', en: 'DLBCL: first-line treatment and relapse management', series: true, label: 'DLBCL' },
  { dep: 'hematology', zh: '多发性骨髓瘤诊疗指南解读', en: 'Guideline review: multiple myeloma', label: 'MM', partOf: 'DLBCL' },
  { dep: 'hematology', zh: 'CAR-T 细胞治疗的临床实践', en: 'CAR-T cell therapy in clinical practice', series: true, label: 'CAR-T' },
  { dep: 'hematology', zh: '急性髓系白血病的分子分型与靶向治疗', en: 'Molecular classification and targeted therapy of AML', label: 'AML', partOf: 'CAR-T' },
  { dep: 'hematology', zh: '慢性淋巴细胞白血病 BTK 抑制剂应用', en: 'BTK inhibitors in chronic lymphocytic leukaemia', label: 'CLL' },
  { dep: 'hematology', zh: '骨髓增生异常综合征诊断要点', en: 'Key points in diagnosing myelodysplastic syndromes', label: 'MDS' },
  { dep: 'hematology', zh: '造血干细胞移植并发症管理', en: 'Managing complications of haematopoietic stem cell transplantation', partOf: 'CAR-T' },
  { dep: 'hematology', zh: '血栓与止血实验室检查解读', en: 'Interpreting thrombosis and haemostasis laboratory tests' },
  { dep: 'cardiology', zh: '心力衰竭药物治疗：新四联方案', en: 'Heart failure pharmacotherapy: the four pillars', series: true, label: 'HFrEF' },
  { dep: 'cardiology', zh: '房颤抗凝治疗的个体化决策', en: 'Individualised anticoagulation in atrial fibrillation', label: 'AF', partOf: 'ECG' },
  { dep: 'cardiology', zh: '急性冠脉综合征的早期识别与处理', en: 'Early recognition and management of acute coronary syndrome', label: 'ACS', partOf: 'ECG' },
  { dep: 'cardiology', zh: '高血压合并糖尿病的降压策略', en: 'Blood-pressure strategy in hypertension with diabetes', partOf: 'HFrEF' },
  { dep: 'cardiology', zh: '心电图快速判读 30 讲', en: '30 lessons in rapid ECG interpretation', series: true, label: 'ECG' },
  { dep: 'cardiology', zh: '经导管主动脉瓣置换术围术期管理', en: 'Perioperative management of TAVR', label: 'TAVR' },
  { dep: 'cardiology', zh: '血脂管理与动脉粥样硬化性心血管病预防', en: 'Lipid management and prevention of atherosclerotic cardiovascular disease', label: 'LDL-C', partOf: 'HFrEF' },
  { dep: 'neurology', zh: '急性缺血性卒中静脉溶栓与取栓', en: 'Thrombolysis and thrombectomy in acute ischaemic stroke', label: 'Stroke', partOf: 'MRI' },
  { dep: 'neurology', zh: '阿尔茨海默病早期诊断与抗 Aβ 治疗', en: "Early diagnosis of Alzheimer's disease and anti-amyloid therapy", label: 'AD', partOf: 'MRI' },
  { dep: 'neurology', zh: '帕金森病的运动并发症管理', en: "Managing motor complications of Parkinson's disease", label: 'PD' },
  { dep: 'neurology', zh: '癫痫持续状态的急诊处理', en: 'Emergency management of status epilepticus' },
  { dep: 'neurology', zh: '偏头痛预防治疗新选择', en: 'New options for migraine prevention' },
  { dep: 'neurology', zh: '神经系统疾病影像诊断基础', en: 'Fundamentals of neuroimaging', series: true, label: 'MRI' },
  { dep: 'respiratory', zh: '慢阻肺急性加重的规范化治疗', en: 'Standardised treatment of acute exacerbations of COPD', label: 'COPD', partOf: 'ICU' },
  { dep: 'respiratory', zh: '社区获得性肺炎抗感染治疗', en: 'Antimicrobial therapy for community-acquired pneumonia', label: 'CAP', partOf: 'ICU' },
  { dep: 'respiratory', zh: '肺结节的评估与随访', en: 'Evaluation and follow-up of pulmonary nodules' },
  { dep: 'respiratory', zh: '重症患者机械通气实战', en: 'Mechanical ventilation in critical care', series: true, label: 'ICU' },
  { dep: 'respiratory', zh: '支气管哮喘生物制剂治疗', en: 'Biologic therapy for severe asthma' },
  { dep: 'endocrinology', zh: '2 型糖尿病降糖药物的心肾获益', en: 'Cardiorenal benefits of glucose-lowering drugs in type 2 diabetes', label: 'T2DM' },
  { dep: 'endocrinology', zh: '甲状腺结节的超声评估与处理', en: 'Ultrasound assessment and management of thyroid nodules' },
  { dep: 'endocrinology', zh: '肥胖症的药物治疗进展', en: 'Advances in pharmacotherapy for obesity', label: 'GLP-1' },
  { dep: 'endocrinology', zh: '骨质疏松症的筛查与治疗', en: 'Screening and treatment of osteoporosis' },
  { dep: 'gastroenterology', zh: '炎症性肠病的生物制剂治疗', en: 'Biologic therapy in inflammatory bowel disease', label: 'IBD' },
  { dep: 'gastroenterology', zh: '消化道早癌内镜诊断', en: 'Endoscopic diagnosis of early gastrointestinal cancer', series: true, label: 'ESD' },
  { dep: 'gastroenterology', zh: '幽门螺杆菌根除治疗共识解读', en: 'Consensus review: Helicobacter pylori eradication', label: 'Hp' },
  { dep: 'infectious', zh: '耐药革兰阴性菌感染的治疗', en: 'Treating drug-resistant Gram-negative infections', label: 'CRE' },
  { dep: 'infectious', zh: '侵袭性真菌病的诊断与治疗', en: 'Diagnosis and treatment of invasive fungal disease' },
  { dep: 'infectious', zh: '新发传染病的防控与疫苗接种', en: 'Emerging infectious diseases: control and vaccination' },
];

/** Chapter themes, in teaching order. */
export const CHAPTER_PHASES: ReadonlyArray<readonly [string, string]> = [
  ['概述与学习目标', 'Overview and learning goals'],
  ['流行病学与发病机制', 'Epidemiology and pathogenesis'],
  ['诊断与鉴别诊断', 'Diagnosis and differential diagnosis'],
  ['分型与危险分层', 'Classification and risk stratification'],
  ['一线治疗策略', 'First-line treatment'],
  ['复发与后线治疗', 'Relapse and later-line treatment'],
  ['不良反应管理', 'Managing adverse events'],
  ['典型病例讨论', 'Case discussion'],
  ['随访与长期管理', 'Follow-up and long-term care'],
  ['前沿研究进展', 'Research frontiers'],
  ['专家问答', 'Questions and answers'],
  ['总结与自测', 'Summary and self-assessment'],
];
