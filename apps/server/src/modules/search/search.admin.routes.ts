import type { FastifyPluginAsync } from 'fastify';
import { hotWords } from '../../db/schema/index.ts';
import { catalogRoutes } from '../shared/catalog.ts';
import { Tag } from '../shared/cache-tags.ts';
import { writeAudit } from '../staff/index.ts';

export interface SearchAdminRoutesOptions {
  now: () => Date;
  /** Drops this process's answers built with the old hot words. */
  hotWordsChanged: () => void;
}

/** The console's hot search words (decision record 0068). */
const searchAdminRoutes: FastifyPluginAsync<SearchAdminRoutesOptions> = async (app, { now, hotWordsChanged }) => {
  catalogRoutes(
    app,
    {
      name: 'HotWord',
      kind: 'hot_word',
      table: hotWords,
      id: hotWords.id,
      updatedAt: hotWords.updatedAt,
      status: hotWords.status,
      search: [hotWords.wordZh, hotWords.wordEn],
      sorts: { sort: hotWords.sort },
      defaultOrder: [hotWords.sort, hotWords.id],
      tags: () => [Tag.search],
      afterCommit: async () => hotWordsChanged(),
    },
    { now, audit: writeAudit },
  );
};

export default searchAdminRoutes;
