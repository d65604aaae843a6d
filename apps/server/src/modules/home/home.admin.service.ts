import { AdminHomeBlock, type AdminHomeLayout, type DataOf, ErrorCode, type HomeItemKind, LAYOUT_ITEM_KIND } from '@medportal/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type CacheInvalidation, noInvalidation } from '../../lib/public-cache.ts';
import { Tag } from '../shared/cache-tags.ts';
import { writeAudit } from '../staff/index.ts';
import * as repo from './home.admin.repository.ts';
import type { BlockRow } from './home.service.ts';

type Block = z.output<typeof AdminHomeBlock>;

const conflict = () => new AppError(ErrorCode.ADMIN_EDIT_CONFLICT);
const missing = (data: Record<string, unknown>) => new AppError(ErrorCode.CONTENT_REFERENCE_MISSING, { data });

/** A published row as the editor's block. */
function blockOf(r: repo.HomeBlockRecord): Block {
  const parsed = AdminHomeBlock.shape.source.safeParse(r.source);
  return {
    id: r.id,
    layout: r.layout,
    title_zh: r.titleZh,
    title_en: r.titleEn,
    more_action: r.moreAction ?? null,
    hide: r.hide,
    source: parsed.success ? parsed.data : AdminHomeBlock.shape.source.parse({}),
  };
}

