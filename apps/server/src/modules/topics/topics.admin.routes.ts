import type { FastifyPluginAsync } from 'fastify';
import { columns, specialItems, specials } from '../../db/schema/index.ts';
import { upsertSearchItem } from '../search/index.ts';
import { catalogRoutes } from '../shared/catalog.ts';
import { Tag } from '../shared/cache-tags.ts';
import { writeAudit } from '../staff/index.ts';

/** The console's columns (searchable) and special topics and albums (decision record 0068). */
const topicsAdminRoutes: FastifyPluginAsync<{ now: () => Date }> = async (app, { now }) => {
  const opts = { now, audit: writeAudit };
  catalogRoutes(
    app,
    {
      name: 'Column',
      kind: 'column',
      table: columns,
      id: columns.id,
      updatedAt: columns.updatedAt,
      status: columns.status,
      search: [columns.titleZh, columns.titleEn],
      sorts: { sort: columns.sort },
      tags: () => [Tag.columns, Tag.home],
      afterCommit: async (db, ids) => {
        for (const id of ids) await upsertSearchItem(db, 'column', id);
      },
    },
    opts,
  );
  catalogRoutes(
    app,
    {
      name: 'Special',
      kind: 'special',
      table: specials,
      id: specials.id,
      updatedAt: specials.updatedAt,
      status: specials.status,
      search: [specials.titleZh, specials.titleEn],
      filters: { kind: specials.kind },
      sorts: { sort: specials.sort },
      links: (['course', 'news', 'live', 'paper'] as const).map((module) => ({
        field: `${module}_ids`,
        table: specialItems,
        owner: specialItems.specialId,
        target: specialItems.itemId,
        sort: specialItems.sort,
        scope: { column: specialItems.module, value: module },
      })),
      tags: () => [Tag.topics, Tag.home],
    },
    opts,
  );
};

export default topicsAdminRoutes;
