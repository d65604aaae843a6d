import { memo, startTransition, Suspense, use, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';

const subscribe = () => () => undefined;
const BUSY = <div aria-busy="true" />;
/** True on the server and while the browser hydrates the server's HTML; false on a client render. */
const useFromServer = () =>
  useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  );

/** Opens when the place comes near the viewport; hydration of what it holds waits for it. */
interface Gate {
  opened: Promise<void>;
  release: () => void;
}
function newGate(): Gate {
  let release = () => undefined as void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  return { opened, release };
}

/**
 * Suspends while hydrating until the gate opens: React then leaves the server's HTML of the
 * boundary as it is (visible, in the document, not yet interactive) and hydrates it when the
 * promise resolves. A click in it before that makes React hydrate it at once (React replays the
 * event). On a client render (nothing to keep) it never waits.
 */
function Gated({ gate, children }: { gate: Gate | null; children: ReactNode }) {
  const hydrating = useFromServer();
  // Always `use` it while hydrating (React warns when a render that suspended does not call `use`
  // again); once resolved it returns at once.
  if (gate && hydrating) use(gate.opened);
  return children;
}

/**
 * Holds the children it had while the gate is closed, so a re-render of the page above (fresh data,
 * a language change) does not reach a boundary that is still dehydrated: React would then give up
 * on hydrating it and render it afresh at once.
 */
const Boundary = memo(function Boundary({ gate, fallback, children }: { gate: Gate | null; fallback: ReactNode; children: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <Gated gate={gate}>{children}</Gated>
    </Suspense>
  );
});

/**
 * Below-the-fold content (decision records 0033, 0078). Its place is skipped by style and layout
 * while it is off screen (`content-visibility: auto`, `.later`).
 *
 * - Server rendering: the children, at once (they are the page's content, for readers and crawlers).
 * - Hydration: the server's HTML stays untouched until the place comes within `rootMargin` of the
 *   viewport, then it hydrates (a Suspense boundary that waits), so the first hydration does only
 *   the first screen.
 * - Client render: `fallback` first, then, at an idle moment, the children in a low-priority render
 *   that React slices so it yields to the browser. The default fallback is an empty busy region: assistive
 *   technology, and anything else waiting for the page to finish (the e2e `settle`), can tell the
 *   rest of the page is still coming.
 */
export function Later({ children, fallback = BUSY, rootMargin = '200px' }: { children: ReactNode; fallback?: ReactNode; rootMargin?: string }) {
  const fromServer = useFromServer();
  const ref = useRef<HTMLDivElement>(null);
  // Only a browser hydrating the server's HTML waits (the server has no IntersectionObserver and
  // renders everything at once).
  const [gate] = useState(() => (fromServer && typeof IntersectionObserver !== 'undefined' ? newGate() : null));
  const [shown, setShown] = useState(fromServer);
  const [open, setOpen] = useState(gate === null);
  // What the server rendered, kept while the place is still dehydrated.
  const [first] = useState(children);
  useEffect(() => {
    if (shown) return;
    // Each place waits for an idle moment of its own, so each renders and is committed in its own
    // task, not all of them together in one long commit.
    const show = () => startTransition(() => setShown(true));
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(show, { timeout: 1000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(show, 0);
    return () => clearTimeout(id);
  }, [shown]);
  useEffect(() => {
    const el = ref.current;
    if (!gate || open) return;
    const openGate = () => {
      gate.release();
      startTransition(() => setOpen(true));
    };
    if (!el) return openGate();
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && openGate(), { rootMargin });
    observer.observe(el);
    // Focus (keyboard) or a touch reaching it first: hydrate now, React then replays the click.
    el.addEventListener('focusin', openGate);
    el.addEventListener('pointerdown', openGate);
    return () => {
      observer.disconnect();
      el.removeEventListener('focusin', openGate);
      el.removeEventListener('pointerdown', openGate);
    };
  }, [gate, rootMargin, open]);
  return (
    <div ref={ref} className="later">
      {shown ? (
        <Boundary gate={gate} fallback={fallback}>
          {open ? children : first}
        </Boundary>
      ) : (
        fallback
      )}
    </div>
  );
}
