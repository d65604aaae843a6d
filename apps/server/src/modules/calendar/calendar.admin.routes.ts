import type { FastifyPluginAsync } from 'fastify';
import { congresses } from '../../db/schema/index.ts';
import { upsertSearchItem } from '../search/index.ts';
import { catalogRoutes } from '../shared/catalog.ts';
import { Tag } from '../shared/cache-tags.ts';
import { writeAudit } from '../staff/index.ts';

/** The console's international meeting calendar (decision record 0068); congresses are searchable (0057). */
const calendarAdminRoutes: FastifyPluginAsync<{ now: () => Date }> = async (app, { now }) => {
  catalogRoutes(
    app,
    {
      name: 'Congress',
      kind: 'congress',
      table: congresses,
      id: congresses.id,
      updatedAt: congresses.updatedAt,
      status: congresses.status,
      search: [congresses.acronym, congresses.titleZh, congresses.titleEn, congresses.organizerEn],
      filters: { field: congresses.field, region: congresses.region },
      sorts: { start_date: congresses.startDate },
      tags: (ids) => [Tag.calendar, ...ids.map((id) => `congress:${id}`)],
      afterCommit: async (db, ids) => {
        for (const id of ids) await upsertSearchItem(db, 'congress', id);
      },
    },
    { now, audit: writeAudit },
  );
};

export default calendarAdminRoutes;
