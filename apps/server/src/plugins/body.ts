import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JSON_MAX_DEPTH, jsonDeeperThan, partValidationError } from '../lib/validation.ts';

/**
 * Request bodies: JSON only (no text/plain; anything else is 415 until a route opts into another
 * type, as the upload route does with multipart), nested at most JSON_MAX_DEPTH levels. The depth
 * is checked by a linear scan before parsing, so a deeply nested body costs one pass over its
 * bytes instead of a recursive parse and schema walk that would stall every other request.
 */
export default fp(
  async (app) => {
    app.removeContentTypeParser('text/plain');
    // Fastify's own parser (with its __proto__/constructor poisoning checks), after the depth check.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, raw, done) => {
      const body = raw as string; // parseAs: 'string'
      if (jsonDeeperThan(body, JSON_MAX_DEPTH)) {
        done(
          partValidationError('body', {
            zh: `嵌套不能超过${JSON_MAX_DEPTH}层`,
            en: `must not be nested more than ${JSON_MAX_DEPTH} levels deep`,
          }),
          undefined,
        );
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
    if (jsonDeeperThan(body, JSON_MAX_DEPTH)) {
      done(partValidationError('body', { zh: `嵌套不能超过${JSON_MAX_DEPTH}层`, en: `must not be nested more than ${JSON_MAX_DEPTH} levels deep` }), undefined);
      return;
    }
    void parseJson(req, body, done);
  });
}
