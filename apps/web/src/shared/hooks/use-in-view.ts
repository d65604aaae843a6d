import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has come near the viewport (and stays true), so below-the-fold extras
 * such as footer QR codes load only when someone scrolls to them.
 */
export function useInView(ref: RefObject<Element | null>, rootMargin = '200px'): boolean {
  // Not on the server: what waits for the viewport is no part of a server-rendered page.
  const [seen, setSeen] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, rootMargin, seen]);
  return seen;
}
