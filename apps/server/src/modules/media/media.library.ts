import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type AdminMediaDetail, type AdminMediaItem, ErrorCode, type MediaBinding, type Page } from '@medportal/contract';
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { MediaSettings } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { type AssetError, mediaAssets, mediaBindings } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken } from '../../lib/crypto.ts';
import { writeAudit } from '../staff/index.ts';
import { FFMPEG_MISSING, assetDir, libraryPath, uploadFile } from './media.jobs.ts';
import type { MediaService } from './media.service.ts';

/** The console's media library (decision record 0064): list, detail, edits and bindings, each write audited. */

type AssetRow = typeof mediaAssets.$inferSelect;

/**
 * What the library asks of the modules that own its targets (app.ts wires their index functions
 * in: the lives module itself uses this module, so neither imports the other's targets).
 */
export interface MediaTargets {
  chapter(db: Db | Tx, id: number): Promise<{ courseId: number; label: string } | null>;
  setChapterDuration(tx: Db | Tx, id: number, durationS: number): Promise<void>;
  live(db: Db | Tx, id: number): Promise<{ label: string } | null>;
  setLiveHasReplay(tx: Db | Tx, id: number, hasReplay: boolean): Promise<void>;
  selected(db: Db | Tx, id: number): Promise<{ label: string } | null>;
  setSelectedDuration(tx: Db | Tx, id: number, durationS: number): Promise<void>;
}
const notFound = () => new AppError(ErrorCode.NOT_FOUND);

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What the list shows of an asset. */
function item(row: AssetRow, bindings: number): AdminMediaItem {
  return {
    id: row.id,
    key: row.key,
    title: row.title ?? row.originalFilename ?? row.key,
    original_filename: row.originalFilename,
    status: row.status as AdminMediaItem['status'],
    progress: row.progress,
    error: row.error ?? null,
    size_bytes: row.sizeBytes,
    duration_s: row.durationS,
    bindings,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A snapshot for the audit log. */
const auditView = (row: AssetRow) => ({ key: row.key, title: row.title, status: row.status, subtitles: row.subtitles.map((s) => s.lang), poster: row.poster });

export async function listAssets(
  db: Db,
  q: { page: number; page_size: number; q?: string | undefined; status?: string | undefined; order: 'asc' | 'desc' },
): Promise<Page<AdminMediaItem>> {
  const conds = [];
  if (q.q) {
    const like = `%${escapeLike(q.q)}%`;
    conds.push(or(ilike(mediaAssets.title, like), ilike(mediaAssets.originalFilename, like), ilike(mediaAssets.key, like)));
  }
  if (q.status) conds.push(eq(mediaAssets.status, q.status));
  const where = conds.length ? and(...conds) : undefined;
  const [total] = await db.select({ n: count() }).from(mediaAssets).where(where);
  const rows = await db
    .select()
    .from(mediaAssets)
    .where(where)
    .orderBy(q.order === 'asc' ? asc(mediaAssets.id) : desc(mediaAssets.id))
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size);
  const counts = rows.length
    ? await db
        .select({ assetId: mediaBindings.assetId, n: count() })
        .from(mediaBindings)
        .where(inArray(mediaBindings.assetId, rows.map((r) => r.id)))
        .groupBy(mediaBindings.assetId)
    : [];
  const byAsset = new Map(counts.map((c) => [c.assetId, Number(c.n)]));
  const n = Number(total?.n ?? 0);
  return { items: rows.map((r) => item(r, byAsset.get(r.id) ?? 0)), page: q.page, page_size: q.page_size, total: n, has_more: q.page * q.page_size < n };
}

async function findAsset(db: Db | Tx, id: number): Promise<AssetRow> {
  const [row] = await db.select().from(mediaAssets).where(eq(mediaAssets.id, id));
  if (!row) throw notFound();
  return row;
}

async function bindingLabel(db: Db | Tx, t: MediaTargets, type: string, id: number): Promise<string | null> {
  if (type === 'chapter') return (await t.chapter(db, id))?.label ?? null;
  if (type === 'replay' || type === 'live') return (await t.live(db, id))?.label ?? null;
  if (type === 'selected') return (await t.selected(db, id))?.label ?? null;
  return null;
}

export async function assetDetail(db: Db, media: MediaService, t: MediaTargets, id: number): Promise<AdminMediaDetail> {
  const row = await findAsset(db, id);
  const binds = await db
    .select({ targetType: mediaBindings.targetType, targetId: mediaBindings.targetId })
    .from(mediaBindings)
    .where(eq(mediaBindings.assetId, id))
    .orderBy(asc(mediaBindings.targetType), asc(mediaBindings.targetId));
  const list: MediaBinding[] = [];
  for (const b of binds) list.push({ target_type: b.targetType, target_id: b.targetId, label: await bindingLabel(db, t, b.targetType, b.targetId) });
  return {
    ...item(row, binds.length),
    renditions: row.renditions,
    subtitles: row.subtitles.map((s) => s.lang),
    media: row.status === 'ready' ? media.assetMedia(row) : null,
    bindings_list: list,
  };
}

export interface UploadedFile {
  uploadId: string;
  filename: string | null;
  title: string | null;
  sizeBytes: number;
}

/**
 * A finished upload becomes an asset: `uploaded` (the queue transcodes it) or, without ffmpeg on
 * the server, `failed` with that reason (the upload is kept for a retry once it is installed).
 */
export async function createUploadedAsset(db: Db, actorId: number, file: UploadedFile, ffmpegAvailable: boolean): Promise<AssetRow> {
  const key = `u${randomToken(8).toLowerCase().replace(/[^a-z0-9]/g, '0')}`;
  return transaction(db, async (tx) => {
    const [row] = await tx
      .insert(mediaAssets)
      .values({
        key,
        path: libraryPath(key),
        durationS: 0,
        segmentS: 4,
        poster: 'poster.jpg',
        status: ffmpegAvailable ? 'uploaded' : 'failed',
        progress: 0,
        error: ffmpegAvailable ? null : FFMPEG_MISSING,
        title: file.title ?? file.filename,
        originalFilename: file.filename,
        sizeBytes: file.sizeBytes,
        uploadId: file.uploadId,
        createdBy: actorId,
      })
      .returning();
    if (!row) throw new Error('media asset insert returned nothing');
    await writeAudit(tx, { actorId, action: 'media.upload', target: `media:${row.id}`, before: null, after: { ...auditView(row), filename: file.filename, size_bytes: file.sizeBytes } });
    return row;
  });
}

export async function renameAsset(db: Db, actorId: number, id: number, title: string, updatedAt: string): Promise<void> {
  await transaction(db, async (tx) => {
    const before = await findAsset(tx, id);
    const [after] = await tx
      .update(mediaAssets)
      .set({ title })
      .where(and(eq(mediaAssets.id, id), eq(mediaAssets.updatedAt, new Date(updatedAt))))
      .returning();
    if (!after) throw new AppError(ErrorCode.ADMIN_EDIT_CONFLICT);
    await writeAudit(tx, { actorId, action: 'media.rename', target: `media:${id}`, before: { title: before.title }, after: { title } });
  });
}

/** Deletes an asset that nothing plays, then its files and kept upload. */
export async function deleteAsset(db: Db, settings: MediaSettings, actorId: number, id: number): Promise<void> {
  const row = await transaction(db, async (tx) => {
    const before = await findAsset(tx, id);
    // Locks the asset row: a binding made meanwhile waits, then fails on the missing asset.
    await tx.execute(sql`select id from ${mediaAssets} where id = ${id} for update`);
    const [bound] = await tx.select({ n: count() }).from(mediaBindings).where(eq(mediaBindings.assetId, id));
    if (Number(bound?.n ?? 0) > 0) throw new AppError(ErrorCode.MEDIA_ASSET_BOUND);
    await tx.delete(mediaAssets).where(eq(mediaAssets.id, id));
    await writeAudit(tx, { actorId, action: 'media.delete', target: `media:${id}`, before: auditView(before), after: null });
    return before;
  });
  // Only assets uploaded here have files of ours to remove (the committed demo files stay).
  if (row.path === libraryPath(row.key)) await rm(assetDir(settings, row.key), { recursive: true, force: true });
  if (row.uploadId) {
    await rm(uploadFile(settings, row.uploadId), { force: true });
    await rm(`${uploadFile(settings, row.uploadId)}.json`, { force: true });
  }
}

/** A failed asset goes back to the queue (its upload was kept). */
export async function retryAsset(db: Db, actorId: number, id: number): Promise<void> {
  await transaction(db, async (tx) => {
    const [row] = await tx
      .update(mediaAssets)
      .set({ status: 'uploaded', progress: 0, error: null })
      .where(and(eq(mediaAssets.id, id), eq(mediaAssets.status, 'failed')))
      .returning();
    if (!row) {
      await findAsset(tx, id);
      throw new AppError(ErrorCode.MEDIA_NOT_READY);
    }
    await writeAudit(tx, { actorId, action: 'media.retry', target: `media:${id}`, before: { status: 'failed' }, after: { status: 'uploaded' } });
  });
}

/** A library asset's own directory, where subtitles and posters may be written (demo assets are read-only). */
function writableDir(settings: MediaSettings, row: AssetRow): string {
  if (row.path !== libraryPath(row.key) || row.status !== 'ready') throw new AppError(ErrorCode.MEDIA_NOT_READY);
  return assetDir(settings, row.key);
}

/** WebVTT: the signature line, then a blank line or a header; UTF-8 text without NULs. */
export function isWebVtt(bytes: Buffer): boolean {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  return /^WEBVTT(?:[ \t][^\r\n]*)?(?:\r?\n|$)/.test(text) && !text.includes('\u0000') && !text.includes('\uFFFD');
}

export async function setSubtitle(db: Db, settings: MediaSettings, actorId: number, id: number, lang: 'zh' | 'en', bytes: Buffer): Promise<void> {
  if (!isWebVtt(bytes)) throw new AppError(ErrorCode.MEDIA_BAD_SUBTITLE);
  const row = await findAsset(db, id);
  const dir = writableDir(settings, row);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${lang}.vtt`), bytes);
  await transaction(db, async (tx) => {
    const before = await findAsset(tx, id);
    const subtitles = [...before.subtitles.filter((s) => s.lang !== lang), { lang, path: `${lang}.vtt` }].sort((a, b) => (a.lang === 'zh' ? -1 : b.lang === 'zh' ? 1 : 0));
    await tx.update(mediaAssets).set({ subtitles }).where(eq(mediaAssets.id, id));
    await writeAudit(tx, { actorId, action: 'media.subtitle', target: `media:${id}`, before: { subtitles: before.subtitles.map((s) => s.lang) }, after: { subtitles: subtitles.map((s) => s.lang), bytes: bytes.length } });
  });
}

export async function removeSubtitle(db: Db, settings: MediaSettings, actorId: number, id: number, lang: 'zh' | 'en'): Promise<void> {
  await transaction(db, async (tx) => {
    const before = await findAsset(tx, id);
    writableDir(settings, before);
    const subtitles = before.subtitles.filter((s) => s.lang !== lang);
    await tx.update(mediaAssets).set({ subtitles }).where(eq(mediaAssets.id, id));
    await writeAudit(tx, { actorId, action: 'media.subtitle_remove', target: `media:${id}`, before: { subtitles: before.subtitles.map((s) => s.lang) }, after: { subtitles: subtitles.map((s) => s.lang) } });
  });
}

/** A new poster (a JPEG, written under a new name so cached copies of the old one are not served for it). */
export async function setPoster(db: Db, settings: MediaSettings, actorId: number, id: number, jpeg: Buffer): Promise<void> {
  const row = await findAsset(db, id);
  const dir = writableDir(settings, row);
  const name = `poster-${randomToken(6).toLowerCase().replace(/[^a-z0-9]/g, '0')}.jpg`;
  await writeFile(join(dir, name), jpeg);
  await transaction(db, async (tx) => {
    const before = await findAsset(tx, id);
    await tx.update(mediaAssets).set({ poster: name }).where(eq(mediaAssets.id, id));
    await writeAudit(tx, { actorId, action: 'media.poster', target: `media:${id}`, before: { poster: before.poster }, after: { poster: name } });
  });
  if (row.poster !== 'poster.jpg' && row.poster !== name) await rm(join(dir, row.poster), { force: true });
}

export type BindTarget = { type: 'chapter' | 'selected' | 'replay'; id: number };

/** Binds a ready asset to a target that exists (replacing what played there), audited; returns the public cache tags to drop. */
export async function bindAsset(db: Db, t: MediaTargets, actorId: number, assetId: number, target: BindTarget): Promise<{ courseId: number | null }> {
  return transaction(db, async (tx) => {
    const [asset] = await tx.select().from(mediaAssets).where(eq(mediaAssets.id, assetId)).for('share');
    if (!asset) throw notFound();
    if (asset.status !== 'ready') throw new AppError(ErrorCode.MEDIA_NOT_READY);
    let courseId: number | null = null;
    if (target.type === 'chapter') {
      const ch = await t.chapter(tx, target.id);
      if (!ch) throw new AppError(ErrorCode.MEDIA_TARGET_NOT_FOUND);
      courseId = ch.courseId;
      await t.setChapterDuration(tx, target.id, asset.durationS);
    } else if (target.type === 'selected') {
      if (!(await t.selected(tx, target.id))) throw new AppError(ErrorCode.MEDIA_TARGET_NOT_FOUND);
      await t.setSelectedDuration(tx, target.id, asset.durationS);
    } else {
      if (!(await t.live(tx, target.id))) throw new AppError(ErrorCode.MEDIA_TARGET_NOT_FOUND);
      await t.setLiveHasReplay(tx, target.id, true);
    }
    const [prev] = await tx
      .select({ assetId: mediaBindings.assetId })
      .from(mediaBindings)
      .where(and(eq(mediaBindings.targetType, target.type), eq(mediaBindings.targetId, target.id)));
    await tx
      .insert(mediaBindings)
      .values({ targetType: target.type, targetId: target.id, assetId })
      .onConflictDoUpdate({ target: [mediaBindings.targetType, mediaBindings.targetId], set: { assetId } });
    await writeAudit(tx, {
      actorId,
      action: 'media.bind',
      target: `${target.type}:${target.id}`,
      before: prev ? { asset_id: prev.assetId } : null,
      after: { asset_id: assetId },
    });
    return { courseId };
  });
}

/** Removes a target's binding (to `assetId` only, when given), audited; false when there was none. */
export async function unbind(db: Db, t: MediaTargets, actorId: number, target: BindTarget, assetId?: number): Promise<{ courseId: number | null; removed: boolean }> {
  return transaction(db, async (tx) => {
    const conds = [eq(mediaBindings.targetType, target.type), eq(mediaBindings.targetId, target.id)];
    if (assetId !== undefined) conds.push(eq(mediaBindings.assetId, assetId));
    const gone = await tx.delete(mediaBindings).where(and(...conds)).returning({ assetId: mediaBindings.assetId });
    const removed = gone[0];
    if (!removed) return { courseId: null, removed: false };
    if (target.type === 'replay') await t.setLiveHasReplay(tx, target.id, false);
    await writeAudit(tx, { actorId, action: 'media.unbind', target: `${target.type}:${target.id}`, before: { asset_id: removed.assetId }, after: null });
    const courseId = target.type === 'chapter' ? ((await t.chapter(tx, target.id))?.courseId ?? null) : null;
    return { courseId, removed: true };
  });
}

export async function readyChoices(db: Db, q: string | undefined) {
  const conds = [eq(mediaAssets.status, 'ready')];
  if (q) {
    const like = `%${escapeLike(q)}%`;
    const match = or(ilike(mediaAssets.title, like), ilike(mediaAssets.originalFilename, like), ilike(mediaAssets.key, like));
    if (match) conds.push(match);
  }
  const rows = await db.select().from(mediaAssets).where(and(...conds)).orderBy(desc(mediaAssets.id)).limit(50);
  return rows.map((r) => ({ id: r.id, title: r.title ?? r.originalFilename ?? r.key, duration_s: r.durationS }));
}

export type { AssetError };
