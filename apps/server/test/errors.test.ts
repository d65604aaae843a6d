import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ok } from '../src/lib/endpoint.ts';
import { buildTestApp } from './build-test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({
    seed: false,
    configure: (instance) => {
      const typed = instance.withTypeProvider<ZodTypeProvider>();
      typed.post(
        '/v1/test/echo',
        { schema: { body: z.object({ name: z.string().min(1).max(10), page_size: z.number().int().max(100).optional() }) } },
        async (req) => ok({ name: req.body.name }),
      );
      typed.get('/v1/test/boom', async () => {
        throw new Error('database exploded at /secret/path');
      });
    },
  });
});
afterAll(async () => {
  await app?.close();
});

describe('error envelope', () => {
  it('wraps success as {code: 0, message: "", data}', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/test/echo', payload: { name: 'ok' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, message: '', data: { name: 'ok' } });
  });

  it('answers body validation errors with HTTP 200 + VALIDATION naming each field, in the language of the body', async () => {
    const zh = await app.inject({ method: 'POST', url: '/v1/test/echo', payload: { page_size: 500 } });
    expect(zh.statusCode).toBe(200);
    expect(zh.json().code).toBe(40000);
    expect(zh.json().data.fields).toEqual([
      { field: 'name', message: '不能为空' },
      { field: 'page_size', message: '必须小于等于100' },
    ]);
    expect(zh.json().message).toBe('name: 不能为空; page_size: 必须小于等于100');
    const en = await app.inject({ method: 'POST', url: '/v1/test/echo', payload: { name: 'far too long a name', page_size: 500, language: 'en' } });
    expect(en.json().data.fields).toEqual([
      { field: 'name', message: 'must be at most 10 characters' },
      { field: 'page_size', message: 'must be ≤ 100' },
    ]);
  });

  it('answers malformed JSON with 400 BAD_REQUEST', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/test/echo', headers: { 'content-type': 'application/json' }, payload: '{"name": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 40001, message: '请求格式有误', data: null });
  });

  it('answers a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/test/echo?language=en',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 40013, message: 'The request is too large', data: null });
  });

  it('turns a 1 MB deeply nested JSON body away with the 40000 envelope, before parsing it', async () => {
    const deep = '['.repeat(500_000) + ']'.repeat(500_000);
    const res = await app.inject({ method: 'POST', url: '/v1/test/echo?language=en', headers: { 'content-type': 'application/json' }, payload: deep });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 40000,
      message: 'body: must not be nested more than 32 levels deep',
      data: { fields: [{ field: 'body', message: 'must not be nested more than 32 levels deep' }] },
    });
  });

  it('accepts 32 levels of nesting, refuses 33, and does not count brackets inside strings', async () => {
    const nested = (levels: number) => '{"a":'.repeat(levels - 1) + '[1]' + '}'.repeat(levels - 1);
    const body = (levels: number) => `{"name":"ok","x":${nested(levels - 1)}}`;
    const at32 = await app.inject({ method: 'POST', url: '/v1/test/echo', headers: { 'content-type': 'application/json' }, payload: body(32) });
    expect(at32.json()).toEqual({ code: 0, message: '', data: { name: 'ok' } });
    const at33 = await app.inject({ method: 'POST', url: '/v1/test/echo', headers: { 'content-type': 'application/json' }, payload: body(33) });
    expect(at33.json().code).toBe(40000);
    expect(at33.json().data.fields).toEqual([{ field: 'body', message: '嵌套不能超过32层' }]);
    const inString = JSON.stringify({ name: 'ok', x: `\\"${'[{'.repeat(200)}` });
    const text = await app.inject({ method: 'POST', url: '/v1/test/echo', headers: { 'content-type': 'application/json' }, payload: inString });
    expect(text.json().code).toBe(0);
  });

  it('still refuses __proto__ keys in JSON bodies', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/test/echo', headers: { 'content-type': 'application/json' }, payload: '{"name":"ok","__proto__":{"x":1}}' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(40001);
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/test/echo', headers: { 'content-type': 'text/plain' }, payload: 'name=x' });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe(40015);
  });

  it('answers unknown API paths and methods with a 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/v1/nope'],
      ['GET', '/v2/user/anything?language=en'],
      ['DELETE', '/v1/pc_index'],
      ['POST', '/somewhere'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe(40004);
    }
    const en = await app.inject({ url: '/v1/nope?language=en' });
    expect(en.json().message).toBe('This item does not exist or is no longer available');
  });

  it('answers an internal error with 500, a generic message and the request id, never the stack', async () => {
    const res = await app.inject({ url: '/v1/test/boom', headers: { 'x-request-id': 'req-test-12345' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 50000, message: '服务器开小差了，请稍后再试', data: { request_id: 'req-test-12345' } });
    expect(res.body).not.toContain('exploded');
    expect(res.body).not.toContain('/secret/path');
    expect(res.headers['x-request-id']).toBe('req-test-12345');
  });

  it('generates a request id when the caller sends none or a bad one', async () => {
    const res = await app.inject({ url: '/v1/test/boom', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(res.json().data.request_id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
