import { useEffect } from 'react';
import { createStore } from './create-store';
import { noteTitle } from './page-meta';

/** A title set by a page that is not described by its route (error views); wins over the route's. */
export const titleOverrideStore = createStore<string | null>(null);

/** Sets the document title while the calling component is shown. */
export function useTitleOverride(title: string): void {
  noteTitle(title);
  useEffect(() => {
    titleOverrideStore.set(title);
    return () => titleOverrideStore.set(null);
  }, [title]);
}

/** "<page title> - <product name>". */
export const composeTitle = (pageTitle: string, productName: string): string =>
  pageTitle ? `${pageTitle} - ${productName}` : productName;
