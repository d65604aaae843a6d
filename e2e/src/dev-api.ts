import type { Page } from 'playwright-core';

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

async function getData<T>(url: string): Promise<T> {
  const res = await fetch(url);
  const body = (await res.json()) as Envelope<T>;
  if (body.code !== 0) throw new Error(`${url} answered ${body.code}: ${body.message}`);
  return body.data;
}

/**
 * The newest verification code delivered to a phone number or email (developer outbox). Messages
 * are delivered off the request path by the server's outbox worker: this asks again until the
 * outbox reports nothing pending for the address and holds a code, then reads the newest one.
 */
export async function latestCode(baseUrl: string, to: string, timeoutMs = 15_000): Promise<string> {
  const url = `${baseUrl}/v1/dev/outbox?to=${encodeURIComponent(to)}`;
  const until = Date.now() + timeoutMs;
  for (;;) {
    const data = await getData<{ items: { code: string | null }[]; pending: number }>(url);
    const code = data.pending === 0 ? data.items.find((m) => m.code)?.code : undefined;
    if (code) return code;
    // Nothing yet can also mean the request that sends it has not reached the server: a click
    // returns before the page's fetch does.
    if (Date.now() > until) {
      throw new Error(data.pending > 0 ? `messages to ${to} still queued after ${timeoutMs} ms` : `no code in the outbox for ${to} after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The solved payload of a human-check challenge (developer endpoint). */
export async function captchaAnswer(baseUrl: string, key: string): Promise<string> {
  return (await getData<{ code: string }>(`${baseUrl}/v1/dev/captcha/${encodeURIComponent(key)}`)).code;
}

/**
 * Resolves with the key of the next captcha image the page loads. Start waiting before the action
 * that makes the page load one.
 */
export function nextCaptchaKey(page: Page): Promise<string> {
  return page
    .waitForResponse((res) => new URL(res.url()).pathname === '/v1/user/verify_code_image')
    .then(async (res) => ((await res.json()) as Envelope<{ captcha_key: string }>).data.captcha_key);
}

export interface ApiInit {
  method?: string;
  body?: unknown;
  token?: string;
}

/** Calls the API directly (outside the browser) and returns the whole envelope. */
export async function apiCall<T>(baseUrl: string, path: string, init: ApiInit = {}): Promise<Envelope<T>> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  return (await res.json()) as Envelope<T>;
}

/**
 * Logs a new user in through SMS and the developer outbox; returns the access token.
 * `prefix` keeps the numbers of different test files apart.
 */
export async function loginViaApi(baseUrl: string, prefix: string): Promise<string> {
  return (await loginUserViaApi(baseUrl, prefix)).token;
}

/** Like `loginViaApi`, also answering the new user's mobile number (for later codes). */
export async function loginUserViaApi(baseUrl: string, prefix: string): Promise<{ token: string; mobile: string }> {
  const mobile = `${prefix}${String(Date.now()).slice(-8)}`;
  const captcha = await apiCall<{ captcha_key: string }>(baseUrl, '/v1/user/verify_code_image');
  const captcha_code = await captchaAnswer(baseUrl, captcha.data.captcha_key);
  const body = { mobile, scene: 'login', captcha_key: captcha.data.captcha_key, captcha_code };
  const sent = await apiCall(baseUrl, '/v1/user/send/sms', { method: 'POST', body });
  if (sent.code !== 0) throw new Error(`send sms: ${sent.message}`);
  const code = await latestCode(baseUrl, mobile);
  const login = await apiCall<{ user_access_token: string }>(baseUrl, '/v1/user/login', {
    method: 'POST',
    body: { type: 'sms', agree_terms: true, mobile, code },
  });
  if (login.code !== 0) throw new Error(`login: ${login.message}`);
  return { token: login.data.user_access_token, mobile };
}

/** Polls an observable condition (the probe) until it holds, or fails naming it after the timeout. */
export async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    // The poll interval of a wait on an observable condition (the probe), not a fixed sleep.
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Waits until the server answers `path` with its rendered page (not the browser-rendered shell it
 * sends while a render is still running). The page is then kept a few seconds (decision record
 * 0030) for the test's own visit.
 */
export const serverRendered = (baseUrl: string, path: string, timeoutMs?: number) =>
  waitFor(`the server's rendered ${path}`, async () => (await (await fetch(`${baseUrl}${path}`)).text()).includes('id="ssr-state"'), timeoutMs);
