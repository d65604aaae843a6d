import { luhnValid } from '../src/modules/rewards/bank-cards.ts';

/** A Luhn-valid card number of `length` digits starting with `prefix` (the check digit computed). */
export function cardNumber(prefix: string, length = 19, fill = '0123456789'): string {
  let body = prefix;
  for (let i = 0; body.length < length - 1; i++) body += fill[i % fill.length];
  for (let d = 0; d <= 9; d++) if (luhnValid(body + d)) return body + d;
  throw new Error('no check digit');
}
