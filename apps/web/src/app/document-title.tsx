import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { composeTitle, titleOverrideStore } from '../shared/ui/document-title';

/** Route `handle`: `title` is an i18n key (`ns:key`) of the page title. */
export interface RouteHandle {
  title?: string;
}

/** Keeps `document.title` = route title + ' - ' + product name, in the current language. */
export function DocumentTitle() {
  // Only the namespaces every page loads up front: asking for another (the home page's) here held
  // the first render of every other page until its text had loaded. Route loaders load the
  // namespace of their own title before the route renders.
  const { t, i18n } = useTranslation(['common', 'errors']);
  const matches = useMatches();
  const override = titleOverrideStore.useValue();
  const key = [...matches].reverse().map((m) => (m.handle as RouteHandle | undefined)?.title).find(Boolean);

  useEffect(() => {
    if (override) {
      document.title = override;
      return;
    }
    const product = t('common:productName');
    // Route handles name their own keys; they are checked by the route tests, not the type system.
    document.title = composeTitle(key && i18n.exists(key) ? t(key as 'common:productName') : '', product);
  }, [key, override, t, i18n, i18n.language]);

  return null;
}
