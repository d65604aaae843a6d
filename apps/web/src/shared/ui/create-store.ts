import { useSyncExternalStore } from 'react';

/** A tiny external store for app-wide UI state that imperative code (loaders, helpers) must set. */
export function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const get = () => value;
  return {
    get,
    set(next: T) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe,
    useValue: () => useSyncExternalStore(subscribe, get, get),
  };
}
