import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { API_TAGS, DepartmentNode, ErrorCode, ErrorEnvelope, errorMessages, PRODUCT_VERSION } from '@medportal/contract';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthMode } from './auth.ts';

// Recursive schemas need a named component to point at (else the document holds a dangling $ref).
if (!z.globalRegistry.has(DepartmentNode)) z.globalRegistry.add(DepartmentNode, { id: 'DepartmentNode' });

/** The three places an access token is read from (plugins/context.ts), in the order it looks. */
const TOKEN_SCHEMES = {
  accessTokenQuery: {
    type: 'apiKey',
    in: 'query',
    name: 'access_token',
    description: 'The access token as the `access_token` common parameter (query string, or a JSON body field).',
  },
  bearerAuth: { type: 'http', scheme: 'bearer', description: 'The access token in `Authorization: Bearer <token>`.' },
  accessTokenCookie: { type: 'apiKey', in: 'cookie', name: 'access_token', description: 'The session cookie the web app keeps.' },
} as const;
const ANY_TOKEN = Object.keys(TOKEN_SCHEMES).map((name) => ({ [name]: [] }));

/**
 * Security of a route from its `auth` config (endpointRoute, or the module for `optional`): any of
 * the token schemes when required; also none (`{}`) when optional; nothing when public.
 */
export function securityOf(auth: AuthMode | undefined): Record<string, string[]>[] {
  if (auth === 'required') return ANY_TOKEN;
  if (auth === 'optional') return [{}, ...ANY_TOKEN];
  return [];
}

/** The error codes as a table for the error envelope's description. */
function errorCodeTable(): string {
  const rows = Object.entries(ErrorCode)
    .filter(([, code]) => code !== ErrorCode.OK)
    .map(([name, code]) => `| ${code} | ${name} | ${errorMessages[code].en} |`);
  return ['| code | name | message (en) |', '| --- | --- | --- |', ...rows].join('\n');
}

const errorEnvelopeSchema = () => {
  const schema = z.toJSONSchema(ErrorEnvelope, { target: 'draft-2020-12' }) as Record<string, unknown> & { properties: Record<string, object> };
  delete schema.$schema;
  const codes = Object.values(ErrorCode).filter((c) => c !== ErrorCode.OK);
  schema.properties.code = { type: 'integer', enum: codes, description: `A non-zero code from the contract's table:\n\n${errorCodeTable()}` };
  schema.properties.message = { type: 'string', description: 'For people, in the request language (zh_CN or en).' };
  return {
    ...schema,
    description:
      'The envelope of a failure. Business errors (wrong code, not found, forbidden, not logged in = 200203, ...) ' +
      'answer HTTP 200 with this envelope; transport failures use a real 4xx/5xx status with it. ' +
      '`data.fields` lists the fields of a validation error (40000); `data.request_id` names an internal error in the logs.',
  };
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
});

type Operation = { tags?: string[]; responses?: Record<string, { description?: string }>; operationId?: string };
type Document = {
  info: Record<string, unknown>;
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
};

/**
 * What the route schemas cannot say: the error envelope and its codes on every operation, the
 * tags with their descriptions, and the token schemes the `security` of each operation names.
 */
function completeDocument(doc: Document): Document {
  const used = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!op.operationId) throw new Error(`OpenAPI: ${method.toUpperCase()} ${path} has no operationId (schema.operationId)`);
      for (const tag of op.tags ?? []) used.add(tag);
      const ok = op.responses?.['200'];
      if (ok?.description === 'Default Response') {
        ok.description = 'The envelope: code 0 with `data` as below; a business error answers HTTP 200 with the ErrorEnvelope (code ≠ 0, data null or details).';
      }
      op.responses = { ...op.responses, '4XX': { $ref: '#/components/responses/ClientError' } as never, '5XX': { $ref: '#/components/responses/ServerError' } as never };
    }
  }
  const tags = [...used].sort().map((name) => {
    const description = (API_TAGS as Record<string, string>)[name];
    if (!description) throw new Error(`OpenAPI: tag "${name}" has no description in the contract's API_TAGS`);
    return { name, description };
  });
  return {
    ...doc,
    tags,
    components: {
      ...doc.components,
      schemas: { ...doc.components?.schemas, ErrorEnvelope: errorEnvelopeSchema() },
      responses: {
        ClientError: errorResponse(
          'A transport-level failure with the error envelope: 400 malformed request or JSON, 404 unknown route, 405 method, ' +
            '408 request timeout, 413/414/431 body, URL or headers too large, 415 media type, 429 too many requests.',
        ),
        ServerError: errorResponse('500 internal error (the envelope names the request id, never a stack trace); 503 unavailable (starting, closing or database down).'),
      },
    },
  };
}

/**
 * OpenAPI document generated from the contract's zod schemas (every route registered after this
 * plugin), at /openapi.json, with a browsable UI at /docs. It passes `redocly lint` with the
 * recommended rules (scripts/lint-openapi.mjs, part of `npm run lint`).
 */
export interface OpenApiOptions {
  /** Customer service's address (CONTACT_EMAIL), the document's contact. */
  contactEmail: string;
}

export default fp<OpenApiOptions>(
  async (app, { contactEmail }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'MedPortal API',
          description:
            'Every response is an envelope {code, message, data}; code 0 = success. Business errors answer ' +
            'HTTP 200 with a non-zero code (ErrorEnvelope, codes listed there); transport failures (malformed JSON, body too large, ' +
            'unknown route, internal error) use a real 4xx/5xx status with the same envelope. Common parameters on every call: ' +
            'access_token, platform (web|wechat), language (zh_CN|en), appversion, timezone. Operation ids are the ' +
            "contract's route names (packages/contract).",
          version: PRODUCT_VERSION,
          contact: { name: 'MedPortal customer service', email: contactEmail },
          license: { name: 'Proprietary', identifier: 'LicenseRef-MedPortal-Proprietary' },
        },
        servers: [{ url: '/', description: 'The server that serves this document' }],
        components: { securitySchemes: TOKEN_SCHEMES },
      },
      transform: (input) => {
        const out = jsonSchemaTransform(input);
        if (!out.schema || (out.schema as { hide?: boolean }).hide) return out;
        const auth = (input.route.config as { auth?: AuthMode } | undefined)?.auth;
        return { ...out, schema: { ...out.schema, security: securityOf(auth) } };
      },
      transformObject: (input) => completeDocument(jsonSchemaTransformObject(input) as unknown as Document) as never,
    });
    // Its files named from its package, not from its own module's directory: the build bundles the
    // module into dist/ (build.mjs), where that directory is not the package's.
    const uiFiles = join(dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json')), 'static');
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      baseDir: uiFiles,
      logo: { type: 'image/svg+xml', content: readFileSync(join(uiFiles, 'logo.svg')) },
    });
    app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
