import { useCallback, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useDismiss } from '../hooks/use-dismiss';
import { rovingTarget } from '../hooks/use-roving-focus';

const ITEM = '[role="menuitem"]';

/**
 * The WAI-ARIA menu button pattern as prop getters (the menu's items are links): Enter, Space or
 * ArrowDown on the button opens the menu on its first item, ArrowUp on its last; in the menu the
 * arrow keys, Home, End and a typed first letter move, Escape closes it and focus goes back to the
 * button, Tab closes it and moves on. Choosing an item or a press outside closes it too.
 */
export function useMenuButton() {
  const [open, setOpen] = useState(false);
  const buttonId = useId();
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  // Which item gets focus once the opened menu has rendered (n: every request moves focus).
  const [focusRequest, setFocusRequest] = useState<{ where: 'first' | 'last'; n: number }>({ where: 'first', n: 0 });

  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, rootRef, buttonRef);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEM) ?? []);

  useEffect(() => {
    if (!open) return;
    const all = items();
    (focusRequest.where === 'first' ? all[0] : all.at(-1))?.focus();
  }, [open, focusRequest]);

  const openAt = (where: 'first' | 'last') => {
    setFocusRequest((r) => ({ where, n: r.n + 1 }));
    setOpen(true);
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const all = items();
    const current = all.findIndex((el) => el === document.activeElement);
    if (event.key === 'Tab') {
      setOpen(false);
      return;
    }
    let target = rovingTarget(event.key, current, all.length, { orientation: 'vertical', loop: true });
    if (target === null && event.key.length === 1 && event.key.trim()) {
      // Type-ahead: the next item whose text starts with the typed character.
      const char = event.key.toLocaleLowerCase();
      const order = all.map((_, i) => (current + 1 + i) % all.length);
      const found = order.find((i) => all[i]?.textContent?.trim().toLocaleLowerCase().startsWith(char));
      target = found ?? null;
    }
    if (target === null) return;
    event.preventDefault();
    all[target]?.focus();
  };

  return {
    open,
    close,
    rootProps: {
      ref: rootRef,
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      },
    },
    buttonProps: {
      ref: buttonRef,
      id: buttonId,
      type: 'button' as const,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': menuId,
      onClick: () => (open ? setOpen(false) : openAt('first')),
      onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
        if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
        event.preventDefault();
        openAt(event.key === 'ArrowDown' ? 'first' : 'last');
      },
    },
    menuProps: {
      ref: menuRef,
      id: menuId,
      role: 'menu',
      'aria-labelledby': buttonId,
      hidden: !open,
      onKeyDown: onMenuKeyDown,
    },
    itemProps: {
      role: 'menuitem',
      tabIndex: -1,
      onClick: () => {
        setOpen(false);
        buttonRef.current?.focus();
      },
    },
  };
}
