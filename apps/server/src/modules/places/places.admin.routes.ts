import type { FastifyPluginAsync } from 'fastify';
import { hospitals, organizers, tags } from '../../db/schema/index.ts';
import { catalogRoutes } from '../shared/catalog.ts';
import { ALL_CARDS, Tag } from '../shared/cache-tags.ts';
import { writeAudit } from '../staff/index.ts';

/**
 * The console's hospitals, organisers and keywords (decision record 0068). Their names show on the
 * cards of courses, lives and speakers, so a change drops every kind of card.
 */
const placesAdminRoutes: FastifyPluginAsync<{ now: () => Date }> = async (app, { now }) => {
  const opts = { now, audit: writeAudit };
  const cardTags = () => [Tag.places, ...ALL_CARDS];
  catalogRoutes(
    app,
    {
      name: 'Hospital',
      kind: 'hospital',
      table: hospitals,
      id: hospitals.id,
      updatedAt: hospitals.updatedAt,
      search: [hospitals.nameZh, hospitals.nameEn, hospitals.cityZh],
      filters: { region_id: hospitals.regionId },
      tags: cardTags,
    },
    opts,
  );
  catalogRoutes(
    app,
    { name: 'Organizer', kind: 'organizer', table: organizers, id: organizers.id, updatedAt: organizers.updatedAt, search: [organizers.nameZh, organizers.nameEn], tags: cardTags },
    opts,
  );
  catalogRoutes(app, { name: 'Keyword', kind: 'keyword', table: tags, id: tags.id, updatedAt: tags.updatedAt, search: [tags.titleZh, tags.titleEn], tags: cardTags }, opts);
};

export default placesAdminRoutes;
