import { hashString } from '../../lib/prng.ts';

/** The demo decks' outline: every deck has these slides, titled in both languages. */
export const DEMO_SLIDES: ReadonlyArray<{ zh: string; en: string; points: ReadonlyArray<readonly [string, string]> }> = [
  { zh: '开场', en: 'Opening', points: [['主持人介绍', 'Introducing the panel'], ['议程与提问方式', 'Agenda and how to ask questions']] },
  { zh: '背景与流行病学', en: 'Background and epidemiology', points: [['发病率与负担', 'Incidence and burden'], ['诊疗现状', 'Current practice']] },
  { zh: '最新证据', en: 'Latest evidence', points: [['关键随机对照试验', 'Key randomised trials'], ['真实世界数据', 'Real-world data']] },
  { zh: '指南推荐', en: 'Guideline recommendations', points: [['一线方案', 'First-line options'], ['特殊人群', 'Special populations']] },
  { zh: '病例分享', en: 'Case presentation', points: [['病史与检查', 'History and work-up'], ['治疗经过', 'Course of treatment']] },
  { zh: '不良反应管理', en: 'Managing adverse events', points: [['分级与处理', 'Grading and treatment'], ['随访要点', 'Follow-up']] },
  { zh: '要点总结', en: 'Key points', points: [['三条临床建议', 'Three practical recommendations'], ['未来方向', 'What comes next']] },
  { zh: '问答与讨论', en: 'Questions and discussion', points: [['欢迎提问', 'Your questions'], ['感谢聆听', 'Thank you']] },
];

const PALETTES = [
  ['#0f766e', '#ccfbf1'],
  ['#1d4ed8', '#dbeafe'],
  ['#4338ca', '#e0e7ff'],
  ['#be123c', '#ffe4e6'],
  ['#334155', '#f1f5f9'],
] as const;

const FONT = "'PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC',system-ui,sans-serif";

/** URL of a demo slide (served by the live-room routes). */
export const slideUrl = (deck: string, index: number) => `/media/slide/${deck}/${index}.svg`;

/** A 16:9 slide: title in both languages, two points, the slide number large enough to read in a thumbnail. */
export function slideSvg(deck: string, index: number): string {
  const n = DEMO_SLIDES.length;
  const slide = DEMO_SLIDES[index % n] ?? DEMO_SLIDES[0];
  if (!slide) return '';
  const [dark, light] = PALETTES[hashString(deck) % PALETTES.length] ?? PALETTES[0];
  const points = slide.points
    .map(
      ([zh, en], i) =>
        `<circle cx="150" cy="${392 + i * 110}" r="10" fill="${dark}"/><text x="180" y="${402 + i * 110}" font-size="38" fill="#0f172a">${zh}</text>` +
        `<text x="180" y="${442 + i * 110}" font-size="26" fill="#475569">${en}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720" font-family="${FONT}">` +
    `<rect width="1280" height="720" fill="#ffffff"/><rect width="1280" height="12" fill="${dark}"/>` +
    `<rect x="0" y="640" width="1280" height="80" fill="${light}"/>` +
    `<text x="120" y="190" font-size="64" font-weight="700" fill="${dark}">${slide.zh}</text>` +
    `<text x="120" y="250" font-size="34" fill="#334155">${slide.en}</text>` +
    `<rect x="120" y="290" width="160" height="6" fill="${dark}"/>${points}` +
    `<text x="1160" y="692" font-size="36" font-weight="700" text-anchor="end" fill="${dark}">${index + 1} / ${n}</text>` +
    `<text x="120" y="692" font-size="24" fill="#475569">MedPortal · ${deck}</text></svg>`
  );
}
