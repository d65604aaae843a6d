import {
  type AdminBulkResult,
  type AdminNewsCategory,
  type AdminNewsDetail,
  type AdminNewsRow,
  type DataOf,
  ErrorCode,
  errorMessages,
  type PublicationState,
} from '@medportal/contract';
import type { z } from 'zod';
import type { AdminNewsCategoryInput, AdminNewsInput, AdminNewsListQuery } from '@medportal/contract';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type CacheInvalidation, noInvalidation } from '../../lib/public-cache.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { Tag } from '../shared/cache-tags.ts';
import { pageOf } from '../shared/paginate.ts';
import { publicationState, publishValues } from '../shared/publication.ts';
import { writeAudit } from '../staff/index.ts';
import * as repo from './news.admin.repository.ts';

type Input = z.output<typeof AdminNewsInput>;
type CategoryInput = z.output<typeof AdminNewsCategoryInput>;

const notFound = () => new AppError(ErrorCode.NOT_FOUND);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Editor HTML as stored: the public page's rules, and images from this site's store only. */
export const cleanBody = (html: string) => sanitizeHtml(html, { ownImages: true });

function presentRow(r: repo.AdminNewsListRow, now: Date): AdminNewsRow {
  return {
    id: r.id,
    title_zh: r.titleZh,
    title_en: r.titleEn,
    cover: r.cover,
    category_id: r.categoryId,
    category_title_zh: r.categoryTitleZh,
    state: publicationState(r.status, r.publishedAt, now),
    published_at: iso(r.publishedAt),
    updated_at: r.updatedAt.toISOString(),
    views: r.viewCount,
  };
}

function presentDetail(r: repo.NewsRecord, tagIds: number[], now: Date): AdminNewsDetail {
  return {
    id: r.id,
    category_id: r.categoryId,
    title_zh: r.titleZh,
    title_en: r.titleEn,
    summary_zh: r.descriptionZh,
    summary_en: r.descriptionEn,
    body_zh: r.bodyZh,
    body_en: r.bodyEn,
    cover: r.cover,
    source_zh: r.sourceZh,
    source_en: r.sourceEn,
    author_zh: r.authorZh,
    author_en: r.authorEn,
    doi: r.doi,
    tag_ids: tagIds,
    state: publicationState(r.status, r.publishedAt, now),
    published_at: iso(r.publishedAt),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    views: r.viewCount,
  };
}

function presentCategory(r: repo.AdminCategoryRow): AdminNewsCategory {
  return { id: r.id, title_zh: r.titleZh, title_en: r.titleEn, sort: r.sort, news_count: r.newsCount };
}

function valuesOf(b: Input): repo.NewsValues {
  return {
    categoryId: b.category_id,
    titleZh: b.title_zh,
    titleEn: b.title_en,
    descriptionZh: b.summary_zh,
    descriptionEn: b.summary_en,
    bodyZh: cleanBody(b.body_zh),
    bodyEn: b.body_en === null ? null : cleanBody(b.body_en),
    cover: b.cover,
    sourceZh: b.source_zh,
    sourceEn: b.source_en,
    authorZh: b.author_zh,
    authorEn: b.author_en,
    doi: b.doi,
  };
}

