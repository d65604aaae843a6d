import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { DEFAULT_PASSWORD_SCRYPT_N } from '../../config.ts';

/**
 * Password hashing with node:crypto scrypt. The stored string names its algorithm and parameters
 * (`scrypt$1$16384$8$1$<salt>$<hash>`), so the cost (N, PASSWORD_SCRYPT_N) can be raised later
 * without breaking old hashes.
 */
const R = 8;
const P = 1;
const KEY_LEN = 32;
const VERSION = '1';

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFKC'), salt, KEY_LEN, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, n = DEFAULT_PASSWORD_SCRYPT_N): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, n, R, P);
  return ['scrypt', VERSION, n, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 7 || parts[0] !== 'scrypt' || parts[1] !== VERSION) return false;
  const [n, r, p] = parts.slice(2, 5).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[5] ?? '', 'base64url');
  const expected = Buffer.from(parts[6] ?? '', 'base64url');
  if (!n || !r || !p || salt.length === 0 || expected.length !== KEY_LEN) return false;
  const key = await derive(password, salt, n, r, p);
  return timingSafeEqual(key, expected);
}

const dummies = new Map<number, Promise<string>>();

/**
 * Spends the time of one verification at cost `n` (that of new hashes) when there is no account,
 * so timing does not reveal it.
 */
export async function burnPasswordCheck(password: string, n = DEFAULT_PASSWORD_SCRYPT_N): Promise<void> {
  let dummy = dummies.get(n);
  if (!dummy) {
    dummy = hashPassword(randomBytes(12).toString('hex'), n);
    dummies.set(n, dummy);
  }
  await verifyPassword(password, await dummy);
}
