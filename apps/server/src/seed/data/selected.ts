/**
 * Demo content of the selected-content channels and the themed special albums: two channels,
 * their tags, 14 videos each, and the look of the three albums the home page links to.
 */

type Bi = readonly [zh: string, en: string];

export interface ChannelSeed {
  slug: 'vjhemonc' | 'vjoncology';
  name: Bi;
  slogan: Bi;
  intro: Bi;
  about: Bi;
  copyright: Bi;
  label: string;
  color: string;
  hasHotspot: boolean;
  /** key → [kind, zh, en, descZh, descEn] */
  tags: Record<string, readonly ['topic' | 'hotspot' | 'field' | 'meeting', string, string, string, string]>;
  speakers: ReadonlyArray<readonly [nameZh: string, nameEn: string, orgZh: string, orgEn: string]>;
  /** [kind, titleZh, titleEn, summaryZh, summaryEn, speaker indexes, tag keys] */
  videos: ReadonlyArray<readonly ['interview' | 'meeting', string, string, string, string, readonly number[], readonly string[]]>;
}

const COPYRIGHT_ZH = (name: string) =>
  `${name}所载视频、文字及图片均由本平台组织拍摄或经专家授权发布，仅供医疗卫生专业人士学习交流之用，不构成任何诊疗建议。未经书面许可，任何单位和个人不得转载、摘编、翻录或以其他方式使用。如需合作或转载，请通过“联系我们”与编辑部联系。`;
const COPYRIGHT_EN = (name: string) =>
  `The videos, texts and images of ${name} are produced by this platform or published with the speakers' permission, for the education of healthcare professionals only, and are not medical advice. No part may be reproduced, excerpted or re-recorded without written permission. For partnership or reprint requests, please contact the editorial office through "Contact us".`;

