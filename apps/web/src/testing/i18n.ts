import { i18n, initI18n, loadNamespaces, NAMESPACES, type Lang } from '../shared/i18n';

/** Initialises the app's i18next instance in `lang` with every namespace loaded. */
export async function setupI18n(lang: Lang = 'zh'): Promise<void> {
  await initI18n(lang);
  await loadNamespaces(...NAMESPACES);
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}