/** The console's news (decision record 0067): every write audited in its transaction, public caches dropped after. */
export class NewsAdminService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly cache: CacheInvalidation = noInvalidation,
  ) {}

  async list(q: z.output<typeof AdminNewsListQuery>): Promise<DataOf<'adminNewsList'>> {
    const now = this.now();
    const { rows, total } = await repo.listPage(
      this.db,
      {
        q: q.q,
        state: q.state,
        categoryId: q.category_id,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
        sort: q.sort,
        order: q.order,
        limit: q.page_size,
        offset: (q.page - 1) * q.page_size,
      },
      now,
    );
    return pageOf(
      rows.map((r) => presentRow(r, now)),
      q,
      total,
    );
  }

  async detail(id: number, conn: Db | Tx = this.db): Promise<AdminNewsDetail> {
    const row = await repo.find(conn, id);
    if (!row) throw notFound();
    return presentDetail(row, await repo.tagIdsOf(conn, id), this.now());
  }

  private async checkReferences(tx: Tx, b: Input): Promise<void> {
    if (!(await repo.categoryExists(tx, b.category_id))) throw new AppError(ErrorCode.CONTENT_REFERENCE_MISSING, { data: { field: 'category_id' } });
    const found = await repo.existingTagIds(tx, b.tag_ids);
    const missing = b.tag_ids.filter((t) => !found.has(t));
    if (missing.length) throw new AppError(ErrorCode.CONTENT_REFERENCE_MISSING, { data: { field: 'tag_ids', ids: missing } });
  }

  async create(actorId: number, b: Input): Promise<AdminNewsDetail> {
    const now = this.now();
    const tagIds = [...new Set(b.tag_ids)];
    const out = await this.db.transaction(async (tx) => {
      await this.checkReferences(tx, b);
      const id = await repo.insert(tx, { ...valuesOf(b), status: 'draft', publishedAt: null, createdAt: now, updatedAt: now });
      await repo.setTags(tx, id, tagIds);
      const after = await this.detail(id, tx);
      await writeAudit(tx, { actorId, action: 'news.create', target: `news:${id}`, before: null, after, now });
      return after;
    });
    return out;
  }

  async update(actorId: number, id: number, b: Input & { updated_at: string }): Promise<AdminNewsDetail> {
    const now = this.now();
    const tagIds = [...new Set(b.tag_ids)];
    const out = await this.db.transaction(async (tx) => {
      const before = await this.detail(id, tx);
      await this.checkReferences(tx, b);
      // Conditional on the version the editor loaded: another operator's save in between wins.
      if (!(await repo.updateIfUnchanged(tx, id, new Date(b.updated_at), valuesOf(b), now))) {
        throw new AppError(ErrorCode.ADMIN_EDIT_CONFLICT);
      }
      await repo.setTags(tx, id, tagIds);
      const after = await this.detail(id, tx);
      await writeAudit(tx, { actorId, action: 'news.update', target: `news:${id}`, before, after, now });
      return after;
    });
    this.dropCaches(id);
    return out;
  }

  /** Publish now or at `at`; offline; delete. Each one row, audited. */
  async publish(actorId: number, id: number, at: string | null | undefined): Promise<AdminNewsDetail> {
    return this.change(actorId, id, 'publish', (tx, now) => repo.update(tx, id, publishValues(at, now), now));
  }

  async offline(actorId: number, id: number): Promise<AdminNewsDetail> {
    return this.change(actorId, id, 'offline', async (tx, now, state) => {
      if (state === 'offline' || state === 'draft') throw new AppError(ErrorCode.ADMIN_BAD_STATE);
      await repo.update(tx, id, { status: 'offline' }, now);
    });
  }

  async remove(actorId: number, id: number): Promise<null> {
    const now = this.now();
    await this.db.transaction(async (tx) => {
      const row = await repo.find(tx, id, true);
      if (!row) throw notFound();
      const before = presentDetail(row, await repo.tagIdsOf(tx, id), now);
      await repo.remove(tx, id);
      await writeAudit(tx, { actorId, action: 'news.delete', target: `news:${id}`, before, after: null, now });
    });
    this.dropCaches(id);
    return null;
  }

  private async change(
    actorId: number,
    id: number,
    verb: 'publish' | 'offline',
    apply: (tx: Tx, now: Date, state: PublicationState) => Promise<void>,
  ): Promise<AdminNewsDetail> {
    const now = this.now();
    const out = await this.db.transaction(async (tx) => {
      const row = await repo.find(tx, id, true);
      if (!row) throw notFound();
      const before = presentDetail(row, await repo.tagIdsOf(tx, id), now);
      await apply(tx, now, before.state);
      const after = await this.detail(id, tx);
      await writeAudit(tx, { actorId, action: `news.${verb}`, target: `news:${id}`, before, after, now });
      return after;
    });
    this.dropCaches(id);
    return out;
  }

  async bulk(actorId: number, ids: number[], action: 'publish' | 'offline' | 'delete'): Promise<AdminBulkResult> {
    const result: AdminBulkResult = { done: [], failed: [] };
    for (const id of [...new Set(ids)]) {
      try {
        if (action === 'publish') await this.publish(actorId, id, null);
        else if (action === 'offline') await this.offline(actorId, id);
        else await this.remove(actorId, id);
        result.done.push(id);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        result.failed.push({ id, code: err.code, message: errorMessages[err.code as ErrorCode]?.en ?? '' });
      }
    }
    return result;
  }

  async tags(q: string | undefined, ids: string | undefined): Promise<DataOf<'adminNewsTags'>> {
    const rows = await repo.listTagChoices(this.db, q, ids ? ids.split(',').map(Number) : undefined);
    return { items: rows.map((r) => ({ id: r.id, title_zh: r.titleZh, title_en: r.titleEn })) };
  }

  // ---- categories ----

  async categories(): Promise<DataOf<'adminNewsCategories'>> {
    return { items: (await repo.listAllCategories(this.db)).map(presentCategory) };
  }

  async createCategory(actorId: number, b: CategoryInput): Promise<AdminNewsCategory> {
    const now = this.now();
    const out = await this.db.transaction(async (tx) => {
      const id = await repo.insertCategory(tx, { titleZh: b.title_zh, titleEn: b.title_en, sort: b.sort });
      const after = await repo.findCategory(tx, id);
      if (!after) throw notFound();
      await writeAudit(tx, { actorId, action: 'news_category.create', target: `news_category:${id}`, before: null, after, now });
      return presentCategory(after);
    });
    this.cache.invalidate([Tag.news, Tag.home]);
    return out;
  }

  async updateCategory(actorId: number, id: number, b: CategoryInput): Promise<AdminNewsCategory> {
    const now = this.now();
    const out = await this.db.transaction(async (tx) => {
      const before = await repo.findCategory(tx, id);
      if (!before || !(await repo.updateCategory(tx, id, { titleZh: b.title_zh, titleEn: b.title_en, sort: b.sort }))) throw notFound();
      const after = await repo.findCategory(tx, id);
      await writeAudit(tx, { actorId, action: 'news_category.update', target: `news_category:${id}`, before, after, now });
      return presentCategory(after ?? before);
    });
    this.cache.invalidate([Tag.news, Tag.home]);
    return out;
  }

  async deleteCategory(actorId: number, id: number): Promise<null> {
    const now = this.now();
    await this.db.transaction(async (tx) => {
      const before = await repo.findCategory(tx, id);
      if (!before) throw notFound();
      if (!(await repo.deleteEmptyCategory(tx, id))) throw new AppError(ErrorCode.NEWS_CATEGORY_NOT_EMPTY);
      await writeAudit(tx, { actorId, action: 'news_category.delete', target: `news_category:${id}`, before, after: null, now });
    });
    this.cache.invalidate([Tag.news, Tag.home]);
    return null;
  }

  /** An article's detail, the lists that show it, the home page and the sitemap. */
  private dropCaches(id: number): void {
    this.cache.invalidate([Tag.newsItem(id), Tag.news, Tag.home, Tag.sitemap]);
  }
}
