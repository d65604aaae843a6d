import { SAFE_URL_SUFFIX } from '@medportal/contract/constants';
import { browserNavigation } from '../../../shared/env';

/** Where to go after logging in, decided from a `callback` parameter. */
export type CallbackTarget = { kind: 'route'; to: string } | { kind: 'external'; href: string };

const HOME: CallbackTarget = { kind: 'route', to: '/' };

/** A host of ours: the product's own domain or one of its subdomains (spec §5 safe-URL check). */
const isOurHost = (hostname: string): boolean => {
  const bare = SAFE_URL_SUFFIX.replace(/^\./, '');
  return hostname === bare || hostname.endsWith(SAFE_URL_SUFFIX);
};

/**
 * Resolves a callback to a same-origin route or a sister product of ours; anything else
 * (other sites, `javascript:` URLs, protocol-relative `//evil`) falls back to the home page.
 */
export function resolveCallback(raw: string | null | undefined, origin: string = window.location.origin): CallbackTarget {
  if (!raw) return HOME;
  const value = raw.trim();
  // Backslashes are read as slashes by browsers: "/\evil.com" would leave the site.
  if (!value || value.includes('\\')) return HOME;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return HOME;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return HOME;
  if (url.origin === origin) {
    // Coming back to the login or logout page would loop (or log out again).
    if (/^\/(login|logout)\/?$/.test(url.pathname)) return HOME;
    const to = `${url.pathname}${url.search}${url.hash}`;
    return { kind: 'route', to };
  }
  if (url.protocol === 'https:' && isOurHost(url.hostname)) return { kind: 'external', href: url.href };
  return HOME;
}

/** The `callback` query parameter of a URL or search string, unresolved. */
export const callbackParam = (search: string): string | null => new URLSearchParams(search).get('callback');

/** Goes to a resolved callback: router navigation inside the app, a full page load otherwise. */
export function goToCallback(target: CallbackTarget, navigate: (to: string, options?: { replace?: boolean }) => unknown): void {
  if (target.kind === 'route') void navigate(target.to, { replace: true });
  else browserNavigation.assign(target.href);
}

/** The callback as a full URL, for links to other pages (register, WeChat) that pass it on. */
export const callbackHref = (target: CallbackTarget, origin: string = window.location.origin): string =>
  target.kind === 'route' ? `${origin}${target.to}` : target.href;
