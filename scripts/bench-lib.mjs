// Small pieces every benchmark script needs.
import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 right now (the server started on it next takes it). */
export const freePort = () =>
  new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
