import { PassThrough } from 'node:stream';
import { Envelope, type EndpointName, routes, schemas } from '@medportal/contract';
import { adminRoutes } from '@medportal/contract/admin-routes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fastSerializer } from '../src/lib/response-serializer.ts';
import { bearer, call } from './factories.ts';
import { buildTestApp } from './build-test-app.ts';

/** The routes below answer what their handlers return, unchecked: the serialiser alone shapes it. */
const Drift = Envelope(z.object({ id: z.number().int(), title: z.string(), note: z.string().nullable().optional() }));

function addProbeRoutes(app: FastifyInstance): void {
  app.get('/test/extra-field', { schema: { response: { 200: Drift } } }, async () => ({
    code: 0,
    message: '',
    data: { id: 7, title: 'kept', note: null, password_hash: 'never-leaves', internal: { secret: 1 } },
  }));
  app.get('/test/drift', { schema: { response: { 200: Drift } } }, async () => ({
    code: 0,
    message: '',
    // A number where the contract says string: zod rejects it, a JSON Schema serialiser would coerce it.
    data: { id: 7, title: 42 },
  }));
}

const table: Record<string, { method: string; path: string }> = { ...routes, ...adminRoutes };
const endpointOf = (method: string, url: string): EndpointName | undefined =>
  (Object.keys(table) as EndpointName[]).find((name) => table[name]?.method === method && table[name]?.path === url);

describe('the JSON Schema serialisers', () => {
  it('exist for every endpoint of the contract (a schema JSON Schema cannot express fails here, not at a first request)', () => {
    for (const [name, def] of Object.entries(schemas)) {
      expect(() => fastSerializer(Envelope(def.data)), name).not.toThrow();
    }
  });
});

describe('responses serialised from JSON Schema (production)', () => {
  let app: FastifyInstance;
  /** Each request's route and what its handler returned, before serialisation (by request URL). */
  const returned = new Map<string, { route: string; payload: unknown }>();

  beforeAll(async () => {
    app = await buildTestApp({
      checkResponses: false,
      configure: (a) => {
        addProbeRoutes(a);
        a.addHook('preSerialization', (req, _reply, payload, done) => {
          returned.set(req.url, { route: req.routeOptions.url ?? '', payload: structuredClone(payload) });
          done(null, payload);
        });
      },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('write exactly what the contract schema parses out of the handler result, for complex endpoints', async () => {
    const login = await call<{ user_access_token: string }>(app, {
      method: 'POST',
      url: '/v1/user/login',
      payload: { type: 'password', account: '13900000003', password: 'Learner-demo-1' },
    });
    expect(login.code).toBe(0);
    const auth = bearer(login.data.user_access_token);
    const requests: Array<{ url: string; headers?: Record<string, string> }> = [
      { url: '/v1/pc/course?page=1' },
      { url: '/v1/user/course/2' },
      { url: '/v1/user/course/2', headers: auth },
      { url: '/v2/user/course/2/chapter', headers: auth },
      { url: '/v1/live/1' },
      { url: '/v1/live/live_date' },
      { url: '/v1/news/1' },
      { url: '/v1/user/speaker/1' },
      { url: '/v1/hospital/1' },
      { url: '/v1/topic/4' },
      { url: '/v1/pc/search?keyword=%E6%B7%8B%E5%B7%B4%E7%98%A4' },
      { url: '/v2/user/personal_department' },
      { url: '/v1/user/personal_info', headers: auth },
      { url: '/v2/user/history', headers: auth },
      { url: '/v1/user/wallet/info', headers: auth },
    ];
    for (const { url, headers } of requests) {
      const res = await app.inject({ url, ...(headers ? { headers } : {}) });
      expect(res.statusCode, url).toBe(200);
      const body = res.json();
      expect(body.code, url).toBe(0);
      const handled = returned.get(url);
      const name = endpointOf('GET', handled?.route ?? '');
      expect(name, url).toBeDefined();
      const schema = Envelope(schemas[name as EndpointName].data);
      const expected: unknown = JSON.parse(JSON.stringify(schema.parse(handled?.payload)));
      expect(body, url).toEqual(expected);
    }
  });

  it('never write a field the contract does not declare', async () => {
    const res = await app.inject({ url: '/test/extra-field' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, message: '', data: { id: 7, title: 'kept', note: null } });
    expect(res.body).not.toContain('never-leaves');
    expect(res.body).not.toContain('secret');
  });
});

describe('responses checked against the contract (tests and development)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ seed: false, configure: addProbeRoutes });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('fail a response that does not match its zod schema, with the 500 envelope', async () => {
    const res = await app.inject({ url: '/test/drift' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 50000, data: { request_id: expect.any(String) } });
  });

  it('still strip undeclared fields', async () => {
    const res = await app.inject({ url: '/test/extra-field' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: 7, title: 'kept', note: null });
  });
});

describe('request log', () => {
  it('writes one line per request, with method, URL, status, time and request id, and no headers', async () => {
    const stream = new PassThrough();
    let log = '';
    stream.on('data', (c: Buffer) => (log += c.toString()));
    const app = await buildTestApp({ seed: false, logger: undefined, logStream: stream });
    const urls = ['/healthz', '/v1/relate_site?language=en', '/v1/no-such-route', '/v1/user/login_info'];
    try {
      for (const url of urls) {
        await app.inject({ url, headers: { authorization: 'Bearer header-token-123', cookie: 'mp_session=cookie-secret-456', 'x-request-id': `req-${urls.indexOf(url)}-abcdef` } });
      }
    } finally {
      await app.close();
    }
    const lines = log
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { msg: string; reqId?: string; req?: { method: string; url: string }; res?: { statusCode: number }; responseTime?: number });
    // Only these requests (readiness polls of the test helper log too).
    const perRequest = lines.filter((l) => l.reqId?.endsWith('-abcdef'));
    expect(perRequest.map((l) => l.msg)).toEqual(['request completed', 'request completed', 'request completed', 'request completed']);
    expect(perRequest.map((l) => [l.reqId, l.req?.method, l.req?.url, l.res?.statusCode])).toEqual([
      ['req-0-abcdef', 'GET', '/healthz', 200],
      ['req-1-abcdef', 'GET', '/v1/relate_site?language=en', 200],
      ['req-2-abcdef', 'GET', '/v1/no-such-route', 404],
      ['req-3-abcdef', 'GET', '/v1/user/login_info', 200],
    ]);
    for (const l of perRequest) expect(typeof l.responseTime).toBe('number');
    expect(log).not.toContain('incoming request');
    expect(log).not.toContain('header-token-123');
    expect(log).not.toContain('cookie-secret-456');
  });
});
