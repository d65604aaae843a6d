import { ErrorCode } from '@medportal/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/client.ts';
import { sitePages, sitePageVersions } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { currentUser } from '../../plugins/auth.ts';
import { catalogRoutes, columnsOf, fieldsOf } from '../shared/catalog.ts';
import { Tag } from '../shared/cache-tags.ts';
import { writeAudit } from '../staff/index.ts';

type PageRow = typeof sitePages.$inferSelect;
type VersionRow = typeof sitePageVersions.$inferSelect;

const clean = (html: string) => sanitizeHtml(html, { sitePaths: true }).trim();

/** Writes the page's text as its next version (the page row is locked by the caller's write). */
async function saveVersion(tx: Tx, page: PageRow, authorId: number, restoredFrom: number | null): Promise<VersionRow> {
  const [last] = await tx
    .select({ n: sql<number>`coalesce(max(${sitePageVersions.number}), 0)::int` })
    .from(sitePageVersions)
    .where(eq(sitePageVersions.pageId, page.id));
  const [saved] = await tx
    .insert(sitePageVersions)
    .values({
      pageId: page.id,
      number: (last?.n ?? 0) + 1,
      titleZh: page.titleZh,
      titleEn: page.titleEn,
      bodyZh: page.bodyZh,
      bodyEn: page.bodyEn,
      version: page.version,
      effectiveOn: page.effectiveOn,
      restoredFrom,
      authorId,
    })
    .returning();
  if (!saved) throw new Error('site page version not stored');
  return saved;
}

const presentVersion = (v: VersionRow) => fieldsOf(v);

/**
 * The console's site pages (decision record 0068): every edit saves the text as a new version and
 * makes it the page's text; the public page shows it while the page is published. Restoring an old
 * version saves a new one copying it, so the history only grows.
 */
const pagesAdminRoutes: FastifyPluginAsync<{ now: () => Date }> = async (instance, { now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  catalogRoutes(
    app,
    {
      name: 'SitePage',
      kind: 'site_page',
      table: sitePages,
      id: sitePages.id,
      updatedAt: sitePages.updatedAt,
      status: sitePages.status,
      search: [sitePages.slug, sitePages.titleZh, sitePages.titleEn],
      toRow: (body) => {
        const values = columnsOf(body);
        values.bodyZh = clean(String(values.bodyZh));
        if (typeof values.bodyEn === 'string') values.bodyEn = clean(values.bodyEn) || null;
        return values;
      },
      onSaved: async (tx, row, ctx) => {
        await saveVersion(tx, row as PageRow, ctx.actorId, null);
      },
      tags: () => [Tag.site],
    },
    { now, audit: writeAudit },
  );

  app.route({
    ...endpointRoute('adminSitePageVersions'),
    handler: async (req) => {
      const [page] = await app.db.select({ id: sitePages.id }).from(sitePages).where(eq(sitePages.id, req.params.id));
      if (!page) throw new AppError(ErrorCode.NOT_FOUND);
      const rows = await app.db.select().from(sitePageVersions).where(eq(sitePageVersions.pageId, page.id)).orderBy(desc(sitePageVersions.number));
      return ok({ items: rows.map(presentVersion) as never });
    },
  });

  app.route({
    ...endpointRoute('adminSitePageRestore'),
    handler: async (req) => {
      const actorId = currentUser(req).id;
      const at = now();
      const { id, version_id: versionId } = req.params;
      const page = await transaction(app.db, async (tx) => {
        const [before] = await tx.select().from(sitePages).where(eq(sitePages.id, id)).for('update');
        if (!before) throw new AppError(ErrorCode.NOT_FOUND);
        const [old] = await tx
          .select()
          .from(sitePageVersions)
          .where(and(eq(sitePageVersions.id, versionId), eq(sitePageVersions.pageId, id)));
        if (!old) throw new AppError(ErrorCode.NOT_FOUND);
        const [after] = await tx
          .update(sitePages)
          .set({ titleZh: old.titleZh, titleEn: old.titleEn, bodyZh: old.bodyZh, bodyEn: old.bodyEn, version: old.version, effectiveOn: old.effectiveOn, updatedAt: at })
          .where(and(eq(sitePages.id, id), sql`date_trunc('milliseconds', ${sitePages.updatedAt}) = ${new Date(req.body.updated_at)}`))
          .returning();
        if (!after) throw new AppError(ErrorCode.ADMIN_EDIT_CONFLICT);
        const saved = await saveVersion(tx, after, actorId, old.number);
        await writeAudit(tx, {
          actorId,
          action: 'site_page.restore',
          target: `site_page:${id}`,
          before: { ...fieldsOf(before), restored_version: old.number },
          after: { ...fieldsOf(after), version_number: saved.number },
          now: at,
        });
        return after;
      });
      app.publicCache.invalidate([Tag.site]);
      return ok({ ...fieldsOf(page), state: page.status } as never);
    },
  });
};

export default pagesAdminRoutes;
