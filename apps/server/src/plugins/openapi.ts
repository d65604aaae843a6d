import { DepartmentNode, PRODUCT_VERSION } from '@medportal/contract';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

// Recursive schemas need a named component to point at (else the document holds a dangling $ref).
if (!z.globalRegistry.has(DepartmentNode)) z.globalRegistry.add(DepartmentNode, { id: 'DepartmentNode' });

/**
 * OpenAPI document generated from the contract's zod schemas (every route registered after this
 * plugin), at /openapi.json, with a browsable UI at /docs.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'MedPortal API',
          description:
            'Every response is an envelope {code, message, data}; code 0 = success. Business errors answer ' +
            'HTTP 200 with a non-zero code; transport failures (malformed JSON, body too large, unknown route, ' +
            'internal error) use a real 4xx/5xx status with the same envelope. Common parameters on every call: ' +
            'access_token, platform (web|wechat), language (zh_CN|en), appversion, timezone.',
          version: PRODUCT_VERSION,
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, { routePrefix: '/docs' });
    app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
