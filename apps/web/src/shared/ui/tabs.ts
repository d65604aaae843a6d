import { useEffect } from 'react';
import { ROVING_ITEM, useRovingFocus } from '../hooks/use-roving-focus';

export interface TabsOptions<K> {
  /** The tabs, in the order they are rendered. */
  keys: readonly K[];
  /** The selected tab; when it is not one of `keys`, the first tab is the keyboard entry point. */
  selected: K | undefined;
  onSelect: (key: K) => void;
  /** The id of a tab's element (the panel is labelled by the selected one). */
  tabId: (key: K) => string;
  /** The id of the one panel that shows the selected tab's content. */
  panelId: string;
  /**
   * `automatic` (default) selects a tab as soon as an arrow key focuses it; `manual` waits for
   * Enter or Space, for tabs whose panel needs a network trip before it shows.
   */
  activation?: 'automatic' | 'manual';
  orientation?: 'horizontal' | 'vertical';
  /** Past the last tab the first comes next (default true; a strip of dates stops at its ends). */
  loop?: boolean;
}

/**
 * The WAI-ARIA tabs pattern as prop getters, so each feature keeps its own markup and styles:
 * one Tab stop for the tab list (roving tabindex), arrow keys, Home and End move between tabs,
 * and tab, tablist and tabpanel carry their roles, `aria-selected`, `aria-controls` and labels.
 */
export function useTabs<K extends string | number, L extends HTMLElement = HTMLDivElement>({
  keys,
  selected,
  onSelect,
  tabId,
  panelId,
  activation = 'automatic',
  orientation = 'horizontal',
  loop = true,
}: TabsOptions<K>) {
  const { ref: listRef, onKeyDown } = useRovingFocus<L>({
    orientation,
    loop,
    selector: `[role="tab"][${ROVING_ITEM}]`,
    onMove: (_item, index) => {
      const key = keys[index];
      if (activation === 'automatic' && key !== undefined && key !== selected) onSelect(key);
    },
  });
  const focusable = selected !== undefined && keys.includes(selected) ? selected : keys[0];
  const selectedId = selected !== undefined && keys.includes(selected) ? tabId(selected) : null;

  // A tab list that scrolls sideways (phones, long date strips) brings the selected tab into its
  // view; only the list scrolls, so the page never jumps to it.
  useEffect(() => {
    const list = listRef.current;
    const tab = selectedId ? document.getElementById(selectedId) : null;
    if (!list || !tab || !list.contains(tab) || list.scrollWidth <= list.clientWidth) return;
    const left = tab.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + tab.offsetWidth > list.scrollLeft + list.clientWidth) list.scrollLeft = left - (list.clientWidth - tab.offsetWidth) / 2;
  }, [selectedId, listRef]);

  return {
    listProps: {
      ref: listRef,
      role: 'tablist',
      'aria-orientation': orientation === 'vertical' ? ('vertical' as const) : undefined,
      onKeyDown,
    },
    tabProps: (key: K) => ({
      type: 'button' as const,
      role: 'tab',
      id: tabId(key),
      'aria-selected': key === selected,
      'aria-controls': panelId,
      tabIndex: key === focusable ? 0 : -1,
      [ROVING_ITEM]: '',
      onClick: () => onSelect(key),
    }),
    panelProps: {
      role: 'tabpanel',
      id: panelId,
      'aria-labelledby': selected !== undefined && keys.includes(selected) ? tabId(selected) : undefined,
    },
  };
}
