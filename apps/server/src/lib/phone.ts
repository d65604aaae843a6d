import { createRequire } from 'node:module';
import type * as PhoneLib from 'libphonenumber-js/max';

/**
 * libphonenumber-js with its full metadata (93 modules, 0.5 MB) loads at the first number it
 * checks, not with the server: a restart serves pages before anyone types a number (decision 0077).
 */
let lib: typeof PhoneLib | null = null;
const phoneLib = (): typeof PhoneLib => (lib ??= createRequire(import.meta.url)('libphonenumber-js/max') as typeof PhoneLib);

/** A mobile number in its one canonical spelling. */
export interface CanonicalMobile {
  /** `+8613800138000`: how accounts, codes, limits and messages are keyed. */
  e164: string;
  /** Calling code without `+` or leading zeros: `86`. */
  countryCode: string;
  /** National significant number (no trunk prefix): `13800138000`. */
  national: string;
}

let callingCodes: Set<string> | null = null;
function knownCallingCode(code: string): boolean {
  if (!callingCodes) {
    const { getCountries, getCountryCallingCode } = phoneLib();
    callingCodes = new Set(getCountries().map((c) => String(getCountryCallingCode(c))));
  }
  return callingCodes.has(code);
}

/** `86`, `086`, `0086`, `+86`, `+0086` → `86`; null when no country uses that calling code. */
export function canonicalCountryCode(input: string): string | null {
  const m = /^\+?0*([1-9]\d{0,3})$/.exec(input.trim());
  const code = m?.[1];
  return code && knownCallingCode(code) ? code : null;
}

/** Number types an SMS can reach (FIXED_LINE_OR_MOBILE: countries such as the US share ranges). */
const SMS_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE', 'PERSONAL_NUMBER']);

/**
 * The canonical form of a mobile number typed with a calling code, checked against that country's
 * numbering plan (Google's libphonenumber metadata): a trunk prefix is dropped (`07911…` in the UK),
 * a number that is not a valid mobile there is null.
 */
export function canonicalMobile(mobile: string, countryCode: string): CanonicalMobile | null {
  const cc = canonicalCountryCode(countryCode);
  const digits = mobile.trim();
  if (!cc || !/^\d{4,17}$/.test(digits)) return null;
  const parsed = phoneLib().parsePhoneNumberFromString(digits, { defaultCallingCode: cc });
  if (!parsed || parsed.countryCallingCode !== cc || !parsed.isValid()) return null;
  if (!SMS_TYPES.has(parsed.getType() ?? '')) return null;
  return { e164: parsed.number, countryCode: cc, national: parsed.nationalNumber };
}

/** A number already in E.164 (`+8613800138000`), taken apart; null if it is not one. */
export function parseE164(value: string): CanonicalMobile | null {
  if (!/^\+\d{5,16}$/.test(value)) return null;
  const parsed = phoneLib().parsePhoneNumberFromString(value);
  if (!parsed) return null;
  return { e164: parsed.number, countryCode: parsed.countryCallingCode, national: parsed.nationalNumber };
}
