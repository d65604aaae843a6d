import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';

export type Msg = Record<string, unknown> & { type: string; seq?: number };

/** Keeps every message of a socket and waits for one that matches, or for the close. */
function recorder(sock: WebSocket) {
  const msgs: Msg[] = [];
  const waiters: Array<{ pred: (m: Msg) => boolean; resolve: (m: Msg) => void }> = [];
  let closed: { code: number } | null = null;
  const closeWaiters: Array<(c: { code: number }) => void> = [];
  sock.on('message', (data) => {
    const m = JSON.parse(String(data)) as Msg;
    msgs.push(m);
    for (const w of [...waiters]) {
      if (w.pred(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  sock.on('close', (code) => {
    closed = { code };
    for (const w of closeWaiters) w({ code });
  });
  return {
    msgs,
    /** The first message (already received or coming) that matches. */
    next(pred: (m: Msg) => boolean): Promise<Msg> {
      const found = msgs.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise<Msg>((resolve) => waiters.push({ pred, resolve }));
    },
    closed(): Promise<{ code: number }> {
      return closed ? Promise.resolve(closed) : new Promise((resolve) => closeWaiters.push(resolve));
    },
  };
}

const query = (q: { token?: string; since?: number }) => {
  const params = new URLSearchParams();
  if (q.token) params.set('access_token', q.token);
  if (q.since !== undefined) params.set('since', String(q.since));
  return params.toString();
};

/** A socket on a room through fastify's in-memory injection. */
export async function openSocket(target: FastifyInstance, liveId: number, q: { token?: string; since?: number } = {}) {
  let rec: ReturnType<typeof recorder> | undefined;
  const ws: WebSocket = await target.injectWS(`/v1/live/${liveId}/ws?${query(q)}`, {}, {
    onInit: (sock: WebSocket) => {
      rec = recorder(sock);
    },
  });
  if (!rec) throw new Error('socket not initialised');
  return { ws, ...rec };
}

/** A socket on a room of a listening server (base: http://host:port). */
export async function openRealSocket(base: string, liveId: number, q: { token?: string; since?: number } = {}) {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/v1/live/${liveId}/ws?${query(q)}`);
  const rec = recorder(ws);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, ...rec };
}
