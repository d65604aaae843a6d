import { Envelope, ErrorCode, type EndpointDef } from '@medportal/contract';
import type { z } from 'zod';

type Part<E, K extends string> = E extends { [P in K]: infer S extends z.ZodType } ? S : undefined;

export interface EndpointRoute<E extends EndpointDef> {
  method: E['method'];
  url: E['path'];
  /** `auth: 'required'` when the contract says `auth: true` (enforced by plugins/auth.ts). */
  config: { auth?: 'required' | 'optional' };
  schema: {
    summary: string;
    tags: string[];
    querystring: Part<E, 'query'>;
    body: Part<E, 'body'>;
    params: Part<E, 'params'>;
    response: { 200: ReturnType<typeof Envelope<E['data']>> };
  };
}

/**
 * Route options from a contract endpoint: method, path, request schemas and the enveloped response
 * schema (serialised through zod by the type provider, and listed in the OpenAPI document). An
 * endpoint marked `auth: true` in the contract is login-only here, for every route built from it.
 */
export function endpointRoute<E extends EndpointDef>(def: E): EndpointRoute<E> {
  // Absent parts are left out, not set to undefined (Fastify warns about undefined schemas).
  const schema: Record<string, unknown> = {
    summary: def.summary,
    tags: [...def.tags],
    response: { 200: Envelope(def.data) },
  };
  if (def.query) schema.querystring = def.query;
  if (def.body) schema.body = def.body;
  if (def.params) schema.params = def.params;
  const config = def.auth ? { auth: 'required' as const } : {};
  return { method: def.method, url: def.path, schema, config } as unknown as EndpointRoute<E>;
}

/** The success envelope. */
export function ok<T>(data: T): { code: number; message: string; data: T } {
  return { code: ErrorCode.OK, message: '', data };
}
