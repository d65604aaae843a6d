import type { ApiLanguage } from '@medportal/contract';

/** Bilingual columns: English falls back to Chinese when missing. */
export function pick(lang: ApiLanguage, zh: string, en: string | null | undefined): string {
  return lang === 'en' && en ? en : zh;
}

/** First zh or en language tag in Accept-Language, by q-value. */
export function languageFromHeader(header: string | undefined): ApiLanguage | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag.startsWith('zh')) return 'zh_CN';
    if (tag.startsWith('en')) return 'en';
  }
  return undefined;
}

export { formatCount } from '@medportal/contract/format';
