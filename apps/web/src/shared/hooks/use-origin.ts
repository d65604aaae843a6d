import { useLocation } from 'react-router';
import { useHydrated } from './use-hydrated';

/**
 * The page's origin (`https://host`). A server-rendered page has none ('') and the browser fills
 * it in right after hydration, so both render the same first.
 */
export const useOrigin = (): string => (useHydrated() ? window.location.origin : '');

/** The full URL of the page on screen (a login callback), the same on the server and in hydration. */
export function useHereUrl(): string {
  const origin = useOrigin();
  const { pathname, search, hash } = useLocation();
  return `${origin}${pathname}${search}${hash}`;
}
