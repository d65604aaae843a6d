import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage } from 'node:http';
import { ErrorCode } from '@medportal/contract';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildTestApp } from './build-test-app.ts';
import { makeUser } from './factories.ts';
import { DEMO_ROOMS } from '../src/seed/live-room.ts';

/** Opens a WebSocket by hand on a listening server and sends `frames` raw, each after the last was read. */
async function rawSocket(port: number, path: string, frame: Buffer): Promise<void> {
  const sock = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    sock.once('connect', resolve);
    sock.once('error', reject);
  });
  let head = '';
  const upgraded = new Promise<void>((resolve) => {
    sock.on('data', (c: Buffer) => {
      head += c.toString('latin1');
      if (head.includes('\r\n\r\n')) resolve();
    });
  });
  const closed = new Promise<void>((resolve) => sock.once('close', () => resolve()));
  sock.on('error', () => undefined);
  sock.write(
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
  );
  await upgraded;
  expect(head).toMatch(/^HTTP\/1\.1 101 /);
  sock.write(frame);
  await closed;
}

describe('malformed WebSocket frames', () => {
  it('log at most one warning without a stack, however many arrive', async () => {
    const stream = new PassThrough();
    let log = '';
    stream.on('data', (c: Buffer) => (log += c.toString()));
    const app = await buildTestApp({ seed: false, logger: undefined, logStream: stream });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      // A client frame must be masked: an unmasked one is a protocol error. Also a reserved opcode.
      const unmasked = Buffer.from([0x81, 0x02, 0x68, 0x69]);
      const badOpcode = Buffer.from([0x83, 0x80, 1, 2, 3, 4]);
      await Promise.all(Array.from({ length: 20 }, (_, i) => rawSocket(port, `/v1/live/${DEMO_ROOMS.moderated}/ws`, i % 2 ? unmasked : badOpcode)));
    } finally {
      await app.close();
    }
    const lines = log
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { level: number; msg: string; err?: { stack?: string }; code?: string });
    // Every line counts, the app's closing included: on PostgreSQL its pool has ended before the
    // test database is dropped.
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    const warnings = lines.filter((l) => l.msg === 'bad websocket frame');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.code).toMatch(/^WS_ERR_/);
    expect(JSON.stringify(lines)).not.toContain('"stack"');
  });
});

type Attempt = { ok: true; ws: WebSocket } | { ok: false; status: number; code: number; retryAfter: string | undefined };

/** One connection attempt: open (after the room's hello), or refused before the upgrade. */
function attempt(base: string, liveId: number, token?: string): Promise<Attempt> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/v1/live/${liveId}/ws${token ? `?access_token=${token}` : ''}`);
  return new Promise((resolve, reject) => {
    ws.once('message', () => resolve({ ok: true, ws }));
    ws.once('unexpected-response', (_req, res: IncomingMessage) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => {
        resolve({ ok: false, status: res.statusCode ?? 0, code: (JSON.parse(body) as { code: number }).code, retryAfter: res.headers['retry-after'] });
        ws.terminate();
      });
    });
    ws.once('error', reject);
  });
}

describe('live-room socket caps', () => {
  it('hold under a burst from one address and from one user; refused sockets are not viewers; a closed one gives its place back', async () => {
    const app = await buildTestApp({ liveRoom: { socketCaps: { perAddress: 8, perUser: 3 }, hub: { viewersIntervalMs: 60_000 } } });
    try {
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const live = DEMO_ROOMS.moderated;
      const burst = await Promise.all(Array.from({ length: 40 }, () => attempt(base, live)));
      const opened = burst.flatMap((a) => (a.ok ? [a.ws] : []));
      const refused = burst.flatMap((a) => (a.ok ? [] : [a]));
      expect(opened).toHaveLength(8);
      expect(refused).toHaveLength(32);
      for (const r of refused) expect(r).toEqual({ ok: false, status: 429, code: ErrorCode.RATE_LIMITED, retryAfter: '30' });
      expect(app.liveHub.localClients()).toBe(8);
      await app.liveHub.tickViewers();
      const detail = await app.inject({ url: `/v1/live/${live}` });
      expect(detail.json().data.viewer_count).toBe(8);

      // A closed socket gives its place back.
      opened[0]?.close();
      await app.liveHub.waitForClients(7);
      const again = await attempt(base, live);
      expect(again.ok).toBe(true);
      if (again.ok) opened[0] = again.ws;
      expect((await attempt(base, live)).ok).toBe(false);
      for (const ws of opened) ws.close();
      await app.liveHub.waitForClients(0);

      // One user: at most 3 at once, whatever the room.
      const u = await makeUser(app);
      const mine = await Promise.all(Array.from({ length: 12 }, (_, i) => attempt(base, i % 2 ? live : DEMO_ROOMS.recordedQa, u.access)));
      expect(mine.filter((a) => a.ok)).toHaveLength(3);
      // The address still has room for others.
      const other = await attempt(base, live);
      expect(other.ok).toBe(true);
      for (const a of [...mine, other]) if (a.ok) a.ws.close();
      await app.liveHub.waitForClients(0);
    } finally {
      await app.close();
    }
  });
});
