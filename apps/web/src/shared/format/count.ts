import type { Lang } from '../i18n';

const trim = (n: number) => (Math.floor(n * 10) / 10).toFixed(1).replace(/\.0$/, '');

/** A large count made short: zh 12,345 → "1.2万"; en 12,345 → "12.3k", 1,234,567 → "1.2M". */
export function formatCount(count: number, lang: Lang): string {
  const n = Math.max(0, Math.trunc(count));
  if (lang === 'zh') {
    if (n >= 100_000_000) return `${trim(n / 100_000_000)}亿`;
    if (n >= 10_000) return `${trim(n / 10_000)}万`;
    return String(n);
  }
  if (n >= 1_000_000) return `${trim(n / 1_000_000)}M`;
  if (n >= 1_000) return `${trim(n / 1_000)}k`;
  return String(n);
}

/** The learner count to show: the server's `learn_count_show` when given, else formatted here. */
export const learnCountText = (course: { learn_count: number; learn_count_show?: string }, lang: Lang): string =>
  course.learn_count_show?.trim() || formatCount(course.learn_count, lang);
