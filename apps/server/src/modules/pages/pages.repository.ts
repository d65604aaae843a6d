import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { contactMessages, sitePages } from '../../db/schema/index.ts';

export type SitePageRow = typeof sitePages.$inferSelect;

export async function findPublishedPage(db: Db, slug: string): Promise<SitePageRow | undefined> {
  const [row] = await db
    .select()
    .from(sitePages)
    .where(and(eq(sitePages.slug, slug), eq(sitePages.status, 'published')));
  return row;
}

export async function insertContactMessage(db: Db, row: typeof contactMessages.$inferInsert) {
  const [saved] = await db.insert(contactMessages).values(row).returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  if (!saved) throw new Error('contact message not stored');
  return saved;
}

/** Deletes messages received before `before`; returns how many. */
export async function deleteContactMessagesBefore(db: Db, before: Date): Promise<number> {
  const gone = await db.delete(contactMessages).where(lt(contactMessages.createdAt, before)).returning({ id: contactMessages.id });
  return gone.length;
}

export interface LegalVersions {
  contract: string;
  privacy: string;
}

/** The published versions of the user agreement and the privacy policy (what a user agrees to). */
export async function legalVersions(db: Db | Tx): Promise<LegalVersions> {
  const rows = await db
    .select({ slug: sitePages.slug, version: sitePages.version })
    .from(sitePages)
    .where(and(inArray(sitePages.slug, ['contract', 'privacy']), eq(sitePages.status, 'published')));
  const of = (slug: string) => rows.find((r) => r.slug === slug)?.version ?? '';
  return { contract: of('contract'), privacy: of('privacy') };
}
