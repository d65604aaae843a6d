import type { ApiLanguage } from '@medportal/contract';

/** Bilingual columns: English falls back to Chinese when missing. */
export function pick(lang: ApiLanguage, zh: string, en: string | null | undefined): string {
  return lang === 'en' && en ? en : zh;
}

function trim1(n: number): string {
  // One decimal, rounded down so 12,999 shows as 1.2万 rather than overstating it as 1.3万.
  return (Math.floor(n * 10) / 10).toFixed(1).replace(/\.0$/, '');
}

/** Learner and follower counts as shown: 8560, 1.2万, 3.4亿 / 856, 12.3k, 1.2M. */
export function formatCount(n: number, lang: ApiLanguage): string {
  if (lang === 'en') {
    if (n >= 1_000_000) return `${trim1(n / 1_000_000)}M`;
    if (n >= 1_000) return `${trim1(n / 1_000)}k`;
    return String(n);
  }
  if (n >= 100_000_000) return `${trim1(n / 100_000_000)}亿`;
  if (n >= 10_000) return `${trim1(n / 10_000)}万`;
  return String(n);
}
