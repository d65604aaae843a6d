import { ActionType } from '@medportal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { type ProductFeatureRow, type ProductLinkRow, relateSites } from '../../db/schema/index.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { columnsOf, catalogRoutes, fieldsOf } from '../shared/catalog.ts';
import { Tag } from '../shared/cache-tags.ts';
import { writeAudit } from '../staff/index.ts';

interface FeatureField {
  title_zh: string;
  title_en: string | null;
  text_zh: string;
  text_en: string | null;
}
interface LinkField {
  title_zh: string;
  title_en: string | null;
  url: string;
}

/** A landing-page button's address as the action it opens: a site path in the site, an https address in a new tab. */
const linkRow = (l: LinkField): ProductLinkRow => ({
  titleZh: l.title_zh,
  titleEn: l.title_en,
  action: l.url.startsWith('/') ? { type: ActionType.ROUTE, data: { url: l.url }, target: '_self' } : { type: ActionType.EXTERNAL_URL, data: { url: l.url }, target: '_blank' },
});

/**
 * The console's sister products (decision record 0068). Their landing-page introduction is HTML,
 * sanitised on save with the rules used when it is served; the feature cards and buttons are
 * edited as lists (a button is an address: the seed's and the console's are all addresses).
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
        if (body.features === undefined) delete values.features;
        else values.features = (body.features as FeatureField[]).map((f): ProductFeatureRow => ({ titleZh: f.title_zh, titleEn: f.title_en, textZh: f.text_zh, textEn: f.text_en }));
        if (body.links === undefined) delete values.links;
        else values.links = (body.links as LinkField[]).map(linkRow);
        return values;
      },
      present: (row) => ({
        ...fieldsOf(row),
        features: (row.features as ProductFeatureRow[]).map((f) => ({ title_zh: f.titleZh, title_en: f.titleEn, text_zh: f.textZh, text_en: f.textEn })),
        links: (row.links as ProductLinkRow[]).map((l) => ({ title_zh: l.titleZh, title_en: l.titleEn, url: l.action.data.url ?? '' })),
      }),
      tags: () => [Tag.site, Tag.home],
    },
    { now, audit: writeAudit },
  );
};

export default siteAdminRoutes;
