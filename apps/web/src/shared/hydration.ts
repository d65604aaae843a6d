import { useEffect } from 'react';

/**
 * When a server-rendered page is wholly the app's. The root commits first; the page itself, under
 * its layout's Suspense boundary, is hydrated in a later pass React may interrupt. What changes the
 * server's data (a reader's own answers) must wait for that pass: a component hydrated after its
 * query's data changed would not match the server's HTML (decision record 0075).
 */
let done: (() => void) | null = null;
const hydrated = new Promise<void>((resolve) => {
  done = resolve;
});

/** Resolves once the page under the layout has been hydrated (or first rendered, on a browser render). */
export const pageHydrated = (): Promise<void> => hydrated;

/** Placed last inside a layout's Suspense boundary: its effect runs once the page above it has committed. */
export function PageHydrated(): null {
  useEffect(() => {
    done?.();
    done = null;
  }, []);
  return null;
}
