import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
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

/**
 * A union's branch is picked with a schema validator (Ajv), compiled at the route's first response:
 * on the home page's blocks that was most of a restart's first render. Ajv's optimisation passes
 * over the generated code took a third of it and change nothing it accepts (decision record 0077).
 */
const FJS_OPTIONS = { ajv: { code: { optimize: false } } } as const;

/** Serialisers by zod schema: every app in the process (tests build many) compiles each once. */
const serializers = new WeakMap<ZodType, (data: unknown) => string>();

/** fast-json-stringify's function for a zod response schema. */
export function fastSerializer(schema: ZodType): (data: unknown) => string {
  let write = serializers.get(schema);
  if (!write) {
    const json = serializerSchema(schema);
    write = precompiled(json) ?? fastJsonStringify(json, FJS_OPTIONS);
    serializers.set(schema, write);
  }
  return write;
}

/**
 * Where the build leaves serialisers compiled ahead (dist/serializers/, beside the bundle); from
 * src/ there are none and every serialiser is compiled at its route's first response.
 */
const PRECOMPILED_DIR = new URL('./serializers/', import.meta.url);
const requireHere = createRequire(import.meta.url);
let libraries: string | undefined;

/** Whether fast-json-stringify needs Ajv for the schema (unions, conditionals): what is worth compiling ahead. */
const needsValidator = (json: JsonSchema): boolean => /"(anyOf|oneOf|if)":/.test(JSON.stringify(json));

/** A compiled serialiser's file: named by its JSON Schema and the versions of the libraries that compile it. */
function precompiledName(json: JsonSchema): string {
  libraries ??= ['fast-json-stringify', 'ajv'].map((name) => `${name}@${(requireHere(`${name}/package.json`) as { version: string }).version}`).join(' ');
  return `${createHash('sha256').update(`${libraries}\n${JSON.stringify(json)}`).digest('hex').slice(0, 32)}.cjs`;
}

/** The build's serialiser for exactly this schema and these library versions, or null. */
function precompiled(json: JsonSchema): ((data: unknown) => string) | null {
  if (!needsValidator(json)) return null;
  const file = fileURLToPath(new URL(precompiledName(json), PRECOMPILED_DIR));
  return existsSync(file) ? (requireHere(file) as (data: unknown) => string) : null;
}

/**
 * The build step (precompile-serializers.ts): for each schema whose serialiser needs a validator,
 * its file name and its standalone source with the validators inlined. Loading one takes
 * milliseconds where compiling the home page's took most of a second (decision record 0077).
 */
export function precompileSerializers(schemas: Iterable<ZodType>): Map<string, string> {
  const out = new Map<string, string>();
  for (const schema of schemas) {
    const json = serializerSchema(schema);
    if (!needsValidator(json)) continue;
    const name = precompiledName(json);
    if (!out.has(name)) out.set(name, fastJsonStringify(json, { ...FJS_OPTIONS, mode: 'standalone', inlineValidators: true }) as unknown as string);
  }
  return out;
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