export const SELECTED_CHANNELS_SEED: readonly ChannelSeed[] = [
  {
    slug: 'vjhemonc',
    name: ['VJHemOnc 血液肿瘤精选', 'VJHemOnc Selected'],
    slogan: ['血液肿瘤领域的专家访谈与会议报道', 'Expert interviews and meeting coverage in hematologic oncology'],
    intro: [
      'VJHemOnc 精选频道汇集淋巴瘤、多发性骨髓瘤、白血病及骨髓增生异常综合征领域的专家访谈，并追踪 ASH、EHA、ICML 等国际会议的重磅研究，帮助临床医生快速把握血液肿瘤诊疗进展。',
      'VJHemOnc Selected brings together expert interviews on lymphoma, multiple myeloma, leukaemia and myelodysplastic syndromes, and follows headline studies from ASH, EHA, ICML and other international meetings, so clinicians can keep up with progress in hematologic oncology.',
    ],
    about: [
      'VJHemOnc（血液肿瘤视频期刊）精选频道由血液科与肿瘤科临床专家组成的编委会遴选内容。每期视频均经编委审阅，配有中文摘要与文字稿，便于在门诊间隙或通勤途中学习。频道每周更新，重大国际会议期间推出“会议亮点”特别栏目。',
      'The VJHemOnc (Video Journal of Hematologic Oncology) selected channel is curated by an editorial board of haematologists and oncologists. Every video is reviewed by the board and comes with a summary and transcript for learning between clinics or on the way to work. The channel is updated weekly, with a "Meeting highlights" section during major international meetings.',
    ],
    copyright: [COPYRIGHT_ZH('VJHemOnc 精选频道'), COPYRIGHT_EN('VJHemOnc Selected')],
    label: 'VJHemOnc',
    color: '#9f1239',
    hasHotspot: true,
    tags: {
      cart: ['topic', 'CAR-T 细胞治疗', 'CAR-T cell therapy', '靶点选择、桥接治疗与不良反应管理', 'Targets, bridging therapy and toxicity management'],
      bsab: ['topic', '双特异性抗体', 'Bispecific antibodies', 'CD20×CD3、BCMA×CD3 等双抗的临床应用', 'Clinical use of CD20×CD3, BCMA×CD3 and other bispecifics'],
      mrd: ['topic', 'MRD 指导治疗', 'MRD-guided therapy', '微小残留病检测与治疗决策', 'Measurable residual disease testing and treatment decisions'],
      sct: ['topic', '造血干细胞移植', 'Stem cell transplantation', '移植适应证、预处理方案与 GVHD 防治', 'Indications, conditioning and GVHD prevention'],
      ash: ['hotspot', 'ASH 2025 会议亮点', 'ASH 2025 highlights', '美国血液学会年会口头报告精选', 'Selected oral presentations from the ASH Annual Meeting'],
      eha: ['hotspot', 'EHA 2026 会议亮点', 'EHA 2026 highlights', '欧洲血液学协会年会重磅研究', 'Headline studies from the EHA Congress'],
      lym: ['field', '淋巴瘤', 'Lymphoma', '弥漫大 B 细胞淋巴瘤、滤泡性淋巴瘤、霍奇金淋巴瘤等', 'DLBCL, follicular lymphoma, Hodgkin lymphoma and more'],
      mm: ['field', '多发性骨髓瘤', 'Multiple myeloma', '新诊断与复发难治骨髓瘤', 'Newly diagnosed and relapsed/refractory myeloma'],
      leu: ['field', '白血病', 'Leukaemia', '急性髓系白血病、急性淋巴细胞白血病、慢性淋巴细胞白血病', 'AML, ALL and CLL'],
      mds: ['field', '骨髓增生异常综合征', 'Myelodysplastic syndromes', '危险分层与去甲基化治疗', 'Risk stratification and hypomethylating therapy'],
      m_ash: ['meeting', 'ASH 年会 2025', 'ASH Annual Meeting 2025', '2025 年 12 月 · 美国奥兰多', 'December 2025 · Orlando, USA'],
      m_eha: ['meeting', 'EHA 2026 年会', 'EHA 2026 Congress', '2026 年 6 月 · 瑞典斯德哥尔摩', 'June 2026 · Stockholm, Sweden'],
      m_cscoh: ['meeting', '中国血液学年会 2026', 'Chinese Hematology Congress 2026', '2026 年 9 月 · 中国天津', 'September 2026 · Tianjin, China'],
    },
    speakers: [
      ['陈立新', 'Chen Lixin', '北京大学人民医院血液科', 'Department of Hematology, Peking University People’s Hospital'],
      ['刘雅琴', 'Liu Yaqin', '中国医学科学院血液病医院', 'Institute of Hematology & Blood Diseases Hospital, CAMS'],
      ['周海峰', 'Zhou Haifeng', '上海交通大学医学院附属瑞金医院', 'Ruijin Hospital, Shanghai Jiao Tong University School of Medicine'],
      ['吴思远', 'Wu Siyuan', '浙江大学医学院附属第一医院', 'The First Affiliated Hospital, Zhejiang University School of Medicine'],
      ['Maria Rossi', 'Maria Rossi', '意大利博洛尼亚大学', 'University of Bologna, Italy'],
    ],
    videos: [
      ['interview', 'CAR-T 治疗复发难治大 B 细胞淋巴瘤：二线时代的患者选择', 'CAR-T for relapsed/refractory large B-cell lymphoma: choosing patients in the second line', 'CAR-T 已进入二线治疗。专家结合真实世界数据，讨论早期复发患者的筛选、桥接治疗与细胞因子释放综合征的分级处理。', 'CAR-T has moved into the second line. Drawing on real-world data, the speaker discusses selecting early-relapse patients, bridging therapy and graded management of cytokine release syndrome.', [0], ['cart', 'lym']],
      ['meeting', 'ASH 2025：双特异性抗体联合方案一线治疗 DLBCL 的 III 期结果', 'ASH 2025: phase III results of a bispecific combination in first-line DLBCL', '在 ASH 2025 口头报告中，CD20×CD3 双抗联合化疗较标准方案改善无进展生存，专家解读亚组结果与安全性。', 'Presented orally at ASH 2025, a CD20×CD3 bispecific with chemotherapy improved progression-free survival over the standard regimen; the speaker reviews subgroups and safety.', [2], ['bsab', 'ash', 'lym', 'm_ash']],
      ['interview', 'MRD 阴性能否指导多发性骨髓瘤停药？', 'Can MRD negativity guide stopping treatment in multiple myeloma?', '持续 MRD 阴性患者的停药试验正在开展。专家介绍二代流式与二代测序的检测差异，以及何时可以考虑减停维持治疗。', 'Trials of stopping therapy after sustained MRD negativity are under way. The speaker compares next-generation flow and sequencing, and when de-escalating maintenance can be considered.', [1], ['mrd', 'mm']],
      ['meeting', 'EHA 2026：BCMA×CD3 双抗在早线骨髓瘤中的应用', 'EHA 2026: BCMA×CD3 bispecifics in earlier-line myeloma', 'EHA 2026 公布了 BCMA×CD3 双抗用于一至三线复发骨髓瘤的数据，专家讨论感染防控与给药间隔的优化。', 'EHA 2026 reported BCMA×CD3 bispecific data in first to third relapse of myeloma; the speaker discusses infection prevention and optimised dosing intervals.', [4], ['bsab', 'eha', 'mm', 'm_eha']],
      ['interview', '老年 AML 的低强度治疗：维奈克拉联合去甲基化药物的实践要点', 'Lower-intensity therapy in older adults with AML: practical points for venetoclax with hypomethylating agents', '专家分享维奈克拉联合方案的剂量调整、骨髓抑制管理与疗程设定，以及何时评估移植。', 'The speaker shares dose adjustments, management of myelosuppression and cycle length with venetoclax combinations, and when to assess for transplant.', [3], ['leu', 'mrd']],
      ['interview', '异基因造血干细胞移植后 GVHD 预防的新选择', 'New options for GVHD prevention after allogeneic transplant', '移植后环磷酰胺已广泛应用于不同供者类型。专家比较各预防方案的复发与非复发死亡率。', 'Post-transplant cyclophosphamide is now used across donor types. The speaker compares relapse and non-relapse mortality across prophylaxis regimens.', [1], ['sct', 'leu']],
      ['meeting', 'ASH 2025：低危 MDS 贫血治疗的新进展', 'ASH 2025: new treatments for anaemia in lower-risk MDS', '红细胞成熟剂与端粒酶抑制剂在输血依赖低危 MDS 中的疗效数据，专家解读适用人群。', 'Efficacy data for erythroid maturation agents and telomerase inhibitors in transfusion-dependent lower-risk MDS, and who benefits, explained by the speaker.', [2], ['ash', 'mds', 'm_ash']],
      ['interview', '滤泡性淋巴瘤的观察等待还适用吗？', 'Is watch-and-wait still right for follicular lymphoma?', '在新药不断涌现的背景下，专家回顾低肿瘤负荷滤泡性淋巴瘤的观察等待证据与开始治疗的时机。', 'With new drugs arriving, the speaker reviews the evidence for watch-and-wait in low-burden follicular lymphoma and when to start treatment.', [0], ['lym']],
      ['meeting', 'EHA 2026：BTK 抑制剂固定疗程治疗 CLL 的长期随访', 'EHA 2026: long-term follow-up of fixed-duration BTK inhibitor therapy in CLL', '固定疗程的 BTK 抑制剂联合 BCL-2 抑制剂方案五年随访结果，专家讨论 MRD 指导的停药策略。', 'Five-year follow-up of fixed-duration BTK plus BCL-2 inhibitor regimens; the speaker discusses MRD-guided stopping.', [3], ['eha', 'leu', 'mrd', 'm_eha']],
      ['interview', 'CAR-T 在多发性骨髓瘤中的前移：机遇与挑战', 'Moving CAR-T earlier in multiple myeloma: opportunities and challenges', 'BCMA CAR-T 在早线骨髓瘤中显示生存获益。专家讨论制备等待期、迟发神经毒性与长期随访。', 'BCMA CAR-T shows a survival benefit in earlier-line myeloma. The speaker covers the manufacturing wait, delayed neurotoxicity and long-term follow-up.', [1, 4], ['cart', 'mm']],
      ['meeting', '中国血液学年会 2026：中国淋巴瘤患者真实世界登记研究', 'Chinese Hematology Congress 2026: a real-world registry of lymphoma in China', '多中心登记研究描绘了中国淋巴瘤患者的亚型分布、治疗模式与生存结局。', 'A multicentre registry describes subtype distribution, treatment patterns and survival among lymphoma patients in China.', [0, 2], ['lym', 'm_cscoh']],
      ['interview', 'Ph 阳性 ALL：无化疗时代来临了吗？', 'Ph-positive ALL: has the chemotherapy-free era arrived?', 'TKI 联合双抗的无化疗诱导方案取得高 MRD 阴性率，专家讨论移植在其中的位置。', 'Chemotherapy-free induction with a TKI and a bispecific achieves high MRD negativity; the speaker discusses where transplant still fits.', [3], ['bsab', 'leu', 'mrd']],
      ['meeting', 'ASH 2025：高危 MDS 与 AML 移植前桥接治疗', 'ASH 2025: bridging therapy before transplant in higher-risk MDS and AML', '专家总结 ASH 2025 关于移植前降低肿瘤负荷的研究，以及移植时机对预后的影响。', 'The speaker summarises ASH 2025 studies on reducing disease burden before transplant and how timing affects outcome.', [1], ['ash', 'sct', 'mds', 'm_ash']],
      ['interview', '霍奇金淋巴瘤一线治疗中的免疫检查点抑制剂', 'Checkpoint inhibitors in first-line Hodgkin lymphoma', 'PD-1 抑制剂联合化疗改善晚期经典型霍奇金淋巴瘤的无进展生存，专家讨论对年轻患者远期毒性的意义。', 'A PD-1 inhibitor with chemotherapy improves progression-free survival in advanced classic Hodgkin lymphoma; the speaker weighs what it means for late toxicity in young patients.', [2], ['lym']],
    ],
  },
  {
    slug: 'vjoncology',
    name: ['VJOncology 肿瘤精选', 'VJOncology Selected'],
    slogan: ['实体瘤领域的专家访谈与会议报道', 'Expert interviews and meeting coverage in solid tumours'],
    intro: [
      'VJOncology 精选频道聚焦肺癌、乳腺癌、消化道肿瘤与泌尿生殖肿瘤，邀请国内外专家解读 ASCO、ESMO、WCLC、CSCO 等会议的关键研究与临床实践变化。',
      'VJOncology Selected focuses on lung, breast, gastrointestinal and genitourinary cancers, with experts in China and abroad explaining key studies from ASCO, ESMO, WCLC, CSCO and what they change in practice.',
    ],
    about: [
      'VJOncology（肿瘤视频期刊）精选频道由肿瘤内科、外科与放疗科专家组成编委会，遴选对临床实践有直接影响的研究进行访谈与报道。每期视频均配有摘要与文字稿。',
      'The VJOncology (Video Journal of Oncology) selected channel is curated by an editorial board of medical, surgical and radiation oncologists, who choose studies that change practice for interviews and coverage. Every video comes with a summary and transcript.',
    ],
    copyright: [COPYRIGHT_ZH('VJOncology 精选频道'), COPYRIGHT_EN('VJOncology Selected')],
    label: 'VJOnc',
    color: '#1d4ed8',
    hasHotspot: false,
    tags: {
      io: ['topic', '免疫治疗', 'Immunotherapy', 'PD-1/PD-L1 抑制剂与联合策略', 'PD-1/PD-L1 inhibitors and combinations'],
      adc: ['topic', '抗体偶联药物', 'Antibody–drug conjugates', 'HER2、TROP2 等靶点 ADC 的应用与不良反应', 'HER2, TROP2 and other ADCs, use and toxicity'],
      tt: ['topic', '靶向治疗', 'Targeted therapy', 'EGFR、ALK、KRAS 等驱动基因', 'EGFR, ALK, KRAS and other drivers'],
      periop: ['topic', '围手术期治疗', 'Perioperative therapy', '新辅助与辅助治疗的新标准', 'New standards in neoadjuvant and adjuvant therapy'],
      lung: ['field', '肺癌', 'Lung cancer', '非小细胞肺癌与小细胞肺癌', 'Non-small-cell and small-cell lung cancer'],
      breast: ['field', '乳腺癌', 'Breast cancer', 'HR 阳性、HER2 阳性与三阴性乳腺癌', 'HR-positive, HER2-positive and triple-negative breast cancer'],
      gi: ['field', '消化道肿瘤', 'Gastrointestinal cancers', '胃癌、结直肠癌与肝癌', 'Gastric, colorectal and liver cancer'],
      gu: ['field', '泌尿生殖肿瘤', 'Genitourinary cancers', '前列腺癌、膀胱癌与肾癌', 'Prostate, bladder and kidney cancer'],
      m_asco: ['meeting', 'ASCO 2026 年会', 'ASCO 2026 Annual Meeting', '2026 年 6 月 · 美国芝加哥', 'June 2026 · Chicago, USA'],
      m_esmo: ['meeting', 'ESMO 2025 大会', 'ESMO Congress 2025', '2025 年 10 月 · 德国柏林', 'October 2025 · Berlin, Germany'],
      m_wclc: ['meeting', 'WCLC 2025 世界肺癌大会', 'WCLC 2025', '2025 年 9 月 · 西班牙巴塞罗那', 'September 2025 · Barcelona, Spain'],
      m_csco: ['meeting', 'CSCO 2026 年会', 'CSCO 2026 Annual Meeting', '2026 年 9 月 · 中国厦门', 'September 2026 · Xiamen, China'],
    },
    speakers: [
      ['张明远', 'Zhang Mingyuan', '中山大学肿瘤防治中心', 'Sun Yat-sen University Cancer Center'],
      ['李静怡', 'Li Jingyi', '复旦大学附属肿瘤医院', 'Fudan University Shanghai Cancer Center'],
      ['王志强', 'Wang Zhiqiang', '中国医学科学院肿瘤医院', 'Cancer Hospital, Chinese Academy of Medical Sciences'],
      ['赵晓燕', 'Zhao Xiaoyan', '四川大学华西医院', 'West China Hospital, Sichuan University'],
      ['James Carter', 'James Carter', '英国皇家马斯登医院', 'The Royal Marsden Hospital, UK'],
    ],
    videos: [
      ['interview', 'EGFR 突变 NSCLC 一线治疗：联合方案还是单药序贯？', 'First-line therapy for EGFR-mutant NSCLC: combination or sequential single agents?', '三代 EGFR-TKI 联合化疗或联合双抗均延长无进展生存，专家从共突变、脑转移与耐受性角度讨论如何选择。', 'Third-generation EGFR TKIs combined with chemotherapy or a bispecific both prolong progression-free survival; the speaker discusses choosing by co-mutations, brain metastases and tolerability.', [0], ['tt', 'lung']],
      ['meeting', 'ASCO 2026：HER2 ADC 前移至早期乳腺癌新辅助治疗', 'ASCO 2026: HER2 ADCs move into neoadjuvant therapy for early breast cancer', 'ASCO 2026 公布的 III 期研究显示，HER2 ADC 新辅助方案提高病理完全缓解率，专家解读间质性肺病的监测。', 'A phase III study at ASCO 2026 showed higher pathological complete response with a neoadjuvant HER2 ADC; the speaker explains monitoring for interstitial lung disease.', [1], ['adc', 'periop', 'breast', 'm_asco']],
      ['interview', '可切除 NSCLC 围手术期免疫治疗：谁需要术后继续用药？', 'Perioperative immunotherapy in resectable NSCLC: who needs adjuvant continuation?', '新辅助免疫联合化疗已成为标准。专家讨论病理缓解程度与 ctDNA 在决定术后治疗中的作用。', 'Neoadjuvant chemo-immunotherapy is now standard. The speaker discusses the role of pathological response and ctDNA in deciding post-operative treatment.', [2], ['io', 'periop', 'lung']],
      ['meeting', 'ESMO 2025：TROP2 ADC 治疗 HR 阳性/HER2 阴性晚期乳腺癌', 'ESMO 2025: a TROP2 ADC in HR-positive/HER2-negative advanced breast cancer', '内分泌治疗耐药后的 TROP2 ADC 研究结果，专家比较其与化疗的生活质量数据。', 'Results of a TROP2 ADC after endocrine resistance; the speaker compares quality-of-life data with chemotherapy.', [4], ['adc', 'breast', 'm_esmo']],
      ['interview', 'MSI-H 结直肠癌的新辅助免疫治疗与器官保留', 'Neoadjuvant immunotherapy and organ preservation in MSI-H colorectal cancer', 'dMMR/MSI-H 局部晚期直肠癌接受 PD-1 抑制剂后临床完全缓解率极高，专家讨论观察等待的随访方案。', 'Clinical complete response is very frequent after PD-1 blockade in dMMR/MSI-H locally advanced rectal cancer; the speaker describes the follow-up for watch-and-wait.', [3], ['io', 'periop', 'gi']],
      ['meeting', 'WCLC 2025：KRAS G12C 抑制剂联合方案一线治疗', 'WCLC 2025: KRAS G12C inhibitor combinations in the first line', 'KRAS G12C 抑制剂联合免疫治疗的一线数据与肝毒性管理。', 'First-line data for KRAS G12C inhibitors with immunotherapy, and managing hepatotoxicity.', [0, 4], ['tt', 'io', 'lung', 'm_wclc']],
      ['interview', '晚期胃癌一线治疗：Claudin 18.2 与 PD-1 如何排序？', 'First-line advanced gastric cancer: how to order Claudin 18.2 and PD-1 therapy', '专家梳理 HER2、PD-L1 CPS 与 Claudin 18.2 检测流程，提出一线治疗的选择路径。', 'The speaker lays out testing for HER2, PD-L1 CPS and Claudin 18.2 and proposes a first-line treatment pathway.', [3], ['tt', 'io', 'gi']],
      ['meeting', 'CSCO 2026：中国肝癌患者的免疫联合抗血管生成治疗', 'CSCO 2026: immunotherapy with anti-angiogenics for liver cancer in China', '中国人群的 III 期研究更新了总生存数据，专家讨论乙肝相关肝癌的特点。', 'A phase III study in Chinese patients updated overall survival; the speaker discusses features of hepatitis B-related liver cancer.', [2], ['io', 'gi', 'm_csco']],
      ['interview', '转移性去势抵抗性前列腺癌：PSMA 放射配体治疗的定位', 'Metastatic castration-resistant prostate cancer: where PSMA radioligand therapy fits', 'PSMA PET 筛选与放射配体治疗的时机，以及与 PARP 抑制剂的序贯。', 'PSMA PET selection, timing of radioligand therapy and sequencing with PARP inhibitors.', [4], ['tt', 'gu']],
      ['meeting', 'ESMO 2025：尿路上皮癌一线 ADC 联合免疫治疗的长期随访', 'ESMO 2025: long-term follow-up of first-line ADC plus immunotherapy in urothelial cancer', '专家解读 ADC 联合 PD-1 抑制剂的三年生存数据与皮肤、神经毒性的处理。', 'The speaker explains three-year survival with an ADC plus PD-1 inhibitor and how to manage skin and nerve toxicity.', [1], ['adc', 'io', 'gu', 'm_esmo']],
      ['interview', '小细胞肺癌：双特异性 T 细胞衔接器带来的新希望', 'Small-cell lung cancer: new hope from bispecific T-cell engagers', 'DLL3 靶向双抗在复发小细胞肺癌中的疗效与细胞因子释放综合征的门诊管理。', 'Efficacy of a DLL3-targeted bispecific in relapsed small-cell lung cancer and outpatient management of cytokine release syndrome.', [0], ['io', 'lung']],
      ['meeting', 'ASCO 2026：三阴性乳腺癌围手术期免疫治疗的总生存获益', 'ASCO 2026: overall survival with perioperative immunotherapy in triple-negative breast cancer', '长期随访证实总生存获益，专家讨论未达 pCR 患者的强化辅助策略。', 'Long-term follow-up confirms an overall survival benefit; the speaker discusses intensified adjuvant treatment for patients without pCR.', [1, 3], ['io', 'periop', 'breast', 'm_asco']],
      ['interview', 'ALK 阳性 NSCLC 的长期生存管理', 'Long-term management of ALK-positive NSCLC', '三代 ALK 抑制剂五年无进展生存率超过六成，专家谈体重增加、血脂异常等长期不良反应的管理。', 'With third-generation ALK inhibitors, over 60% of patients are progression-free at five years; the speaker covers weight gain, dyslipidaemia and other long-term effects.', [2], ['tt', 'lung']],
      ['meeting', 'CSCO 2026：肾癌辅助免疫治疗的中国实践', 'CSCO 2026: adjuvant immunotherapy for kidney cancer in Chinese practice', '高复发风险肾癌术后辅助 PD-1 抑制剂的真实世界使用与风险评估。', 'Real-world use of adjuvant PD-1 inhibitors after surgery for high-risk kidney cancer, and how risk is assessed.', [4, 2], ['io', 'periop', 'gu', 'm_csco']],
    ],
  },
];

