import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { papers } from '../../db/schema/index.ts';
import { upsertSearchItem } from '../search/index.ts';
import { columnsOf, catalogRoutes } from '../shared/catalog.ts';
import { Tag } from '../shared/cache-tags.ts';
import { writeAudit } from '../staff/index.ts';

/** The console's papers (decision record 0068): scheduled publication, a uuid for their links, searchable. */
const papersAdminRoutes: FastifyPluginAsync<{ now: () => Date }> = async (app, { now }) => {
  catalogRoutes(
    app,
    {
      name: 'Paper',
      kind: 'paper',
      table: papers,
      id: papers.id,
      updatedAt: papers.updatedAt,
      status: papers.status,
      publishedAt: papers.publishedAt,
      search: [papers.titleZh, papers.titleEn, papers.fullJournal, papers.doi],
      sorts: { published_at: papers.publishedAt },
      toRow: (body, ctx) => (ctx.before ? columnsOf(body) : { ...columnsOf(body), uuid: randomUUID() }),
      tags: () => [Tag.papers, Tag.topics, Tag.speakers, Tag.home],
      afterCommit: async (db, ids) => {
        for (const id of ids) await upsertSearchItem(db, 'paper', id);
      },
    },
    { now, audit: writeAudit },
  );
};

export default papersAdminRoutes;
