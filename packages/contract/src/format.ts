// Display formatting shared by the server (e.g. learn_count_show) and the web. No zod here, so the
// web bundle can import it cheaply.

const trim1 = (n: number) => (Math.floor(n * 10) / 10).toFixed(1).replace(/\.0$/, '');

/**
 * Learner and follower counts as shown: zh 8560, 1.2万, 3.4亿; en 856, 12.3k, 1.2M.
 * Rounded down so 12,999 shows as 1.2万 rather than overstating it as 1.3万.
 */
export function formatCount(count: number, lang: 'zh' | 'zh_CN' | 'en'): string {
  const n = Math.max(0, Math.trunc(count));
  if (lang === 'en') {
    if (n >= 1_000_000) return `${trim1(n / 1_000_000)}M`;
    if (n >= 1_000) return `${trim1(n / 1_000)}k`;
    return String(n);
  }
  if (n >= 100_000_000) return `${trim1(n / 100_000_000)}亿`;
  if (n >= 10_000) return `${trim1(n / 10_000)}万`;
  return String(n);
}