/** Look and texts of the three albums (by their index in SPECIALS): channel, colours, menus, intro. */
export const ALBUM_CONFIGS_SEED = [
  {
    specialIndex: 0,
    channel: 'vjhemonc',
    subtitle: ['淋巴瘤 · 骨髓瘤 · 白血病', 'Lymphoma · Myeloma · Leukaemia'],
    primary: '#9f1239',
    accent: '#fb7185',
    menus: ['topic', 'field', 'meetings', 'search', 'about', 'copyright'],
    intro: [
      '本专辑精选过去一年血液肿瘤领域最具临床影响力的专家访谈，覆盖 CAR-T、双特异性抗体与 MRD 指导治疗等热点，适合血液科医师系统回顾。',
      'This album collects the year’s most practice-relevant expert interviews in hematologic oncology — CAR-T, bispecific antibodies and MRD-guided therapy — for a structured review by haematologists.',
    ],
    pick: (kind: string, i: number) => i < 10,
  },
  {
    specialIndex: 1,
    channel: 'vjoncology',
    subtitle: ['肺癌 · 乳腺癌 · 消化道肿瘤', 'Lung · Breast · Gastrointestinal'],
    primary: '#1d4ed8',
    accent: '#60a5fa',
    menus: ['topic', 'field', 'meetings', 'search', 'about', 'copyright'],
    intro: [
      '本专辑围绕实体瘤的靶向治疗、免疫治疗与 ADC 药物，汇集专家对关键研究的解读与临床应用建议。',
      'This album gathers expert commentary on key studies in targeted therapy, immunotherapy and ADCs for solid tumours, with advice for practice.',
    ],
    pick: (kind: string, i: number) => i < 12,
  },
  {
    specialIndex: 2,
    channel: 'vjhemonc',
    subtitle: ['ASH · EHA · 中国血液学年会', 'ASH · EHA · Chinese Hematology Congress'],
    primary: '#7c2d12',
    accent: '#f59e0b',
    menus: ['meetings', 'topic', 'field', 'search', 'about', 'copyright'],
    intro: [
      '本合辑收录国际及国内血液学会议的现场报道，由参会专家第一时间解读口头报告与重磅研究。',
      'This collection brings on-site coverage of international and Chinese hematology meetings, with attending experts explaining oral presentations and headline studies as they happen.',
    ],
    pick: (kind: string) => kind === 'meeting',
  },
] as const;

export const ALBUM_ABOUT: readonly [string, string] = [
  '专辑内容由编委会从精选频道中遴选并按主题编排，视频均可在线播放，配有摘要与文字稿。',
  'The editorial board selects the album’s videos from the selected channels and arranges them by theme; every video plays online with a summary and transcript.',
];
