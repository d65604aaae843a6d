import { and, asc, count, desc, eq, exists, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { SelectedTagKind } from '@medportal/contract';
import type { Db } from '../../db/client.ts';
import { selectedChannels, selectedTags, selectedVideos, selectedVideoTags, specialAlbumConfigs, specialAlbumVideos, specials } from '../../db/schema/index.ts';
import { paginate } from '../shared/paginate.ts';

export type ChannelRow = typeof selectedChannels.$inferSelect;

/** Every channel, by id: the console's picker (a handful of rows). */
export async function listChannels(db: Db): Promise<ChannelRow[]> {
  return db.select().from(selectedChannels).orderBy(asc(selectedChannels.id));
}
export type TagRow = typeof selectedTags.$inferSelect;
export type VideoRow = typeof selectedVideos.$inferSelect;
export type AlbumRow = { special: typeof specials.$inferSelect; config: typeof specialAlbumConfigs.$inferSelect; channel: ChannelRow };

/** Which videos a list covers: one channel's, or one album's. */
export type Scope = { channelId: number } | { albumId: number };

const visible = (now: Date) => and(eq(selectedVideos.status, 'published'), lte(selectedVideos.publishedAt, now)) as SQL;

const inScope = (scope: Scope) =>
  'channelId' in scope
    ? eq(selectedVideos.channelId, scope.channelId)
    : exists(
        sql`(select 1 from ${specialAlbumVideos} where ${specialAlbumVideos.specialId} = ${scope.albumId} and ${specialAlbumVideos.videoId} = ${selectedVideos.id})`,
      );

/** `%`, `_` and `\` typed by a user match themselves. */
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function findChannel(db: Db, slug: string): Promise<ChannelRow | null> {
  const [row] = await db.select().from(selectedChannels).where(eq(selectedChannels.slug, slug));
  return row ?? null;
}

export async function findChannelById(db: Db, id: number): Promise<ChannelRow | null> {
  const [row] = await db.select().from(selectedChannels).where(eq(selectedChannels.id, id));
  return row ?? null;
}

/** A published album of the given theme with its config. */
export async function findAlbum(db: Db, themeId: number, albumId: number): Promise<AlbumRow | null> {
  const [row] = await db
    .select({ special: specials, config: specialAlbumConfigs, channel: selectedChannels })
    .from(specials)
    .innerJoin(specialAlbumConfigs, eq(specialAlbumConfigs.specialId, specials.id))
    .innerJoin(selectedChannels, eq(selectedChannels.id, specialAlbumConfigs.channelId))
    .where(and(eq(specials.id, albumId), eq(specials.kind, 'album'), eq(specials.themeId, themeId), eq(specials.status, 'published')));
  return row ?? null;
}

export interface VideoFilter {
  tagId?: number | undefined;
  keyword?: string | undefined;
}

export async function pageVideos(db: Db, scope: Scope, filter: VideoFilter, now: Date, limit: number, offset: number) {
  const conds: SQL[] = [visible(now), inScope(scope) as SQL];
  if (filter.tagId !== undefined) {
    conds.push(
      exists(sql`(select 1 from ${selectedVideoTags} where ${selectedVideoTags.videoId} = ${selectedVideos.id} and ${selectedVideoTags.tagId} = ${filter.tagId})`) as SQL,
    );
  }
  if (filter.keyword) {
    const p = likePattern(filter.keyword);
    conds.push(
      or(
        ilike(selectedVideos.titleZh, p),
        ilike(selectedVideos.titleEn, p),
        ilike(selectedVideos.summaryZh, p),
        ilike(selectedVideos.summaryEn, p),
        sql`${selectedVideos.speakers}::text ilike ${p}`,
      ) as SQL,
    );
  }
  const where = and(...conds);
  // An album keeps its editors' order; a channel lists the newest first.
  const order =
    'albumId' in scope
      ? [
          asc(sql`(select ${specialAlbumVideos.sort} from ${specialAlbumVideos} where ${specialAlbumVideos.specialId} = ${scope.albumId} and ${specialAlbumVideos.videoId} = ${selectedVideos.id})`),
          desc(selectedVideos.publishedAt),
        ]
      : [desc(selectedVideos.publishedAt), desc(selectedVideos.id)];
  return paginate(
    db
      .select()
      .from(selectedVideos)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(selectedVideos).where(where),
  );
}

export async function findVideo(db: Db, channelId: number, id: number, now: Date): Promise<VideoRow | null> {
  const [row] = await db
    .select()
    .from(selectedVideos)
    .where(and(eq(selectedVideos.id, id), eq(selectedVideos.channelId, channelId), visible(now)));
  return row ?? null;
}

/** Tags of the given videos, in tag order. */
export async function tagsOf(db: Db, videoIds: readonly number[]): Promise<Map<number, TagRow[]>> {
  const out = new Map<number, TagRow[]>();
  if (!videoIds.length) return out;
  const rows = await db
    .select({ videoId: selectedVideoTags.videoId, tag: selectedTags })
    .from(selectedVideoTags)
    .innerJoin(selectedTags, eq(selectedTags.id, selectedVideoTags.tagId))
    .where(inArray(selectedVideoTags.videoId, [...videoIds]))
    .orderBy(asc(selectedTags.kind), asc(selectedTags.sort), asc(selectedTags.id));
  for (const r of rows) {
    const list = out.get(r.videoId) ?? [];
    list.push(r.tag);
    out.set(r.videoId, list);
  }
  return out;
}

/**
 * Tags of one kind with how many visible videos of the scope carry each. A channel lists all its
 * tags of the kind; an album only those its videos carry.
 */
export async function tagsWithCounts(db: Db, channelId: number, kind: SelectedTagKind, scope: Scope, now: Date) {
  const tags = await db
    .select()
    .from(selectedTags)
    .where(and(eq(selectedTags.channelId, channelId), eq(selectedTags.kind, kind)))
    .orderBy(asc(selectedTags.sort), asc(selectedTags.id));
  if (!tags.length) return [];
  // A join keeps every column qualified (a single-table select would not).
  const counted = await db
    .select({ tagId: selectedVideoTags.tagId, n: count() })
    .from(selectedVideoTags)
    .innerJoin(selectedVideos, eq(selectedVideos.id, selectedVideoTags.videoId))
    .where(
      and(
        inArray(
          selectedVideoTags.tagId,
          tags.map((t) => t.id),
        ),
        visible(now),
        inScope(scope),
      ),
    )
    .groupBy(selectedVideoTags.tagId);
  const n = new Map(counted.map((c) => [c.tagId, c.n]));
  const rows = tags.map((tag) => ({ tag, n: n.get(tag.id) ?? 0 }));
  return 'albumId' in scope ? rows.filter((r) => r.n > 0) : rows;
}
