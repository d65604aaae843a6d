import { useCallback, useEffect, useRef, type KeyboardEvent } from 'react';

/** Which arrow keys move: left/right, up/down, or all four. */
export type RovingOrientation = 'horizontal' | 'vertical' | 'both';

export interface RovingOptions {
  orientation?: RovingOrientation;
  /** Past the last item the first comes next, and the other way round (default true). */
  loop?: boolean;
  /** The container's items, in order (default: elements marked `data-roving-item`). */
  selector?: string;
  /** Called with the item a key moved to, after it has focus (tabs and strips select it). */
  onMove?: (item: HTMLElement, index: number) => void;
}

export const ROVING_ITEM = 'data-roving-item';

const PREVIOUS: Record<RovingOrientation, string[]> = { horizontal: ['ArrowLeft'], vertical: ['ArrowUp'], both: ['ArrowLeft', 'ArrowUp'] };
const NEXT: Record<RovingOrientation, string[]> = { horizontal: ['ArrowRight'], vertical: ['ArrowDown'], both: ['ArrowRight', 'ArrowDown'] };

/**
 * The index a key moves to among `count` items from `current` (-1: none has focus yet), or null
 * when the key is not one of the widget's: arrows along the orientation, Home and End.
 */
export function rovingTarget(key: string, current: number, count: number, { orientation = 'horizontal', loop = true }: Pick<RovingOptions, 'orientation' | 'loop'> = {}): number | null {
  if (count === 0) return null;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  const step = PREVIOUS[orientation].includes(key) ? -1 : NEXT[orientation].includes(key) ? 1 : 0;
  if (step === 0) return null;
  if (current < 0) return step > 0 ? 0 : count - 1;
  const next = current + step;
  if (loop) return (next + count) % count;
  return Math.max(0, Math.min(count - 1, next));
}

/**
 * Arrow keys, Home and End move focus among a composite widget's items (WAI-ARIA "roving
 * tabindex": the caller gives the current item tabIndex 0 and the others -1, so the widget is one
 * Tab stop). Spread `ref` and `onKeyDown` on the container; items are found in the DOM when a key
 * is pressed, so lists that change need no bookkeeping. Disabled items are skipped.
 */
export function useRovingFocus<T extends HTMLElement = HTMLElement>(options: RovingOptions = {}) {
  const ref = useRef<T>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const onKeyDown = useCallback((event: KeyboardEvent<T>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.nativeEvent.isComposing) return;
    const container = ref.current;
    if (!container) return;
    const { selector = `[${ROVING_ITEM}]`, onMove, ...rest } = latest.current;
    const items = Array.from(container.querySelectorAll<HTMLElement>(selector)).filter((el) => !(el as HTMLButtonElement).disabled);
    const current = items.findIndex((el) => el === document.activeElement || el.contains(document.activeElement));
    const target = rovingTarget(event.key, current, items.length, rest);
    if (target === null) return;
    event.preventDefault();
    const item = items[target];
    if (!item) return;
    item.focus();
    onMove?.(item, target);
  }, []);

  return { ref, onKeyDown };
}
