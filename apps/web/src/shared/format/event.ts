import type { Lang } from '../i18n';

/** "2026-05-29 – 06-02" (one year), "2026-12-30 – 2027-01-02", or one day: a congress's local days. */
export function dateRange(start: string, end: string): string {
  if (start === end) return start;
  return `${start} – ${start.slice(0, 4) === end.slice(0, 4) ? end.slice(5) : end}`;
}

const regionNames = new Map<Lang, Intl.DisplayNames>();
/** A country's name from its ISO code, in the page's language. */
export function countryName(code: string, lang: Lang): string {
  let names = regionNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([lang === 'zh' ? 'zh-CN' : 'en'], { type: 'region' });
    regionNames.set(lang, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