/** The draft as stored (parsed: a row written by an older version still reads). */
function draftBlocks(raw: unknown[]): Block[] {
  return raw.flatMap((b) => {
    const parsed = AdminHomeBlock.safeParse(b);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The stored source of a block: only what is set. */
const sourceOf = (b: Block): Record<string, unknown> => Object.fromEntries(Object.entries(b.source).filter(([, v]) => v !== undefined));

/** The console's home page editor (decision record 0067): a draft beside the published blocks. */
export class HomeAdminService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly cache: CacheInvalidation = noInvalidation,
  ) {}

  async layout(conn: Db | Tx = this.db): Promise<AdminHomeLayout> {
    const [draft, rows] = await Promise.all([repo.findDraft(conn), repo.listBlocks(conn)]);
    const publishedAt = rows.reduce<Date | null>((max, r) => (max === null || r.updatedAt > max ? r.updatedAt : max), null);
    return {
      blocks: draft ? draftBlocks(draft.blocks) : rows.map(blockOf),
      draft: draft !== null,
      updated_at: draft ? draft.updatedAt.toISOString() : null,
      published_at: publishedAt ? publishedAt.toISOString() : null,
    };
  }

  /** The draft as the page builder reads it (a preview), or null when there is none. */
  async draftRows(): Promise<BlockRow[] | null> {
    const draft = await repo.findDraft(this.db);
    if (!draft) return null;
    // New blocks have no id yet: numbered below zero, so the page keys stay unique.
    return draftBlocks(draft.blocks).map((b, i) => ({
      id: b.id ?? -(i + 1),
      layout: b.layout,
      titleZh: b.title_zh,
      titleEn: b.title_en,
      hide: b.hide,
      moreAction: b.more_action,
      source: sourceOf(b),
    }));
  }

  /** Every block names a published-layout row or none, once; every chosen item and category exists. */
  private async check(tx: Tx, blocks: Block[]): Promise<void> {
    const rows = await repo.listBlocks(tx);
    const known = new Set(rows.map((r) => r.id));
    const seen = new Set<number>();
    for (const [i, b] of blocks.entries()) {
      if (b.id !== null && (!known.has(b.id) || seen.has(b.id))) throw missing({ block: i, field: 'id', ids: [b.id] });
      if (b.id !== null) seen.add(b.id);
    }
    const wanted = new Map<HomeItemKind, Set<number>>();
    const want = (kind: HomeItemKind, ids: number[]) => {
      const set = wanted.get(kind) ?? new Set<number>();
      for (const id of ids) set.add(id);
      wanted.set(kind, set);
    };
    for (const [i, b] of blocks.entries()) {
      const kind = LAYOUT_ITEM_KIND[b.layout];
      if (b.source.item_ids) {
        if (!kind) throw missing({ block: i, field: 'source.item_ids' });
        want(kind, b.source.item_ids);
      }
      if (b.source.category_ids) want('news_category', b.source.category_ids);
    }
    for (const [kind, ids] of wanted) {
      const found = new Set((await repo.findItems(tx, kind, { ids: [...ids] })).map((r) => r.id));
      const absent = [...ids].filter((id) => !found.has(id));
      if (absent.length) throw missing({ kind, ids: absent });
    }
  }

  async saveDraft(actorId: number, blocks: Block[], updatedAt: string | null): Promise<AdminHomeLayout> {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      await this.check(tx, blocks);
      const before = await repo.findDraft(tx);
      const saved =
        updatedAt === null
          ? await repo.insertDraft(tx, blocks, actorId, now)
          : await repo.updateDraftIfUnchanged(tx, blocks, actorId, new Date(updatedAt), now);
      if (!saved) throw conflict();
      await writeAudit(tx, { actorId, action: 'home.draft', target: 'home:draft', before: before?.blocks ?? null, after: blocks, now });
      return this.layout(tx);
    });
  }

  /**
   * Replaces the published blocks with the draft in one transaction: readers see the old home
   * or the new one, never a mix. Blocks keep their ids; blocks left out of the draft go.
   */
  async publish(actorId: number, updatedAt: string): Promise<AdminHomeLayout> {
    const now = this.now();
    const out = await this.db.transaction(async (tx) => {
      const draft = await repo.findDraft(tx, true);
      if (!draft) throw new AppError(ErrorCode.HOME_NO_DRAFT);
      if (draft.updatedAt.getTime() !== new Date(updatedAt).getTime()) throw conflict();
      const blocks = draftBlocks(draft.blocks);
      // Checked again: an item may have been deleted since the draft was saved.
      await this.check(tx, blocks);
      const rows = await repo.listBlocks(tx);
      const before = rows.map(blockOf);
      for (const [sort, b] of blocks.entries()) {
        const values = { layout: b.layout, titleZh: b.title_zh, titleEn: b.title_en, hide: b.hide, moreAction: b.more_action, source: sourceOf(b), sort };
        if (b.id === null) await repo.insertBlock(tx, values, now);
        else await repo.updateBlock(tx, b.id, values, now);
      }
      const kept = new Set(blocks.flatMap((b) => (b.id === null ? [] : [b.id])));
      await repo.deleteBlocks(
        tx,
        rows.filter((r) => !kept.has(r.id)).map((r) => r.id),
      );
      await repo.deleteDraft(tx);
      const after = await this.layout(tx);
      await writeAudit(tx, { actorId, action: 'home.publish', target: 'home:0', before, after: after.blocks, now });
      return after;
    });
    this.cache.invalidate([Tag.home]);
    return out;
  }

  async discard(actorId: number, updatedAt: string): Promise<AdminHomeLayout> {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const draft = await repo.findDraft(tx, true);
      if (!draft) throw new AppError(ErrorCode.HOME_NO_DRAFT);
      if (draft.updatedAt.getTime() !== new Date(updatedAt).getTime()) throw conflict();
      await repo.deleteDraft(tx);
      await writeAudit(tx, { actorId, action: 'home.discard', target: 'home:draft', before: draft.blocks, after: null, now });
      return this.layout(tx);
    });
  }

  async items(kind: HomeItemKind, q: string | undefined, ids: string | undefined): Promise<DataOf<'adminHomeItems'>> {
    const rows = await repo.findItems(this.db, kind, { q, ids: ids ? ids.split(',').map(Number) : undefined });
    return { items: rows.map((r) => ({ id: r.id, title_zh: r.titleZh, title_en: r.titleEn, published: r.status === 'published' })) };
  }
}
