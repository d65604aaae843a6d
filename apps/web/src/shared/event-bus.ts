/**
 * The page-wide event bus (spec §4): a layout announces what its pages need, by name. The last
 * value of each event is kept, so a page mounted after the announcement still receives it.
 */
type Listener = (payload: unknown) => void;

const listeners = new Map<string, Set<Listener>>();
const last = new Map<string, unknown>();

export const eventBus = {
  emit<T>(name: string, payload: T): void {
    last.set(name, payload);
    for (const fn of listeners.get(name) ?? []) fn(payload);
  },
  /** Calls `fn` with the last announced value at once (if any), then with every new one; returns the unsubscribe. */
  on<T>(name: string, fn: (payload: T) => void): () => void {
    const set = listeners.get(name) ?? new Set<Listener>();
    listeners.set(name, set);
    set.add(fn as Listener);
    if (last.has(name)) fn(last.get(name) as T);
    return () => set.delete(fn as Listener);
  },
  /** Forgets an announcement (a layout leaving the page). */
  clear(name: string): void {
    last.delete(name);
  },
};
