import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../../lib/endpoint.ts';
import { preferredEncoding } from '../../lib/encoding.ts';
import { HomeService } from './home.service.ts';

export interface HomeRoutesOptions {
  now: () => Date;
}

const homeRoutes: FastifyPluginAsync<HomeRoutesOptions> = async (app, { now }) => {
  const home = new HomeService(app.db, now, app.log);

  const route = endpointRoute('pcIndex');
  app.route({
    ...route,
    schema: {
      ...route.schema,
      description:
        'Blocks in display order, one per home_blocks row. Hidden blocks are included with header.hide = true ' +
        'and empty items (the client must not render them). Cached per language for a few seconds.',
    },
    // Sends the cached, pre-serialised envelope: it was validated against PcIndexData when built.
    handler: async (req, reply) => {
      const body = await home.pcIndex(req.ctx.lang);
      const encoding = preferredEncoding(req.headers['accept-encoding']);
      reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('vary', 'Accept-Encoding, Accept-Language');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encoding === 'br' ? body.br : encoding === 'gzip' ? body.gzip : body.identity);
    },
  });
};

export default homeRoutes;
