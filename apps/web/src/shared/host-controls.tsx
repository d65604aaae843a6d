import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { detectHost, nativeBridge } from './bridge';

/**
 * Back and refresh controls of web-view pages (`/w/...`): inside the native app they are the
 * host's own (bridge actions 14 back and 18 refresh), since the web view has no history of its own
 * to go back to and the app reloads it with a fresh login.
 */

/** Runs `fallback` in a browser or mini-program; inside the native app asks the host to reload. */
export const hostRefreshOr = (fallback: () => void) => () => {
  if (detectHost() === 'native') nativeBridge.refresh();
  else fallback();
};

export function HostBackLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (detectHost() !== 'native') return;
    event.preventDefault();
    nativeBridge.back();
  };
  return (
    <Link to={to} className={className} onClick={onClick} data-testid="host-back">
      {children}
    </Link>
  );
}
