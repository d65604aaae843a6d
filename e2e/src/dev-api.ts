import type { Page } from 'playwright-core';

interface Envelope<T> {
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

/** The newest verification code sent to a phone number or email (developer outbox). */
export async function latestCode(baseUrl: string, to: string): Promise<string> {
  const data = await getData<{ items: { code: string | null }[] }>(`${baseUrl}/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  const code = data.items.find((m) => m.code)?.code;
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** The answer of an image captcha (developer endpoint). */
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
