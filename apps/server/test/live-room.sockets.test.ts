import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './build-test-app.ts';
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
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    const warnings = lines.filter((l) => l.msg === 'bad websocket frame');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.code).toMatch(/^WS_ERR_/);
    expect(log).not.toContain('"stack"');
  });
});
