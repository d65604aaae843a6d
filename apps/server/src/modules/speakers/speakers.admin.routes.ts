import type { FastifyPluginAsync } from 'fastify';
import { speakerDepartments, speakers } from '../../db/schema/index.ts';
import { upsertSearchItem } from '../search/index.ts';
import { catalogRoutes } from '../shared/catalog.ts';
import { Tag } from '../shared/cache-tags.ts';
import { writeAudit } from '../staff/index.ts';

/** The console's speakers (decision record 0068); they are searchable, so every write refreshes their index rows. */
const speakersAdminRoutes: FastifyPluginAsync<{ now: () => Date }> = async (app, { now }) => {
  catalogRoutes(
    app,
    {
      name: 'Speaker',
      kind: 'speaker',
      table: speakers,
      id: speakers.id,
      updatedAt: speakers.updatedAt,
      status: speakers.status,
      search: [speakers.nameZh, speakers.nameEn, speakers.titleZh],
      filters: { hospital_id: speakers.hospitalId, organization_id: speakers.organizationId },
      sorts: { sort: speakers.sort, follower_count: speakers.followerCount },
      links: [{ field: 'department_ids', table: speakerDepartments, owner: speakerDepartments.speakerId, target: speakerDepartments.departmentId }],
      // Speakers appear as cards on the home page, lives, courses and news.
      tags: (ids) => [Tag.speakers, Tag.home, ...ids.map((id) => Tag.speaker(id))],
      afterCommit: async (db, ids) => {
        for (const id of ids) await upsertSearchItem(db, 'speaker', id);
      },
    },
    { now, audit: writeAudit },
  );
};

export default speakersAdminRoutes;
