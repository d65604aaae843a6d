import { commonParams } from './api-client';

/**
 * Sends a small JSON POST that survives the page closing: `navigator.sendBeacon` with a
 * text/plain body (it can set no headers, so the common parameters and the token ride in the
 * body, which beacon endpoints accept), else a keep-alive fetch.
 */
export function sendBeacon(path: string, body: Record<string, unknown>): void {
  const payload = JSON.stringify({ ...commonParams(), ...body });
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(path, payload)) return;
  } catch {
    // Fall through to fetch.
  }
  void fetch(path, { method: 'POST', body: payload, keepalive: true, headers: { 'content-type': 'text/plain;charset=UTF-8' }, credentials: 'same-origin' }).catch(
    () => undefined,
  );
}
