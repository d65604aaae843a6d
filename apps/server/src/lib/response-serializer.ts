import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { safeEncode, toJSONSchema, type ZodType } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * A zod response schema as the JSON Schema fast-json-stringify compiles: the output shape, with
 * `T | null` as a type list (fast-json-stringify checks an `anyOf` with a schema validator on
 * every value) and without `additionalProperties: false` (unknown properties are never written
 * anyway; inside a union the flag would make a row with one extra column match no branch, where
 * zod strips the column).
 */
export function serializerSchema(schema: ZodType): JsonSchema {
  return simplify(toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' })) as JsonSchema;
}

function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = simplify(value);
  }
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const [first, second] = anyOf as JsonSchema[];
    if (second?.type === 'null' && Object.keys(second).length === 1 && typeof first?.type === 'string' && !('anyOf' in first)) {
      delete out.anyOf;
      return { ...out, ...first, type: [first.type, 'null'] };
    }
  }
  return out;
}

export interface ResponseSerializerOptions {
  /**
   * Also check every response against its zod schema, and that the fast serialiser wrote exactly
   * what zod's output holds (tests and development: contract drift fails the request with a 500).
   */
  check: boolean;
}

/** Serialisers by zod schema: every app in the process (tests build many) compiles each once. */
const serializers = new WeakMap<ZodType, (data: unknown) => string>();

/** fast-json-stringify's function for a zod response schema. */
export function fastSerializer(schema: ZodType): (data: unknown) => string {
  let write = serializers.get(schema);
  if (!write) {
    write = fastJsonStringify(serializerSchema(schema));
    serializers.set(schema, write);
  }
  return write;
}

/**
 * Fastify serializer compiler for routes whose response schemas are zod: responses are written by
 * fast-json-stringify from the schema's JSON Schema, with no validation pass at run time. The
 * JSON Schema and the serialiser are made at a route's first response, once per schema.
 */
export function responseSerializerCompiler(opts: ResponseSerializerOptions): FastifySerializerCompiler<ZodType> {
  return ({ schema, method, url }) => {
    let fast: ((data: unknown) => string) | undefined;
    const write = (data: unknown): string => (fast ??= fastSerializer(schema))(data);
    if (!opts.check) return write;
    return (data) => {
      const parsed = safeEncode(schema, data);
      if (parsed.error) throw new ResponseSerializationError(method, url, { cause: parsed.error });
      const json = write(data);
      const expected: unknown = JSON.parse(JSON.stringify(parsed.data));
      if (!isDeepStrictEqual(JSON.parse(json), expected)) {
        throw new Error(
          `${method} ${url}: the response serialiser wrote ${json.slice(0, 500)} where the contract's schema gives ${JSON.stringify(expected).slice(0, 500)}`,
        );
      }
      return json;
    };
  };
}
