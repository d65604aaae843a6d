import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * "Kept alive" (spec §2): the page remembers where it was scrolled to for this key (e.g. the
 * selected day) and goes back there when it is opened again, once its content is on screen.
 */
export function useKeepScroll(key: string, ready: boolean): void {
  const storageKey = `scroll:${key}`;
  const restored = useRef<string | null>(null);

  useEffect(() => {
    if (!ready || restored.current === storageKey) return;
    restored.current = storageKey;
    const y = Number(read(storageKey));
    // After the router's own scroll handling (layout effects), and after layout settles.
    if (y > 0) requestAnimationFrame(() => window.scrollTo(0, y));
  }, [ready, storageKey]);

  // A layout effect: its cleanup runs before the next page scrolls to the top, which must not count.
  useLayoutEffect(() => {
    let frame = 0;
    const save = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => write(storageKey, String(Math.round(window.scrollY))));
    };
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', save);
    };
  }, [storageKey]);
}

export function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function write(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Without storage the page simply opens at the top.
  }
}
