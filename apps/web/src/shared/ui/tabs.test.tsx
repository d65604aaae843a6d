import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useTabs, type TabsOptions } from './tabs';

const KEYS = ['a', 'b', 'c'] as const;
type Key = (typeof KEYS)[number];

function Example({ initial = 'a', activation, onSelect }: { initial?: Key | 'x'; activation?: TabsOptions<Key>['activation']; onSelect?: (key: Key) => void }) {
  const [selected, setSelected] = useState<Key | 'x'>(initial);
  const tabs = useTabs<Key>({
    keys: KEYS,
    selected: selected as Key,
    onSelect: (key) => {
      onSelect?.(key);
      setSelected(key);
    },
    tabId: (key) => `tab-${key}`,
    panelId: 'panel',
    activation,
  });
  return (
    <>
      <button type="button">before</button>
      <div {...tabs.listProps} aria-label="Letters">
        {KEYS.map((key) => (
          <button key={key} {...tabs.tabProps(key)}>
            Tab {key.toUpperCase()}
          </button>
        ))}
      </div>
      <div {...tabs.panelProps}>Panel of {selected}</div>
    </>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('useTabs', () => {
  it('gives the tab list one Tab stop and wires roles, selection and the panel', async () => {
    const user = userEvent.setup();
    render(<Example initial="b" />);
    const list = screen.getByRole('tablist', { name: 'Letters' });
    expect(within(list).getAllByRole('tab').map((t) => [t.id, t.getAttribute('aria-selected'), t.tabIndex, t.getAttribute('aria-controls')])).toEqual([
      ['tab-a', 'false', -1, 'panel'],
      ['tab-b', 'true', 0, 'panel'],
      ['tab-c', 'false', -1, 'panel'],
    ]);
    expect(screen.getByRole('tabpanel', { name: 'Tab B' }).textContent).toBe('Panel of b');

    screen.getByRole('button', { name: 'before' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(tab('Tab B'));
    await user.tab();
    expect(document.activeElement?.getAttribute('role')).not.toBe('tab');
  });

  it('selects with the arrow keys, Home and End, wrapping at the ends', async () => {
    const user = userEvent.setup();
    render(<Example />);
    tab('Tab A').focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Tab B'));
    expect(tab('Tab B').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel of b');
    await user.keyboard('{End}');
    expect(tab('Tab C').getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Tab A'));
    expect(tab('Tab A').tabIndex).toBe(0);
    await user.keyboard('{ArrowLeft}');
    expect(tab('Tab C').getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Home}');
    expect(tab('Tab A').getAttribute('aria-selected')).toBe('true');
    // Up and down belong to the page in a horizontal tab list.
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(tab('Tab A'));
  });

  it('with manual activation, arrows only move focus; Enter or Space selects', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Example activation="manual" onSelect={onSelect} />);
    tab('Tab A').focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Tab B'));
    expect(tab('Tab A').getAttribute('aria-selected')).toBe('true');
    expect(onSelect).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('b');
    expect(tab('Tab B').getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowRight}{ }');
    expect(tab('Tab C').getAttribute('aria-selected')).toBe('true');
  });

  it('makes the first tab the entry point when the selection is not one of the tabs', () => {
    render(<Example initial="x" />);
    expect(tab('Tab A').tabIndex).toBe(0);
    expect(screen.getAllByRole('tab').filter((t) => t.getAttribute('aria-selected') === 'true')).toHaveLength(0);
  });
});
