/**
 * The two-level department tree of the profile form (GET /v2/user/personal_department). Leaves
 * that the demo content uses (oncology, cardiology, ...) keep their slugs and names.
 */
export interface DepartmentGroup {
  slug: string;
  zh: string;
  en: string;
  children: ReadonlyArray<{ slug: string; zh: string; en: string }>;
}

export const DEPARTMENT_TREE: readonly DepartmentGroup[] = [
  {
    slug: 'internal-medicine',
    zh: '内科',
    en: 'Internal Medicine',
    children: [
      { slug: 'cardiology', zh: '心血管内科', en: 'Cardiology' },
      { slug: 'respiratory', zh: '呼吸与危重症医学科', en: 'Pulmonary & Critical Care Medicine' },
      { slug: 'gastroenterology', zh: '消化内科', en: 'Gastroenterology' },
      { slug: 'hematology', zh: '血液科', en: 'Hematology' },
      { slug: 'oncology', zh: '肿瘤科', en: 'Oncology' },
      { slug: 'neurology', zh: '神经内科', en: 'Neurology' },
      { slug: 'endocrinology', zh: '内分泌科', en: 'Endocrinology' },
      { slug: 'nephrology', zh: '肾内科', en: 'Nephrology' },
      { slug: 'rheumatology', zh: '风湿免疫科', en: 'Rheumatology & Immunology' },
      { slug: 'infectious', zh: '感染科', en: 'Infectious Diseases' },
      { slug: 'geriatrics', zh: '老年医学科', en: 'Geriatrics' },
    ],
  },
  {
    slug: 'surgery',
    zh: '外科',
    en: 'Surgery',
    children: [
      { slug: 'general-surgery', zh: '普通外科', en: 'General Surgery' },
      { slug: 'hepatobiliary-surgery', zh: '肝胆外科', en: 'Hepatobiliary Surgery' },
      { slug: 'gastrointestinal-surgery', zh: '胃肠外科', en: 'Gastrointestinal Surgery' },
      { slug: 'thoracic-surgery', zh: '胸外科', en: 'Thoracic Surgery' },
      { slug: 'cardiac-surgery', zh: '心脏大血管外科', en: 'Cardiovascular Surgery' },
      { slug: 'neurosurgery', zh: '神经外科', en: 'Neurosurgery' },
      { slug: 'orthopedics', zh: '骨科', en: 'Orthopaedics' },
      { slug: 'urology', zh: '泌尿外科', en: 'Urology' },
      { slug: 'breast-surgery', zh: '乳腺外科', en: 'Breast Surgery' },
      { slug: 'plastic-surgery', zh: '整形外科', en: 'Plastic Surgery' },
    ],
  },
  {
    slug: 'obstetrics-gynecology',
    zh: '妇产科',
    en: 'Obstetrics & Gynaecology',
    children: [
      { slug: 'gynecology', zh: '妇科', en: 'Gynaecology' },
      { slug: 'obstetrics', zh: '产科', en: 'Obstetrics' },
      { slug: 'reproductive-medicine', zh: '生殖医学科', en: 'Reproductive Medicine' },
    ],
  },
  {
    slug: 'pediatrics',
    zh: '儿科',
    en: 'Paediatrics',
    children: [
      { slug: 'pediatric-medicine', zh: '儿内科', en: 'Paediatric Medicine' },
      { slug: 'pediatric-surgery', zh: '儿外科', en: 'Paediatric Surgery' },
      { slug: 'neonatology', zh: '新生儿科', en: 'Neonatology' },
    ],
  },
  {
    slug: 'medical-technology',
    zh: '医技科室',
    en: 'Diagnostic Departments',
    children: [
      { slug: 'radiology', zh: '放射科', en: 'Radiology' },
      { slug: 'ultrasound', zh: '超声医学科', en: 'Ultrasound Medicine' },
      { slug: 'pathology', zh: '病理科', en: 'Pathology' },
      { slug: 'laboratory-medicine', zh: '检验科', en: 'Laboratory Medicine' },
      { slug: 'nuclear-medicine', zh: '核医学科', en: 'Nuclear Medicine' },
    ],
  },
  {
    slug: 'other-clinical',
    zh: '其他临床科室',
    en: 'Other Clinical Departments',
    children: [
      { slug: 'emergency', zh: '急诊科', en: 'Emergency Medicine' },
      { slug: 'critical-care', zh: '重症医学科', en: 'Critical Care Medicine' },
      { slug: 'anesthesiology', zh: '麻醉科', en: 'Anaesthesiology' },
      { slug: 'dermatology', zh: '皮肤科', en: 'Dermatology' },
      { slug: 'ophthalmology', zh: '眼科', en: 'Ophthalmology' },
      { slug: 'otolaryngology', zh: '耳鼻咽喉科', en: 'Otolaryngology' },
      { slug: 'stomatology', zh: '口腔科', en: 'Stomatology' },
      { slug: 'psychiatry', zh: '精神心理科', en: 'Psychiatry & Psychology' },
      { slug: 'rehabilitation', zh: '康复医学科', en: 'Rehabilitation Medicine' },
      { slug: 'traditional-chinese-medicine', zh: '中医科', en: 'Traditional Chinese Medicine' },
      { slug: 'general-practice', zh: '全科医学科', en: 'General Practice' },
    ],
  },
  {
    slug: 'pharmacy-nursing',
    zh: '药学与护理',
    en: 'Pharmacy & Nursing',
    children: [
      { slug: 'clinical-pharmacy', zh: '临床药学', en: 'Clinical Pharmacy' },
      { slug: 'nursing', zh: '护理部', en: 'Nursing' },
    ],
  },
];

export interface DepartmentRow {
  id: number;
  slug: string;
  parentId: number | null;
  nameZh: string;
  nameEn: string;
  sort: number;
}

/**
 * Rows of the whole tree with explicit ids: the demo leaves keep ids 1..n in their given order
 * (content refers to them), groups and the other leaves follow.
 */
export function departmentRows(leaves: ReadonlyArray<{ slug: string; zh: string; en: string }>): DepartmentRow[] {
  const ids = new Map<string, number>(leaves.map((d, i) => [d.slug, i + 1]));
  let next = leaves.length + 1;
  const idOf = (slug: string) => {
    let id = ids.get(slug);
    if (id === undefined) {
      id = next++;
      ids.set(slug, id);
    }
    return id;
  };
  const rows: DepartmentRow[] = [];
  DEPARTMENT_TREE.forEach((g, gi) => {
    const gid = idOf(g.slug);
    rows.push({ id: gid, slug: g.slug, parentId: null, nameZh: g.zh, nameEn: g.en, sort: gi });
    g.children.forEach((c, ci) => rows.push({ id: idOf(c.slug), slug: c.slug, parentId: gid, nameZh: c.zh, nameEn: c.en, sort: ci }));
  });
  // Leaves of the demo content missing from the tree stay top-level.
  leaves.forEach((d) => {
    if (!rows.some((r) => r.slug === d.slug)) rows.push({ id: idOf(d.slug), slug: d.slug, parentId: null, nameZh: d.zh, nameEn: d.en, sort: 100 });
  });
  return rows.sort((a, b) => a.id - b.id);
}
