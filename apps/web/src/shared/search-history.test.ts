import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SEARCH_HISTORY_MAX, SEARCH_HISTORY_STORAGE_KEY } from '@medportal/contract/constants';
import {
  addSearchHistory,
  clearSearchHistory,
  parseSearchHistory,
  readSearchHistory,
  serializeSearchHistory,
  useSearchHistory,
} from './search-history';

const stored = () => window.localStorage.getItem(SEARCH_HISTORY_STORAGE_KEY);

describe('search history', () => {
  it('keeps the newest term first, stored comma-joined', () => {
    addSearchHistory('肺癌');
    addSearchHistory('diabetes');
    addSearchHistory('  高血压  ');
    expect(readSearchHistory()).toEqual(['高血压', 'diabetes', '肺癌']);
    expect(stored()).toBe('高血压,diabetes,肺癌');
  });

  it('moves a repeated term to the front instead of listing it twice', () => {
    for (const term of ['a', 'b', 'c', 'a']) addSearchHistory(term);
    expect(readSearchHistory()).toEqual(['a', 'c', 'b']);
  });

  it(`keeps at most ${SEARCH_HISTORY_MAX} entries, dropping the oldest`, () => {
    for (let i = 1; i <= 11; i++) addSearchHistory(`term${i}`);
    const list = readSearchHistory();
    expect(list).toHaveLength(SEARCH_HISTORY_MAX);
    expect(list[0]).toBe('term11');
    expect(list.at(-1)).toBe('term2');
    expect(list).not.toContain('term1');
  });

  it('ignores blank terms', () => {
    addSearchHistory('   ');
    addSearchHistory('');
    expect(readSearchHistory()).toEqual([]);
    expect(stored()).toBeNull();
  });

  it('keeps a term containing the separator as one entry', () => {
    addSearchHistory('PD-1');
    addSearchHistory('肺癌,靶向');
    addSearchHistory('100%,2C');
    expect(readSearchHistory()).toEqual(['100%,2C', '肺癌,靶向', 'PD-1']);
    // Another read of the raw value (e.g. a new tab) gives the same list.
    expect(parseSearchHistory(stored())).toEqual(['100%,2C', '肺癌,靶向', 'PD-1']);
    expect(stored()?.split(',')).toHaveLength(3);
  });

  it('reads values written by others: plain comma-joined, duplicates and empties cleaned', () => {
    window.localStorage.setItem(SEARCH_HISTORY_STORAGE_KEY, 'a,,b,a, c ,50%');
    expect(readSearchHistory()).toEqual(['a', 'b', 'c', '50%']);
    expect(parseSearchHistory(null)).toEqual([]);
    expect(parseSearchHistory(Array.from({ length: 15 }, (_, i) => `t${i}`).join(','))).toHaveLength(SEARCH_HISTORY_MAX);
  });

  it('round-trips through serialise and parse', () => {
    const terms = ['x,y', '%2C', '%25', 'plain'];
    expect(parseSearchHistory(serializeSearchHistory(terms))).toEqual(terms);
  });

  it('clears everything', () => {
    addSearchHistory('a');
    clearSearchHistory();
    expect(readSearchHistory()).toEqual([]);
    expect(stored()).toBeNull();
  });

  it('re-renders subscribers on changes, including from another tab', () => {
    const { result } = renderHook(() => useSearchHistory());
    expect(result.current).toEqual([]);
    act(() => addSearchHistory('a'));
    expect(result.current).toEqual(['a']);
    act(() => {
      window.localStorage.setItem(SEARCH_HISTORY_STORAGE_KEY, 'z,a');
      window.dispatchEvent(new StorageEvent('storage', { key: SEARCH_HISTORY_STORAGE_KEY }));
    });
    expect(result.current).toEqual(['z', 'a']);
    act(() => clearSearchHistory());
    expect(result.current).toEqual([]);
  });
});
