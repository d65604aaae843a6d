import type { AltchaChallenge } from '@medportal/contract';

/**
 * Solves a human-check challenge (ALTCHA proof of work) in the browser and returns the payload
 * the server checks: base64 of JSON {challenge, solution}. The solver is loaded on first use, so
 * pages without a check never download it. Null when it timed out or was aborted.
 */
export async function solveHumanCheck(challenge: AltchaChallenge, signal?: AbortSignal): Promise<string | null> {
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/web/pbkdf2')]);
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: 120_000 });
  if (!solution) return null;
  return btoa(JSON.stringify({ challenge, solution }));
}
