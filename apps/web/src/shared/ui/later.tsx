import { startTransition, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';

const subscribe = () => () => undefined;

/**
 * Renders its children in a low-priority render once what is above them is on screen. React
 * renders a transition in slices that yield to the browser, so a long page below the first
 * screen does not become one long main-thread task. Server rendering and hydration show the
 * children at once (they are in the HTML already); `fallback` stands in on a client render.
 * The default fallback is an empty busy region: assistive technology, and anything else waiting
 * for the page to finish (the e2e `settle`), can tell the rest of the page is still coming.
 */
export function Later({ children, fallback = <div aria-busy="true" /> }: { children: ReactNode; fallback?: ReactNode }) {
  const fromServer = useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  );
  const [shown, setShown] = useState(fromServer);
  useEffect(() => {
    if (!shown) startTransition(() => setShown(true));
  }, [shown]);
  return shown ? children : fallback;
}
