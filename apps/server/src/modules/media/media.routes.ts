import { ErrorCode } from '@medportal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { coverSvg, isCoverKind } from './cover-svg.ts';

const SEED = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * GET /media/cover/:kind/:seed.svg[?label=...]: generated, deterministic artwork. The URL fully
 * determines the bytes, so it is cached as immutable. Bad kinds/seeds 404 (it is an image URL).
 */
const mediaRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { kind: string; seed: string }; Querystring: { label?: string } }>(
    '/media/cover/:kind/:seed.svg',
    { schema: { hide: true } },
    async (req, reply) => {
      const { kind, seed } = req.params;
      if (!isCoverKind(kind) || !SEED.test(seed)) throw new AppError(ErrorCode.NOT_FOUND, { httpStatus: 404 });
      const label = typeof req.query.label === 'string' ? req.query.label : undefined;
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(coverSvg(kind, seed, label));
    },
  );
};

export default mediaRoutes;
