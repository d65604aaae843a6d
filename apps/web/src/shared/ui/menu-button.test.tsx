import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useMenuButton } from './menu-button';

function Example() {
  const menu = useMenuButton();
  return (
    <>
      <div {...menu.rootProps}>
        <button {...menu.buttonProps}>Account</button>
        <ul {...menu.menuProps}>
          {['Profile', 'Password', 'Log out'].map((name) => (
            <li key={name} role="none">
              <a {...menu.itemProps} href={`#${name}`}>
                {name}
              </a>
            </li>
          ))}
        </ul>
      </div>
      <button type="button">after</button>
    </>
  );
}

const item = (name: string) => screen.getByRole('menuitem', { name });

describe('useMenuButton', () => {
  it('opens on Enter with focus on the first item, moves with arrows, Home, End and a typed letter', async () => {
    const user = userEvent.setup();
    render(<Example />);
    const button = screen.getByRole('button', { name: 'Account' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();

    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('menu', { name: 'Account' }).id).toBe(button.getAttribute('aria-controls'));
    expect(document.activeElement).toBe(item('Profile'));
    expect(item('Profile').tabIndex).toBe(-1);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(item('Password'));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(item('Profile'));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(item('Log out'));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(item('Profile'));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(item('Log out'));
    await user.keyboard('p');
    expect(document.activeElement).toBe(item('Profile'));
    await user.keyboard('p');
    expect(document.activeElement).toBe(item('Password'));
  });

  it('opens on ArrowUp at the last item; Escape closes and gives focus back to the button', async () => {
    const user = userEvent.setup();
    render(<Example />);
    const button = screen.getByRole('button', { name: 'Account' });
    button.focus();
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(item('Log out'));
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(item('Profile'));
  });

  it('closes when Tab leaves it, an item is chosen, or the pointer presses outside', async () => {
    const user = userEvent.setup();
    render(<Example />);
    const button = screen.getByRole('button', { name: 'Account' });
    await user.click(button);
    expect(document.activeElement).toBe(item('Profile'));
    await user.tab();
    expect(button.getAttribute('aria-expanded')).toBe('false');

    await user.click(button);
    await user.click(item('Password'));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'after' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
