import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ROVING_ITEM, rovingTarget, useRovingFocus, type RovingOptions } from './use-roving-focus';

describe('rovingTarget', () => {
  it('moves along the orientation, jumps with Home and End, and ignores other keys', () => {
    expect(rovingTarget('ArrowRight', 0, 3)).toBe(1);
    expect(rovingTarget('ArrowLeft', 1, 3)).toBe(0);
    expect(rovingTarget('ArrowDown', 0, 3)).toBeNull();
    expect(rovingTarget('ArrowDown', 0, 3, { orientation: 'vertical' })).toBe(1);
    expect(rovingTarget('ArrowRight', 0, 3, { orientation: 'vertical' })).toBeNull();
    expect(rovingTarget('ArrowUp', 2, 3, { orientation: 'both' })).toBe(1);
    expect(rovingTarget('Home', 2, 3)).toBe(0);
    expect(rovingTarget('End', 0, 3)).toBe(2);
    expect(rovingTarget('Enter', 0, 3)).toBeNull();
    expect(rovingTarget('ArrowRight', 0, 0)).toBeNull();
  });

  it('wraps at the ends unless told not to, and enters from the nearest end', () => {
    expect(rovingTarget('ArrowRight', 2, 3)).toBe(0);
    expect(rovingTarget('ArrowLeft', 0, 3)).toBe(2);
    expect(rovingTarget('ArrowRight', 2, 3, { loop: false })).toBe(2);
    expect(rovingTarget('ArrowLeft', 0, 3, { loop: false })).toBe(0);
    expect(rovingTarget('ArrowRight', -1, 3)).toBe(0);
    expect(rovingTarget('ArrowLeft', -1, 3)).toBe(2);
  });
});

function Toolbar(props: RovingOptions) {
  const { ref, onKeyDown } = useRovingFocus<HTMLDivElement>(props);
  return (
    <div ref={ref} role="toolbar" aria-label="tools" tabIndex={-1} onKeyDown={onKeyDown}>
      <button type="button" {...{ [ROVING_ITEM]: '' }} tabIndex={0}>
        one
      </button>
      <button type="button" {...{ [ROVING_ITEM]: '' }} tabIndex={-1} disabled>
        two
      </button>
      <button type="button" {...{ [ROVING_ITEM]: '' }} tabIndex={-1}>
        three
      </button>
      <button type="button">not an item</button>
    </div>
  );
}

describe('useRovingFocus', () => {
  it('moves focus among the marked items, skipping disabled ones, and reports the move', async () => {
    const user = userEvent.setup();
    const onMove = vi.fn();
    render(<Toolbar onMove={onMove} />);
    screen.getByRole('button', { name: 'one' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'three' }));
    expect(onMove).toHaveBeenLastCalledWith(screen.getByRole('button', { name: 'three' }), 1);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'one' }));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'three' }));
    // Keys with a modifier belong to the browser.
    await user.keyboard('{Control>}{Home}{/Control}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'three' }));
  });
});
