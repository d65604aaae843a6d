import { vi } from 'vitest';

/** One request seen by the fetch double. */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | null;
  /** The body of a multipart call. */
  form: FormData | null;
  headers: Headers;
}

/** A handler's answer: an envelope (`ok`/`fail`), a raw Response, or a promise of either. */
export type Answer = Envelope | Response;
interface Envelope {
  code: number;
  message: string;
  data: unknown;
}
type Handler = Answer | ((call: ApiCall) => Answer | Promise<Answer>);

export const ok = (data: unknown = null): Envelope => ({ code: 0, message: 'ok', data });
export const fail = (code: number, data: unknown = null, message = 'failed'): Envelope => ({ code, message, data });

/**
 * Stubs `fetch` with handlers keyed "METHOD /path"; anything else answers HTTP 404.
 * Returns the recorded calls and a helper to find the calls of one endpoint.
 */
export function serveApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.origin);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    const form = init?.body instanceof FormData ? init.body : null;
    const call: ApiCall = { method, path: url.pathname, query: url.searchParams, body, form, headers: new Headers(init?.headers) };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    if (handler === undefined) return new Response('Not Found', { status: 404 });
    const answer = typeof handler === 'function' ? await handler(call) : handler;
    if (answer instanceof Response) return answer;
    return new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** A human-check challenge cheap enough to solve in a test (one PBKDF2 round, a one-digit prefix). */
export const captchaChallenge = {
  parameters: { algorithm: 'PBKDF2/SHA-256', nonce: '0123456789abcdef', salt: 'fedcba9876543210', cost: 1, keyLength: 32, keyPrefix: '0', data: { k: 'cap-1' } },
  signature: 'test-signature',
};
export const captchaAnswer = (key = 'cap-1') => ok({ captcha_key: key, challenge: captchaChallenge });

export const countryCodes = ok({
  items: [
    { code: '86', iso: 'CN', name: '中国' },
    { code: '44', iso: 'GB', name: 'United Kingdom' },
  ],
});

export const loginData = (over: Record<string, unknown> = {}) => ({
  user_access_token: 'acc-1',
  user_refresh_token: 'ref-1',
  user_info: { avatar_url: '/a.svg', nickname: '李医生' },
  platform: 'web',
  is_new_user: false,
  has_password: true,
  ...over,
});
