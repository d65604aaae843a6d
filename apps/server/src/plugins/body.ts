import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JSON_MAX_DEPTH, JSON_MAX_KEYS, jsonShapeError, jsonShapeProblem } from '../lib/validation.ts';

/**
 * Request bodies: JSON only (no text/plain; anything else is 415 until a route opts into another
 * type, as the upload route does with multipart), nested at most JSON_MAX_DEPTH levels, at most
 * JSON_MAX_KEYS members per object. Both are checked by a linear scan before parsing, so a deep or
 * wide body costs one pass over its bytes instead of a parse and schema walk that would stall every
 * other request. Each API route has its own size limit (endpointRoute()).
 */
export default fp(
  async (app) => {
    // A route's own limit never goes past the server-wide BODY_LIMIT.
    app.addHook('onRoute', (route) => {
      if (route.bodyLimit !== undefined) route.bodyLimit = Math.min(route.bodyLimit, app.initialConfig.bodyLimit ?? route.bodyLimit);
    });
    app.removeContentTypeParser('text/plain');
    // Fastify's own parser (with its __proto__/constructor poisoning checks), after the depth check.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, raw, done) => {
      const body = raw as string; // parseAs: 'string'
      const problem = jsonShapeProblem(body, JSON_MAX_DEPTH, JSON_MAX_KEYS);
      if (problem) {
        done(jsonShapeError(problem), undefined);
        return;
      }
      // The callback form: the result arrives through `done`, the return value is nothing to wait for.
      void parseJson(req, body, done);
    });
  },
  { name: 'body' },
);

/**
 * `navigator.sendBeacon(url, string)` can set no headers and sends `text/plain`: routes that take
 * beacons (heartbeats on page unload) read such a body as JSON. Call it inside the routes' own
 * plugin context; everywhere else text/plain stays 415.
 */
export function acceptBeaconBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 4096 }, (req, raw, done) => {
    const body = raw as string;
    const problem = jsonShapeProblem(body, JSON_MAX_DEPTH, JSON_MAX_KEYS);
    if (problem) {
      done(jsonShapeError(problem), undefined);
      return;
    }
    void parseJson(req, body, done);
  });
}
