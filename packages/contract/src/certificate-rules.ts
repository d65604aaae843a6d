/**
 * Certificate paths and the resident ID rule, zod-free so the web imports them
 * (`@medportal/contract/certificate-rules`) without the schemas.
 */

/** Paths of the two downloads that are files, not envelopes (same login as the calls below). */
export const CERT_IMAGE_PATH = '/v1/user/cert/image';
export const CERT_CREDENTIAL_PATH = '/v1/user/cert/credential';
/** The public page a certificate's QR code opens. */
export const certVerifyPagePath = (code: string) => `/cert/verify/${encodeURIComponent(code)}`;

/** The 18-character mainland resident ID: 17 digits and a GB 11643 check character (0–9 or X). */
export function residentIdValid(id: string): boolean {
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (id.charCodeAt(i) - 48) * weights[i]!;
  const check = '10X98765432'[sum % 11];
  if (id[17] !== check) return false;
  // The birth date (digits 7–14) must be a real day.
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

