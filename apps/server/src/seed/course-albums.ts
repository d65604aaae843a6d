import type * as s from '../db/schema/index.ts';
import { coverUrl } from '../modules/media/cover-svg.ts';
import { COURSES } from './data/courses.ts';

type Rows<T extends { $inferInsert: unknown }> = Array<T['$inferInsert']>;

export interface AlbumSeedRows {
  courseAlbums: Rows<typeof s.courseAlbums>;
  courseAlbumItems: Rows<typeof s.courseAlbumItems>;
  liveAgendaItems: Rows<typeof s.liveAgendaItems>;
}

/** Demo albums: themes a clinician would browse, each naming its courses by catalogue title. */
const ALBUMS: ReadonlyArray<{ zh: string; en: string; descZh: string; descEn: string; label: string; bar: boolean; courses: string[] }> = [
  {
    zh: '肿瘤靶向与免疫治疗精选',
    en: 'Targeted and immune therapy in oncology',
    descZh: '从驱动基因到免疫相关不良反应：肿瘤内科医生日常决策所需的核心课程。',
    descEn: 'From driver genes to immune-related adverse events: the core courses behind daily decisions in medical oncology.',
    label: 'Onco',
    bar: true,
    courses: ['非小细胞肺癌 EGFR 突变靶向治疗全程管理', '免疫检查点抑制剂相关不良反应的识别与处理', '乳腺癌 HER2 低表达：从病理判读到 ADC 治疗', '肝细胞癌系统治疗策略'],
  },
  {
    zh: '血液肿瘤细胞治疗专辑',
    en: 'Cell therapy in haematological malignancies',
    descZh: 'CAR-T、造血干细胞移植及淋巴瘤、骨髓瘤的全程管理。',
    descEn: 'CAR-T, stem cell transplantation and the whole course of lymphoma and myeloma care.',
    label: 'Heme',
    bar: true,
    courses: ['CAR-T 细胞治疗的临床实践', '造血干细胞移植并发症管理', '弥漫大 B 细胞淋巴瘤一线治疗与复发管理', '多发性骨髓瘤诊疗指南解读'],
  },
  {
    zh: '心血管急重症速查',
    en: 'Cardiovascular emergencies',
    descZh: '胸痛、心律失常与心衰急性期：急诊与心内科医生的快速参考。',
    descEn: 'Chest pain, arrhythmia and acute heart failure: a quick reference for emergency and cardiology teams.',
    label: 'CV',
    bar: true,
    courses: ['急性冠脉综合征的早期识别与处理', '心电图快速判读 30 讲', '房颤抗凝治疗的个体化决策', '心力衰竭药物治疗：新四联方案'],
  },
  {
    zh: '指南与共识解读合集',
    en: 'Guidelines and consensus statements',
    descZh: '各专科最新指南与专家共识的要点解读。',
    descEn: 'Key points of the latest guidelines and expert consensus across specialties.',
    label: 'Guide',
    bar: false,
    courses: ['多发性骨髓瘤诊疗指南解读', '幽门螺杆菌根除治疗共识解读', '慢阻肺急性加重的规范化治疗', '急性缺血性卒中静脉溶栓与取栓'],
  },
];

/** Sessions of a demo live's agenda, as parts of its running time. */
const SESSIONS: ReadonlyArray<[start: number, end: number, zh: string, en: string]> = [
  [0, 0.1, '开幕致辞与会议介绍', 'Opening remarks'],
  [0.1, 0.4, '主题报告：最新循证证据解读', 'Keynote: the latest evidence'],
  [0.4, 0.65, '病例分享与多学科讨论', 'Case presentations and multidisciplinary discussion'],
  [0.65, 0.9, '专家圆桌：临床实践中的难点', 'Expert panel: hard questions from practice'],
  [0.9, 1, '现场答疑与总结', 'Q&A and closing'],
];

interface LiveRef {
  id?: number | undefined;
  status?: string | null | undefined;
  startAt: Date;
  endAt: Date;
  speakerId?: number | null | undefined;
}

export function buildAlbumSeed(lives: LiveRef[], liveSpeakers: Array<{ liveId: number; speakerId: number; sort?: number | undefined }>): AlbumSeedRows {
  const courseId = (zh: string) => {
    const i = COURSES.findIndex((c) => c.zh === zh);
    if (i < 0) throw new Error(`album course not in the catalogue: ${zh}`);
    return i + 1;
  };
  const courseAlbums: AlbumSeedRows['courseAlbums'] = ALBUMS.map((a, i) => ({
    id: i + 1,
    titleZh: a.zh,
    titleEn: a.en,
    descZh: a.descZh,
    descEn: a.descEn,
    cover: coverUrl('course', `album${i + 1}`, a.label),
    inBar: a.bar,
    sort: (i + 1) * 10,
    status: 'published' as const,
  }));
  const courseAlbumItems = ALBUMS.flatMap((a, i) => a.courses.map((zh, k) => ({ albumId: i + 1, courseId: courseId(zh), sort: k })));

  const liveAgendaItems: AlbumSeedRows['liveAgendaItems'] = [];
  for (const l of lives) {
    if (l.id === undefined || (l.status !== 'published' && l.status !== 'unlisted')) continue;
    const liveId = l.id;
    const guests = liveSpeakers.filter((x) => x.liveId === liveId).map((x) => x.speakerId);
    const host = l.speakerId ?? guests[0] ?? null;
    // The host opens, keynotes and closes; guests present cases and sit on the panel.
    const speakerOf = [host, host, guests[0] ?? host, guests[1] ?? host, host];
    const span = l.endAt.getTime() - l.startAt.getTime();
    // Sessions start on whole minutes, as a printed programme would show them.
    const at = (part: number) => new Date(l.startAt.getTime() + Math.round((part * span) / 60_000) * 60_000);
    SESSIONS.forEach(([from, to, zh, en], k) =>
      liveAgendaItems.push({ liveId, startAt: at(from), endAt: at(to), titleZh: zh, titleEn: en, speakerId: speakerOf[k] ?? null, sort: k }),
    );
  }
  return { courseAlbums, courseAlbumItems, liveAgendaItems };
}
