/**
 * A page's URL in one language, as its canonical link and the sitemap name it: `lang` first, then
 * the query that selects the content; without a language, the x-default URL.
 */
export function pageUrl(origin: string, path: string, lang?: string): string {
  const at = path.indexOf('?');
  const pathname = at < 0 ? path : path.slice(0, at);
  const query = new URLSearchParams(at < 0 ? '' : path.slice(at + 1));
  const out = new URLSearchParams();
  if (lang) out.set('lang', lang);
  for (const [k, v] of query) if (k !== 'lang') out.set(k, v);
  const qs = out.toString();
  return `${origin}${pathname}${qs ? `?${qs}` : ''}`;
}

/** The `hreflang` of each UI language. */
export const HREFLANG = { zh: 'zh-CN', en: 'en' } as const;
