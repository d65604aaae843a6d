import type { LoginData } from '@medportal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { userIdentities, users } from '../src/db/schema/index.ts';
import { createUser } from '../src/modules/auth/auth.repository.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { buildTestApp, type TestAppOptions } from './build-test-app.ts';

/** A clock tests move forward: `clock.advance(61)` (seconds). */
export function testClock(start = Date.now()) {
  let t = start;
  return {
    now: () => new Date(t),
    advance: (seconds: number) => {
      t += seconds * 1000;
    },
  };
}

export type TestClock = ReturnType<typeof testClock>;

/** An app with a movable clock and no demo content. */
export async function accountsApp(opts: TestAppOptions = {}): Promise<{ app: FastifyInstance; clock: TestClock }> {
  const clock = testClock();
  const app = await buildTestApp({ seed: false, now: clock.now, ...opts });
  return { app, clock };
}

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

/** inject() and parse the envelope. */
export async function call<T = Record<string, unknown>>(app: FastifyInstance, opts: InjectOptions): Promise<Envelope<T>> {
  const res = await app.inject(opts);
  return res.json() as Envelope<T>;
}

let mobileSeq = 0;
/** A fresh, valid mainland mobile number per call. */
export function newMobile(): string {
  mobileSeq += 1;
  return `139${String(process.pid % 10_000).padStart(4, '0')}${String(mobileSeq).padStart(4, '0')}`;
}

/** A solved captcha (answer read through the development route). */
export async function solvedCaptcha(app: FastifyInstance): Promise<{ captcha_key: string; captcha_code: string }> {
  const img = await call<{ captcha_key: string }>(app, { url: '/v1/user/verify_code_image' });
  const answer = await call<{ code: string }>(app, { url: `/v1/dev/captcha/${img.data.captcha_key}` });
  return { captcha_key: img.data.captcha_key, captcha_code: answer.data.code };
}

/** The newest code delivered to a mobile or email (the sandbox provider's messages). */
export async function latestCode(app: FastifyInstance, to: string): Promise<string | null> {
  // Delivery is off the request path: hand what is queued to the provider before looking.
  await app.accounts.outbox.drain();
  const res = await call<{ items: Array<{ code: string | null }> }>(app, { url: `/v1/dev/outbox?to=${encodeURIComponent(to)}` });
  return res.data.items[0]?.code ?? null;
}

/** Sends an SMS code (solving the captcha) and returns it. */
export async function smsCode(app: FastifyInstance, mobile: string, scene = 'login', remoteAddress = '127.0.0.1'): Promise<string> {
  const res = await call(app, {
    method: 'POST',
    url: '/v1/user/send/sms',
    remoteAddress,
    payload: { mobile, scene, ...(await solvedCaptcha(app)) },
  });
  if (res.code !== 0) throw new Error(`send sms failed: ${JSON.stringify(res)}`);
  const code = await latestCode(app, mobile);
  if (!code) throw new Error('no code in the outbox');
  return code;
}

export async function emailCode(app: FastifyInstance, email: string, scene: string): Promise<string> {
  const res = await call(app, { method: 'POST', url: '/v1/user/send/code', payload: { email, scene, ...(await solvedCaptcha(app)) } });
  if (res.code !== 0) throw new Error(`send email code failed: ${JSON.stringify(res)}`);
  const code = await latestCode(app, email);
  if (!code) throw new Error('no code in the outbox');
  return code;
}

export async function loginBySms(app: FastifyInstance, mobile = newMobile()): Promise<LoginData & { mobile: string }> {
  const code = await smsCode(app, mobile);
  const res = await call<LoginData>(app, { method: 'POST', url: '/v1/user/login', payload: { type: 'sms', agree_terms: true, mobile, code } });
  if (res.code !== 0) throw new Error(`sms login failed: ${JSON.stringify(res)}`);
  return { ...res.data, mobile };
}

export interface MadeUser {
  id: number;
  mobile: string | null;
  email: string | null;
  password: string | null;
  access: string;
  refresh: string;
}

/** A user written straight to the database (optional mobile, email, password), logged in. */
export async function makeUser(
  app: FastifyInstance,
  opts: { mobile?: string | null; email?: string; password?: string; nickname?: string } = {},
): Promise<MadeUser> {
  const mobile = opts.mobile === null ? null : (opts.mobile ?? newMobile());
  const email = opts.email ?? null;
  const password = opts.password ?? null;
  const now = app.accounts.now();
  const user = await app.db.transaction(async (tx) => {
    const first = mobile ? { kind: 'mobile' as const, value: `+86${mobile}` } : { kind: 'email' as const, value: (email ?? '').toLowerCase() };
    const u = await createUser(tx, opts.nickname ?? 'Tester', first, now);
    if (mobile && email) await tx.insert(userIdentities).values({ userId: u.id, kind: 'email', value: email.toLowerCase() });
    if (password) await tx.update(users).set({ passwordHash: await hashPassword(password, app.accounts.config.auth.passwordScryptN) }).where(eq(users.id, u.id));
    return u;
  });
  const session = await app.accounts.tokens.open(app.db, user.id, 'web');
  return { id: user.id, mobile, email, password, access: session.access, refresh: session.refresh };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
