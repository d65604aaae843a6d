import { waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** Presses the human check (in `scope`) and waits until the browser's proof of work ticked it. */
export async function passHumanCheck(user: UserEvent, scope: HTMLElement = document.body): Promise<void> {
  const check = await within(scope).findByRole('checkbox', { name: /人机验证|Human check/ });
  await waitFor(() => expect(check.getAttribute('data-captcha-key')).toBeTruthy());
  await user.click(check);
  await waitFor(() => expect(check.getAttribute('aria-checked')).toBe('true'), { timeout: 10_000 });
}

/** The solution a form sent: ALTCHA's payload decoded. */
export function decodeHumanCheck(code: unknown): { challenge: unknown; solution: { counter: number; derivedKey: string } } {
  return JSON.parse(atob(String(code))) as { challenge: unknown; solution: { counter: number; derivedKey: string } };
}

