import type { FastifyPluginAsync } from 'fastify';
import { type SelectedSpeakerRow, selectedVideos, specialAlbumConfigs, specialAlbumVideos } from '../../db/schema/index.ts';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import * as repo from './selected.repository.ts';
import { columnsOf, catalogRoutes, fieldsOf } from '../shared/catalog.ts';
import { Tag } from '../shared/cache-tags.ts';
import { writeAudit } from '../staff/index.ts';

interface SpeakerField {
  name_zh: string;
  name_en: string;
  org_zh: string;
  org_en: string;
}

/** The console's journal-channel items and album configurations (decision record 0068). */
const selectedAdminRoutes: FastifyPluginAsync<{ now: () => Date }> = async (app, { now }) => {
  const opts = { now, audit: writeAudit };
  catalogRoutes(
    app,
    {
      name: 'SelectedVideo',
      kind: 'selected_video',
      table: selectedVideos,
      id: selectedVideos.id,
      updatedAt: selectedVideos.updatedAt,
      status: selectedVideos.status,
      publishedAt: selectedVideos.publishedAt,
      search: [selectedVideos.titleZh, selectedVideos.titleEn],
      filters: { channel_id: selectedVideos.channelId, kind: selectedVideos.kind },
      sorts: { published_at: selectedVideos.publishedAt },
      toRow: (body, ctx) => {
        const speakers: SelectedSpeakerRow[] = (body.speakers as SpeakerField[]).map((s) => ({ nameZh: s.name_zh, nameEn: s.name_en, orgZh: s.org_zh, orgEn: s.org_en }));
        // A new item is a draft; its publication instant is set when it is published.
        return { ...columnsOf(body), speakers, ...(ctx.before ? {} : { publishedAt: ctx.now }) };
      },
      present: (row) => ({ ...fieldsOf(row), speakers: (row.speakers as SelectedSpeakerRow[]).map((s) => fieldsOf({ ...s })) }),
      // The channels' pages are not in the public cache; the home page's cards are.
      tags: () => [Tag.home],
    },
    opts,
  );
  catalogRoutes(
    app,
    {
      name: 'AlbumConfig',
      kind: 'album_config',
      table: specialAlbumConfigs,
      id: specialAlbumConfigs.specialId,
      updatedAt: specialAlbumConfigs.updatedAt,
      search: [specialAlbumConfigs.subtitleZh, specialAlbumConfigs.subtitleEn],
      filters: { channel_id: specialAlbumConfigs.channelId },
      links: [{ field: 'video_ids', table: specialAlbumVideos, owner: specialAlbumVideos.specialId, target: specialAlbumVideos.videoId, sort: specialAlbumVideos.sort }],
      // The album a configuration belongs to is fixed once made.
      toRow: (body, ctx) => {
        const values = columnsOf(body);
        if (ctx.before) delete values.specialId;
        return values;
      },
      // One configuration per album: its id is the album's; it keeps no creation time of its own.
      present: (row) => ({ ...fieldsOf(row), id: row.specialId, created_at: (row.updatedAt as Date).toISOString() }),
      tags: () => [Tag.topics],
    },
    opts,
  );
  app.route({
    ...endpointRoute('adminSelectedChannels'),
    handler: async () => ok({ items: (await repo.listChannels(app.db)).map((c) => ({ id: c.id, slug: c.slug, name_zh: c.nameZh, name_en: c.nameEn })) }),
  });
};

export default selectedAdminRoutes;
