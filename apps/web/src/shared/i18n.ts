import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type common from '../locales/zh/common.json';
import type layout from '../locales/zh/layout.json';
import type home from '../locales/zh/home.json';
import type errors from '../locales/zh/errors.json';
import type auth from '../locales/zh/auth.json';
import type course from '../locales/zh/course.json';
import type news from '../locales/zh/news.json';
import type member from '../locales/zh/member.json';
import type speaker from '../locales/zh/speaker.json';
import type search from '../locales/zh/search.json';
import type topic from '../locales/zh/topic.json';
import type live from '../locales/zh/live.json';
import type pages from '../locales/zh/pages.json';
import type support from '../locales/zh/support.json';
import type liveRoom from '../locales/zh/liveRoom.json';
import type player from '../locales/zh/player.json';
import type money from '../locales/zh/money.json';
import type rewards from '../locales/zh/rewards.json';
import type meeting from '../locales/zh/meeting.json';
import type authorVoice from '../locales/zh/authorVoice.json';
import type selected from '../locales/zh/selected.json';

export type Lang = 'zh' | 'en';
export const LANGS: readonly Lang[] = ['zh', 'en'];
export const NAMESPACES = ['common', 'layout', 'home', 'errors', 'auth', 'course', 'news', 'speaker', 'member', 'search', 'topic', 'live', 'pages', 'liveRoom', 'player', 'money', 'rewards', 'meeting', 'support', 'authorVoice', 'selected'] as const;
export type Namespace = (typeof NAMESPACES)[number];
/** Namespaces every page needs; feature namespaces load with their route. */
const INITIAL_NAMESPACES: Namespace[] = ['common', 'layout', 'errors'];

/** sessionStorage key remembering a `?lang=` choice for the rest of the visit. */
export const LANG_SESSION_KEY = 'lang';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: typeof common; layout: typeof layout; home: typeof home; errors: typeof errors; auth: typeof auth; course: typeof course; news: typeof news; speaker: typeof speaker; search: typeof search; member: typeof member; topic: typeof topic; live: typeof live; pages: typeof pages; liveRoom: typeof liveRoom; player: typeof player; money: typeof money; rewards: typeof rewards; meeting: typeof meeting; support: typeof support; authorVoice: typeof authorVoice; selected: typeof selected };
  }
}

const isLang = (value: string | null | undefined): value is Lang => value === 'zh' || value === 'en';

/**
 * The UI language: `?lang=zh|en` first (remembered for the session so navigation keeps it),
 * then a language chosen earlier in this session, then the browser (zh* → zh, anything else → en).
 */
export function detectLanguage(
  search: string = window.location.search,
  browserLanguages: readonly string[] = navigator.languages?.length ? navigator.languages : [navigator.language],
): Lang {
  const fromQuery = new URLSearchParams(search).get('lang');
  if (isLang(fromQuery)) {
    safeSessionSet(LANG_SESSION_KEY, fromQuery);
    return fromQuery;
  }
  const remembered = safeSessionGet(LANG_SESSION_KEY);
  if (isLang(remembered)) return remembered;
  const first = browserLanguages.find(Boolean) ?? '';
  return first.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/** Language code the API expects (spec §7). */
export const apiLanguage = (lang: Lang): 'zh_CN' | 'en' => (lang === 'zh' ? 'zh_CN' : 'en');
/** Value of `<html lang>`. */
export const htmlLang = (lang: Lang): string => (lang === 'zh' ? 'zh-CN' : 'en');

// One lazily imported chunk per language and namespace, so a visit only downloads its language.
const localeLoaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = localeLoaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No locale file for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (mod) => callback(null, mod.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next.createInstance();
i18n.use(lazyBackend).use(initReactI18next);

const hasDocument = typeof document !== 'undefined';

i18n.on('languageChanged', (lng) => {
  if (hasDocument && isLang(lng)) document.documentElement.lang = htmlLang(lng);
});

let initPromise: Promise<unknown> | undefined;
let initialLanguage: Lang | undefined;

/**
 * Initialises i18next once with the detected language and the namespaces every page needs, and
 * `also` those a server-rendered page used: all requested at once (loaded after init, a page's own
 * namespace was one more round trip before hydration).
 */
export function initI18n(lang: Lang = detectLanguage(), also: readonly Namespace[] = []): Promise<unknown> {
  initialLanguage ??= lang;
  if (hasDocument) document.documentElement.lang = htmlLang(lang);
  initPromise ??= i18n.init({
    lng: lang,
    fallbackLng: false,
    supportedLngs: [...LANGS],
    ns: [...new Set([...INITIAL_NAMESPACES, ...also])],
    defaultNS: 'common',
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  });
  return initPromise;
}

/** The UI language; before i18next has finished loading, the language it is loading. */
export const currentLanguage = (): Lang => (isLang(i18n.language) ? i18n.language : (initialLanguage ?? 'zh'));

/** Switches the UI language and remembers it for the session. */
export async function changeLanguage(lang: Lang): Promise<void> {
  safeSessionSet(LANG_SESSION_KEY, lang);
  await i18n.changeLanguage(lang);
}

/** The namespaces loaded so far in the current language (a server render sends them to the page). */
export const loadedNamespaces = (): Namespace[] =>
  NAMESPACES.filter((ns) => i18n.hasResourceBundle(i18n.language, ns));

/** Loads feature namespaces (used by route loaders so text arrives with the route). */
export const loadNamespaces = (...ns: Namespace[]): Promise<void> => i18n.loadNamespaces(ns);

function safeSessionGet(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function safeSessionSet(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, sandboxed frames); the language still applies now.
  }
}
