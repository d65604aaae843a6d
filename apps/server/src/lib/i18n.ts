import type { ApiLanguage } from '@medportal/contract';

/** Bilingual columns: English falls back to Chinese when missing. */
export function pick(lang: ApiLanguage, zh: string, en: string | null | undefined): string {
  return lang === 'en' && en ? en : zh;
}

export { formatCount } from '@medportal/contract/format';
