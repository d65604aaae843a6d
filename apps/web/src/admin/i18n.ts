import type { I18nProvider } from '@refinedev/core';
import { changeLanguage, detectLanguage, i18n, initI18n, type Lang } from '../shared/i18n';
import type { Texts } from './texts';

/**
 * The console's language (zh/en) lives in the web app's i18next instance, so that every API call
 * asks for the server's messages in that language (api-client's `language` parameter). The
 * console's texts are one namespace, `admin`, bundled (no request per language).
 *
 * Choice: `?lang=` first, then the language last chosen in the console (remembered), then the
 * browser's.
 */

export const ADMIN_NS = 'admin';
const REMEMBERED_KEY = 'admin-lang';

const isLang = (v: unknown): v is Lang => v === 'zh' || v === 'en';

export function consoleLanguage(search: string = window.location.search): Lang {
  const fromQuery = new URLSearchParams(search).get('lang');
  if (isLang(fromQuery)) {
    remember(fromQuery);
    return fromQuery;
  }
  let remembered: string | null = null;
  try {
    remembered = window.localStorage.getItem(REMEMBERED_KEY);
  } catch {
    remembered = null;
  }
  return isLang(remembered) ? remembered : detectLanguage('');
}

function remember(lang: Lang): void {
  try {
    window.localStorage.setItem(REMEMBERED_KEY, lang);
  } catch {
    // Private mode: the choice lasts for this page.
  }
}

/** Loads the language and the texts; resolves when the console can render. */
export async function startI18n(lang: Lang, texts: Record<Lang, Texts>): Promise<void> {
  const ready = initI18n(lang);
  for (const l of ['zh', 'en'] as const) i18n.addResourceBundle(l, ADMIN_NS, texts[l], true, true);
  await ready;
}

export async function switchLanguage(lang: Lang): Promise<void> {
  remember(lang);
  await changeLanguage(lang);
}

const t = i18n.t.bind(i18n) as unknown as (key: string, options?: Record<string, unknown>) => string;

/** A console text by its key (`login.title`), with `{{x}}` values. */
export function translate(key: string, options?: Record<string, unknown>, fallback?: string): string {
  const full = `${ADMIN_NS}:${key}`;
  if (!i18n.exists(full)) return fallback ?? key;
  return t(full, options);
}

export const currentConsoleLanguage = (): Lang => (isLang(i18n.language) ? i18n.language : 'zh');

export function i18nProviderFor(lang: Lang, setLang: (lang: Lang) => void): I18nProvider {
  return {
    translate: (key: string, options?: unknown, fallback?: string) =>
      translate(key, typeof options === 'object' && options !== null ? (options as Record<string, unknown>) : undefined, typeof options === 'string' ? options : fallback),
    changeLocale: async (next: string) => {
      if (!isLang(next)) return;
      await switchLanguage(next);
      setLang(next);
    },
    getLocale: () => lang,
  };
}
