import { useSyncExternalStore } from 'react';
import { SEARCH_HISTORY_MAX, SEARCH_HISTORY_SEPARATOR, SEARCH_HISTORY_STORAGE_KEY } from '@medportal/contract/constants';

/**
 * The visitor's recent search terms (spec §9): at most 10, newest first, no duplicates, kept in
 * local storage as one comma-joined string. A term may itself contain the separator, so `%` and
 * the separator are percent-escaped inside an entry; plain terms are stored exactly as typed
 * (docs/decisions/0012-search-box-and-history.md).
 */

const SEP = SEARCH_HISTORY_SEPARATOR;
const SEP_HEX = SEP.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0');
// Only the two escapes we write are undone, so a stray `%` in older data survives as is.
const ESCAPES = new RegExp(`%(25|${SEP_HEX})`, 'gi');

const escapeEntry = (term: string) => term.replaceAll('%', '%25').replaceAll(SEP, `%${SEP_HEX}`);
const unescapeEntry = (raw: string) => raw.replace(ESCAPES, (_m, hex: string) => (hex === '25' ? '%' : SEP));

/** The stored string as a list: empty entries dropped, duplicates and overflow removed. */
export function parseSearchHistory(raw: string | null): string[] {
  if (!raw) return [];
  return normalise(raw.split(SEP).map(unescapeEntry));
}

export const serializeSearchHistory = (terms: readonly string[]): string => terms.map(escapeEntry).join(SEP);

function normalise(terms: readonly string[]): string[] {
  const out: string[] = [];
  for (const term of terms) {
    const t = term.trim();
    if (t && !out.includes(t)) out.push(t);
    if (out.length === SEARCH_HISTORY_MAX) break;
  }
  return out;
}

/** `term` first, then the previous entries without it, capped at the maximum. */
export const withSearchTerm = (terms: readonly string[], term: string): string[] => normalise([term, ...terms]);

const listeners = new Set<() => void>();
let cache: { raw: string | null; list: string[] } = { raw: null, list: [] };

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(SEARCH_HISTORY_STORAGE_KEY);
  } catch {
    return null;
  }
}

function write(terms: readonly string[]): void {
  try {
    if (terms.length) window.localStorage.setItem(SEARCH_HISTORY_STORAGE_KEY, serializeSearchHistory(terms));
    else window.localStorage.removeItem(SEARCH_HISTORY_STORAGE_KEY);
  } catch {
    // Storage may be full or unavailable (private mode): searching still works without history.
  }
  for (const listener of listeners) listener();
}

/** The current history, newest first (the same array until the stored string changes). */
export function readSearchHistory(): string[] {
  const raw = readRaw();
  if (raw !== cache.raw) cache = { raw, list: parseSearchHistory(raw) };
  return cache.list;
}

/** Records a search; blank terms are ignored. */
export function addSearchHistory(term: string): void {
  if (!term.trim()) return;
  write(withSearchTerm(readSearchHistory(), term));
}

export const clearSearchHistory = (): void => write([]);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the history.
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === SEARCH_HISTORY_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The history, re-rendering when this or another tab changes it. */
export const useSearchHistory = (): string[] => useSyncExternalStore(subscribe, readSearchHistory, readSearchHistory);
