/**
 * Regions of the seeded hospitals: Chinese provinces and municipalities, and countries abroad, at the
 * top; cities below. A municipality or city-state has no children: its hospitals point at it directly.
 */
export const REGIONS: ReadonlyArray<{ key: string; parent: string | null; zh: string; en: string }> = [
  { key: 'beijing', parent: null, zh: '北京', en: 'Beijing' },
  { key: 'shanghai', parent: null, zh: '上海', en: 'Shanghai' },
  { key: 'tianjin', parent: null, zh: '天津', en: 'Tianjin' },
  { key: 'guangdong', parent: null, zh: '广东', en: 'Guangdong' },
  { key: 'guangzhou', parent: 'guangdong', zh: '广州', en: 'Guangzhou' },
  { key: 'sichuan', parent: null, zh: '四川', en: 'Sichuan' },
  { key: 'chengdu', parent: 'sichuan', zh: '成都', en: 'Chengdu' },
  { key: 'zhejiang', parent: null, zh: '浙江', en: 'Zhejiang' },
  { key: 'hangzhou', parent: 'zhejiang', zh: '杭州', en: 'Hangzhou' },
  { key: 'hubei', parent: null, zh: '湖北', en: 'Hubei' },
  { key: 'wuhan', parent: 'hubei', zh: '武汉', en: 'Wuhan' },
  { key: 'usa', parent: null, zh: '美国', en: 'United States' },
  { key: 'rochester', parent: 'usa', zh: '罗切斯特', en: 'Rochester' },
  { key: 'baltimore', parent: 'usa', zh: '巴尔的摩', en: 'Baltimore' },
  { key: 'japan', parent: null, zh: '日本', en: 'Japan' },
  { key: 'tokyo', parent: 'japan', zh: '东京', en: 'Tokyo' },
  { key: 'singapore', parent: null, zh: '新加坡', en: 'Singapore' },
];

/** 1-based id of a region key (rows are inserted in this order). */
export function regionId(key: string): number {
  const i = REGIONS.findIndex((r) => r.key === key);
  if (i < 0) throw new Error(`unknown region ${key}`);
  return i + 1;
}
