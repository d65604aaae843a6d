import type { FastifyPluginAsync } from 'fastify';
import { relateSites } from '../../db/schema/index.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { columnsOf, catalogRoutes } from '../shared/catalog.ts';
import { Tag } from '../shared/cache-tags.ts';
import { writeAudit } from '../staff/index.ts';

/**
 * The console's sister products (decision record 0068). Their landing-page introduction is HTML,
 * sanitised on save with the rules used when it is served; features and links stay as they are.
 */
const siteAdminRoutes: FastifyPluginAsync<{ now: () => Date }> = async (app, { now }) => {
  catalogRoutes(
    app,
    {
      name: 'RelateSite',
      kind: 'relate_site',
      table: relateSites,
      id: relateSites.id,
      updatedAt: relateSites.updatedAt,
      status: relateSites.status,
      search: [relateSites.key, relateSites.titleZh, relateSites.titleEn],
      sorts: { sort: relateSites.sort },
      defaultOrder: [relateSites.sort, relateSites.id],
      toRow: (body) => {
        const values = columnsOf(body);
        values.introZh = sanitizeHtml(String(values.introZh ?? ''), { sitePaths: true }).trim();
        if (typeof values.introEn === 'string') values.introEn = sanitizeHtml(values.introEn, { sitePaths: true }).trim() || null;
        return values;
      },
      tags: () => [Tag.site, Tag.home],
    },
    { now, audit: writeAudit },
  );
};

export default siteAdminRoutes;
