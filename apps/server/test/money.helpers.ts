import { randomUUID } from 'node:crypto';
import { PriceType } from '@medportal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { courses, userRoles, users } from '../src/db/schema/index.ts';
import { buildTestApp, type TestConfigOverrides } from './build-test-app.ts';
import { bearer, call, type Envelope, makeUser, type MadeUser, testClock, type TestClock } from './factories.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { auditLedger } from '../src/modules/money/audit.ts';
import { postLedger } from '../src/modules/money/ledger.ts';

export const PAY_PASSWORD = '246810';

/** An app without demo content, its money sweep off (tests run it with `app.money.sweep()`), and a movable clock. */
export async function moneyApp(config: TestConfigOverrides = {}): Promise<{ app: FastifyInstance; clock: TestClock }> {
  const clock = testClock();
  const payments = { ...loadConfig({ NODE_ENV: 'test' }).payments, sweepIntervalS: 0 };
  const app = await buildTestApp({ seed: false, now: clock.now, config: { payments, ...config } });
  return { app, clock };
}

let hashed: Promise<string> | undefined;

/** A logged-in user with the pay password PAY_PASSWORD and `balance` fen (an adjustment row). */
export async function payer(app: FastifyInstance, balance = 0): Promise<MadeUser> {
  const u = await makeUser(app);
  hashed ??= hashPassword(PAY_PASSWORD);
  await app.db.update(users).set({ payPasswordHash: await hashed }).where(eq(users.id, u.id));
  if (balance > 0) await app.db.transaction((tx) => postLedger(tx, { userId: u.id, type: 'adjustment', amount: balance, refType: 'test', refId: randomUUID() }));
  return u;
}

export async function operator(app: FastifyInstance): Promise<MadeUser> {
  const u = await makeUser(app);
  await app.db.insert(userRoles).values({ userId: u.id, role: 'administrator' });
  return u;
}

let courseSeq = 0;
/** A published paid course at `price` fen. */
/** Before any test clock: a course published at the wall clock's now would still be scheduled for a clock started earlier. */
const PUBLISHED_LONG_AGO = new Date('2020-01-01T00:00:00Z');

export async function paidCourse(app: FastifyInstance, price: number, originalPrice = 0): Promise<number> {
  courseSeq += 1;
  const [c] = await app.db
    .insert(courses)
    .values({ courseType: 1, titleZh: `付费课程 ${courseSeq}`, titleEn: `Paid course ${courseSeq}`, cover: '/covers/c.svg', priceType: PriceType.PAID, price, originalPrice, status: 'published', publishedAt: PUBLISHED_LONG_AGO })
    .returning({ id: courses.id });
  if (!c) throw new Error('course insert returned nothing');
  return c.id;
}

export function post<T = Record<string, unknown>>(app: FastifyInstance, url: string, payload: unknown, token?: string, key?: string | null): Promise<Envelope<T>> {
  const headers: Record<string, string> = { ...(token ? bearer(token) : {}) };
  if (key !== null) headers['idempotency-key'] = key ?? randomUUID();
  return call<T>(app, { method: 'POST', url, payload: payload as object, headers });
}

export function get<T = Record<string, unknown>>(app: FastifyInstance, url: string, token?: string): Promise<Envelope<T>> {
  return call<T>(app, { url, headers: token ? bearer(token) : {} });
}

export async function expectBooksBalance(app: FastifyInstance): Promise<void> {
  const audit = await auditLedger(app.db);
  expect(audit.violations, JSON.stringify(audit.violations)).toEqual([]);
}
