import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Action } from '@medportal/contract';
import { ActionType } from '@medportal/contract/codes';
import { hrefForAction, opensNewTab, performAction } from '../actions';
import { showNotice } from './notice-store';

export interface ActionLinkProps {
  action: Action | null | undefined;
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
  /** Extra hover/focus handlers (e.g. live preview GIF). */
  onMouseEnter?: () => void;
  onMouseLeave?: () => void;
  onFocus?: () => void;
  onBlur?: () => void;
  onKeyDown?: (event: KeyboardEvent) => void;
}

const isPlainLeftClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/**
 * A card's link: a real `<a href>` (keyboard, middle click, SEO) whose plain left click goes
 * through `performAction`. Actions without an address become a button (MESSAGE) or plain content.
 */
export function ActionLink({ action, children, className, ...rest }: ActionLinkProps) {
  const navigate = useNavigate();
  const run = () => performAction(action, { navigate: (to) => void navigate(to), showMessage: showNotice });
  const href = hrefForAction(action);

  if (href && action) {
    const newTab = opensNewTab(action);
    return (
      <a
        {...rest}
        href={href}
        className={className}
        target={newTab ? '_blank' : undefined}
        rel={newTab ? 'noopener noreferrer' : undefined}
        onClick={(e) => {
          if (e.defaultPrevented || !isPlainLeftClick(e)) return;
          e.preventDefault();
          run();
        }}
      >
        {children}
      </a>
    );
  }
  if (action?.type === ActionType.MESSAGE && action.data?.message) {
    return (
      <button {...rest} type="button" className={`unstyled-button ${className ?? ''}`} onClick={run}>
        {children}
      </button>
    );
  }
  return (
    <div className={className} onMouseEnter={rest.onMouseEnter} onMouseLeave={rest.onMouseLeave}>
      {children}
    </div>
  );
}
