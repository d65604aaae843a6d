import { type PublicationState } from '@medportal/contract';
import { and, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Publication rules shared by every content table with `status` (content_status) and
 * `published_at` (decision record 0062): a published row is visible from its `published_at`, so a
 * scheduled publication is a published row whose instant has not come yet, and it appears on the
 * dot without a job to flip it.
 */

type Status = 'draft' | 'published' | 'offline' | 'unlisted';

/** Readers see the row now (lists and detail pages; `unlisted` rows are for detail pages only). */
export function visibleNow(status: PgColumn, publishedAt: PgColumn, now: Date, alsoUnlisted = false): SQL {
  const shown = alsoUnlisted ? or(eq(status, 'published'), eq(status, 'unlisted')) : eq(status, 'published');
  return and(shown, or(isNull(publishedAt), lte(publishedAt, now))) as SQL;
}

/** The console's state of a row. */
export function publicationState(status: Status, publishedAt: Date | null, now: Date): PublicationState {
  if (status === 'published' && publishedAt && publishedAt.getTime() > now.getTime()) return 'scheduled';
  return status;
}

/** A console list's state filter as a condition on the table. */
export function stateCondition(state: PublicationState, status: PgColumn, publishedAt: PgColumn, now: Date): SQL {
  switch (state) {
    case 'scheduled':
      return and(eq(status, 'published'), gt(publishedAt, now)) as SQL;
    case 'published':
      return visibleNow(status, publishedAt, now);
    default:
      return eq(status, state);
  }
}

/** The columns to set to publish now or at `at` (a scheduled publication). */
export function publishValues(at: string | null | undefined, now: Date): { status: 'published'; publishedAt: Date } {
  const when = at ? new Date(at) : now;
  return { status: 'published', publishedAt: when.getTime() > now.getTime() ? when : now };
}

/** `ILIKE` on any of the columns, with the search text's own wildcards matching themselves. */
export function textSearch(q: string | undefined, ...columns: PgColumn[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((c) => sql`${c} ilike ${pattern}`));
}
