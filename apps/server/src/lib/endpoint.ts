import { type AdminArea, Envelope, ErrorCode, routes, schemas, type EndpointName, type Schemas } from '@medportal/contract';
import { adminRoutes, type AdminRoutes } from '@medportal/contract/admin-routes';
import type { z } from 'zod';

type Part<E, K extends string> = E extends { [P in K]: infer S extends z.ZodType } ? S : undefined;

type Table = typeof routes & AdminRoutes;
const table: Readonly<Record<EndpointName, { method: string; path: string; auth?: true; bodyKb?: number; area?: AdminArea | null }>> = { ...routes, ...adminRoutes };

export interface EndpointRoute<N extends EndpointName, E = Schemas[N]> {
  method: Table[N]['method'];
  url: Table[N]['path'];
  /**
   * `auth: 'required'` when the route table says `auth: true` (enforced by plugins/auth.ts); `area`
   * for a console route (enforced by the staff module's area guard).
   */
  config: { auth?: 'required' | 'optional'; area?: AdminArea };
  /** Largest request body in bytes: what the route takes, not the server-wide BODY_LIMIT. */
  bodyLimit: number;
  schema: {
    operationId: N;
    summary: string;
    tags: string[];
    querystring: Part<E, 'query'>;
    body: Part<E, 'body'>;
    params: Part<E, 'params'>;
    response: { 200: ReturnType<typeof Envelope<Part<E, 'data'> & z.ZodType>> };
  };
}

/** One envelope schema per endpoint, so its response serialiser is made once per process. */
const envelopes = new Map<EndpointName, z.ZodType>();
function envelopeOf(name: EndpointName, data: z.ZodType): z.ZodType {
  let envelope = envelopes.get(name);
  if (!envelope) {
    envelope = Envelope(data);
    envelopes.set(name, envelope);
  }
  return envelope;
}

/** Every endpoint's response schema, as its route has it (the build compiles serialisers from them ahead). */
export function responseSchemas(): z.ZodType[] {
  return (Object.keys(schemas) as EndpointName[]).map((name) => envelopeOf(name, (schemas[name] as { data: z.ZodType }).data));
}

/** Body limits of API routes without a `bodyKb` of their own: every body the contract takes is a few KB. */
export const API_BODY_LIMIT = 16 * 1024;
export const API_NO_BODY_LIMIT = 4 * 1024;

/**
 * Route options for a contract endpoint, joined by name from the route table (method, path,
 * login) and the schema map (request schemas, the enveloped response schema that responses are
 * serialised from by lib/response-serializer.ts, summary and tags for the OpenAPI document). An
 * endpoint marked `auth: true` is login-only here, for every route built from it.
 */
export function endpointRoute<N extends EndpointName>(name: N): EndpointRoute<N> {
  const route = table[name];
  const def: { summary: string; tags: readonly string[]; query?: z.ZodType; body?: z.ZodType; params?: z.ZodType; data: z.ZodType } = schemas[name];
  // Absent parts are left out, not set to undefined (Fastify warns about undefined schemas).
  const schema: Record<string, unknown> = {
    // The route's name in the contract is its OpenAPI operation id (what generated clients call it).
    operationId: name,
    summary: def.summary,
    tags: [...def.tags],
    response: { 200: envelopeOf(name, def.data) },
  };
  if (def.query) schema.querystring = def.query;
  if (def.body) schema.body = def.body;
  if (def.params) schema.params = def.params;
  const config = { ...(route.auth ? { auth: 'required' as const } : {}), ...(route.area ? { area: route.area } : {}) };
  // Refused while it streams in (413), before a byte of an oversized body is parsed.
  const bodyLimit = route.bodyKb !== undefined ? route.bodyKb * 1024 : def.body ? API_BODY_LIMIT : API_NO_BODY_LIMIT;
  return { method: route.method, url: route.path, schema, config, bodyLimit } as unknown as EndpointRoute<N>;
}

/** The success envelope. */
export function ok<T>(data: T): { code: number; message: string; data: T } {
  return { code: ErrorCode.OK, message: '', data };
}
