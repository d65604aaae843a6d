import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountsApp, call, makeUser, newMobile, solvedCaptcha, type TestClock } from '../../../test/factories.ts';
import { outbox } from '../../db/schema/index.ts';
import type { MessageSender, OutgoingMessage } from './messages.adapter.ts';
import { MessageOutbox, retryDelayS } from './messages.outbox.ts';

/** A provider that records what it is given; it can fail the next n calls, or hang until released. */
function recordingSender() {
  let failures = 0;
  let gate: Promise<void> | null = null;
  let open: () => void = () => undefined;
  const calls: OutgoingMessage[] = [];
  return {
    name: 'recording',
    calls,
    failNext(n: number) {
      failures = n;
    },
    hold() {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
    release() {
      open();
      gate = null;
    },
    async send(m: OutgoingMessage) {
      if (gate) await gate;
      // Let other workers interleave with this one.
      await new Promise((resolve) => setImmediate(resolve));
      if (failures > 0) {
        failures -= 1;
        throw new Error('provider unavailable');
      }
      calls.push(m);
    },
  };
}

const sender = recordingSender();
const asProvider: MessageSender = sender;
let app: FastifyInstance;
let clock: TestClock;
beforeAll(async () => {
  ({ app, clock } = await accountsApp({ sender: asProvider }));
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  await app.accounts.outbox.drain();
  sender.calls.length = 0;
  await app.db.delete(outbox);
});

const sendSms = async (mobile: string, scene: string) =>
  call(app, { method: 'POST', url: '/v1/user/send/sms', payload: { mobile, scene, ...(await solvedCaptcha(app)) } });

describe('message outbox', () => {
  it('answers send/sms without waiting for the provider, the same way for known and unknown accounts', async () => {
    const known = await makeUser(app);
    const unknown = newMobile();
    // The provider hangs: an answer that waited for it would never come.
    sender.hold();
    const a = await sendSms(known.mobile ?? '', 'reset');
    const b = await sendSms(unknown, 'reset');
    expect(a.code).toBe(0);
    expect(a).toEqual(b);
    const queued = await app.db.select({ to: outbox.to, onlyToAccount: outbox.onlyToAccount }).from(outbox).orderBy(outbox.id);
    expect(queued).toEqual([
      { to: `+86${known.mobile}`, onlyToAccount: true },
      { to: `+86${unknown}`, onlyToAccount: true },
    ]);
    // The developer outbox tells that something is still queued (what tests wait on).
    const box = async (to: string) => call<{ items: unknown[]; pending: number }>(app, { url: `/v1/dev/outbox?to=${encodeURIComponent(to)}` });
    expect((await box(known.mobile ?? '')).data).toMatchObject({ items: [], pending: 1 });
    sender.release();
    await app.accounts.outbox.drain();
    expect((await box(`+86${known.mobile}`)).data.pending).toBe(0);
    // Only the address with an account got the reset code; the worker dropped the other.
    expect(sender.calls.map((m) => [m.to, m.scene])).toEqual([[`+86${known.mobile}`, 'reset']]);
    const rows = await app.db.select({ to: outbox.to, status: outbox.status, text: outbox.text, code: outbox.code }).from(outbox).orderBy(outbox.id);
    expect(rows).toEqual([
      { to: `+86${known.mobile}`, status: 'sent', text: '', code: null },
      { to: `+86${unknown}`, status: 'skipped', text: '', code: null },
    ]);
  });

  it('retries a failing provider with back-off, then delivers once', async () => {
    sender.failNext(2);
    const mobile = newMobile();
    expect((await sendSms(mobile, 'login')).code).toBe(0);
    await app.accounts.outbox.drain();
    const row = async () => (await app.db.select().from(outbox).where(eq(outbox.to, `+86${mobile}`)))[0];
    expect(await row()).toMatchObject({ status: 'pending', attempts: 1, lastError: 'provider unavailable' });
    // Not due again before its back-off has passed.
    await app.accounts.outbox.drain();
    expect((await row())?.attempts).toBe(1);
    clock.advance(retryDelayS(1));
    await app.accounts.outbox.drain();
    expect(await row()).toMatchObject({ status: 'pending', attempts: 2 });
    clock.advance(retryDelayS(2));
    await app.accounts.outbox.drain();
    expect(await row()).toMatchObject({ status: 'sent', attempts: 3 });
    expect(sender.calls).toHaveLength(1);
    expect(sender.calls[0]?.code).toMatch(/^\d{6}$/);
  });

  it('drops a message that can no longer be useful (its code expired) instead of retrying it', async () => {
    sender.failNext(1);
    const id = await app.accounts.outbox.enqueue(app.db, {
      channel: 'email',
      to: 'late@example.com',
      text: 'code 123456',
      code: '123456',
      deliverBefore: new Date(app.accounts.now().getTime() + 3_000),
    });
    await app.accounts.outbox.drain();
    clock.advance(retryDelayS(1));
    await app.accounts.outbox.drain();
    const [row] = await app.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'expired', text: '', code: null });
    expect(sender.calls).toHaveLength(0);
  });

  it('delivers each message once with several workers draining at the same time', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push(await app.accounts.outbox.enqueue(app.db, { channel: 'email', to: `w${i}@example.com`, text: `message ${i}`, scene: 'test' }));
    const log = { warn: () => undefined, error: () => undefined };
    const workers = [0, 1, 2].map(() => new MessageOutbox(app.db, sender, app.accounts.now, { log, hasAccount: async () => true, batch: 4 }));
    // The app's own worker takes some as well; every message still goes out exactly once.
    app.accounts.outbox.kick();
    await Promise.all([...workers.map((w) => w.drain()), app.accounts.outbox.drain()]);
    expect(sender.calls.map((m) => m.to).sort()).toEqual(ids.map((_, i) => `w${i}@example.com`).sort());
    const statuses = await app.db.select({ status: outbox.status }).from(outbox);
    expect(statuses.every((r) => r.status === 'sent')).toBe(true);
  });

  it('takes a message again when the worker that claimed it died (its lease lapsed)', async () => {
    const id = await app.accounts.outbox.enqueue(app.db, { channel: 'email', to: 'lease@example.com', text: 'hello', scene: 'test' });
    // A claim that was never finished, as a process killed mid-send leaves it.
    await app.db.update(outbox).set({ status: 'sending', attempts: 1, lockedUntil: new Date(app.accounts.now().getTime() + 120_000) }).where(eq(outbox.id, id));
    await app.accounts.outbox.drain();
    expect(sender.calls).toHaveLength(0);
    clock.advance(121);
    await app.accounts.outbox.drain();
    expect(sender.calls.map((m) => m.to)).toEqual(['lease@example.com']);
  });
});
