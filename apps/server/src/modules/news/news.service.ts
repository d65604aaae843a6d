import { type ApiLanguage, type DataOf, ErrorCode } from '@medportal/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { pick } from '../../lib/i18n.ts';
import { type CacheInvalidation, noInvalidation } from '../../lib/public-cache.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import * as repo from './news.repository.ts';
import { presentCategory, presentComment, presentDetail, presentMyComment, presentNews } from './news.present.ts';
import { Tag } from '../shared/cache-tags.ts';
import { pageOf } from '../shared/paginate.ts';

/** One comment per user per this many seconds. */
export const COMMENT_INTERVAL_S = 5;
const RECOMMEND_LIMIT = 6;


const notFound = () => new AppError(ErrorCode.NOT_FOUND);

/**
 * The article's DOI (set in the console) cited at the end of its body, unless the body cites it
 * already: the page links DOI text to doi.org as it does in any body.
 */
function withDoi(bodyHtml: string, doi: string | null): string {
  if (!doi || bodyHtml.includes(doi)) return bodyHtml;
  const text = doi.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `${bodyHtml}<p>DOI: ${text}</p>`;
}

/** News reads and the user actions on them (likes, reading log, comments). */
export class NewsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly cache: CacheInvalidation = noInvalidation,
  ) {}

  async categories(lang: ApiLanguage): Promise<DataOf<'newsCategories'>> {
    return { items: (await repo.listCategories(this.db)).map((c) => presentCategory(c, lang)) };
  }

  async list(q: { category_id?: number | undefined; page: number; page_size: number }, lang: ApiLanguage): Promise<DataOf<'newsList'>> {
    const { rows, total } = await repo.listPage(this.db, this.now(), { categoryId: q.category_id, limit: q.page_size, offset: (q.page - 1) * q.page_size });
    return pageOf(
      rows.map((r) => presentNews(r, lang)),
      q,
      total,
    );
  }

  /** `preview`: a console preview grant for this article, which shows it in any state. */
  async detail(id: number, userId: number | undefined, lang: ApiLanguage, preview = false): Promise<DataOf<'newsDetail'>> {
    const row = await repo.findVisible(this.db, id, this.now(), preview);
    if (!row) throw notFound();
    const [likes, reader, commentCount, tags] = await Promise.all([
      repo.countLikes(this.db, id),
      userId === undefined ? { is_liked: false, is_favorite: false } : this.readerState(id, userId),
      repo.countComments(this.db, id),
      repo.listTags(this.db, id),
    ]);
    const bodyHtml = withDoi(sanitizeHtml(pick(lang, row.bodyZh, row.bodyEn)), row.doi);
    return presentDetail(row, { bodyHtml, likes, isLiked: reader.is_liked, isFavorite: reader.is_favorite, commentCount, tags }, lang);
  }

  /** The reader's own fields of the detail. */
  async readerState(id: number, userId: number): Promise<{ is_liked: boolean; is_favorite: boolean }> {
    const [isLiked, isFavorite] = await Promise.all([repo.isLiked(this.db, id, userId), repo.isFavorite(this.db, id, userId)]);
    return { is_liked: isLiked, is_favorite: isFavorite };
  }

  async recommend(id: number, lang: ApiLanguage): Promise<DataOf<'newsRecommend'>> {
    const row = await repo.findVisible(this.db, id, this.now());
    if (!row) throw notFound();
    return { items: (await repo.listRelated(this.db, this.now(), id, row.categoryId, RECOMMEND_LIMIT)).map((r) => presentNews(r, lang)) };
  }

  async view(id: number): Promise<DataOf<'newsView'>> {
    const views = await repo.incrementViews(this.db, id, this.now());
    if (views === null) throw notFound();
    // The detail shows the count: a counter, dropped within a second.
    this.cache.invalidateSoon([Tag.newsItem(id)]);
    return { views };
  }

  /** Like or unlike; the answer's count is the number of like rows, read in the same transaction. */
  async like(id: number, userId: number, liked: boolean): Promise<DataOf<'newsLike'>> {
    const answer = await this.db.transaction(async (tx) => {
      if (!(await repo.isVisible(tx, id, this.now()))) throw notFound();
      await repo.setLike(tx, id, userId, liked);
      return { is_liked: liked, likes: await repo.countLikes(tx, id) };
    });
    this.cache.invalidate([Tag.newsItem(id)]);
    return answer;
  }

  async readLog(id: number, userId: number): Promise<null> {
    if (!(await repo.isVisible(this.db, id, this.now()))) throw notFound();
    await repo.recordRead(this.db, id, userId, this.now());
    return null;
  }

  async comments(id: number, q: { page: number; page_size: number }, viewerId: number | undefined): Promise<DataOf<'newsComments'>> {
    if (!(await repo.isVisible(this.db, id, this.now()))) throw notFound();
    const [rows, total] = await Promise.all([
      repo.listComments(this.db, id, q.page_size, (q.page - 1) * q.page_size),
      repo.countComments(this.db, id),
    ]);
    return pageOf(
      rows.map((r) => presentComment(r, viewerId)),
      q,
      total,
    );
  }

  /**
   * Stores the text as given (the web renders it as text). The user row is locked so two posts at
   * once cannot both pass the interval check.
   */
  async postComment(id: number, userId: number, content: string): Promise<DataOf<'postNewsComment'>> {
    const now = this.now();
    const commentId = await this.db.transaction(async (tx) => {
      if (!(await repo.isVisible(tx, id, this.now()))) throw notFound();
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const last = await repo.latestCommentAt(tx, userId);
      if (last && now.getTime() - last.getTime() < COMMENT_INTERVAL_S * 1000) throw new AppError(ErrorCode.RATE_LIMITED);
      return repo.insertComment(tx, id, userId, content, now);
    });
    // The comment list and the detail's comment_count.
    this.cache.invalidate([Tag.newsItem(id)]);
    const row = await repo.findComment(this.db, commentId);
    if (!row) throw notFound();
    return presentComment(row, userId);
  }

  /** Own comments only: NOT_FOUND when there is no such comment (any more), FORBIDDEN when it is someone else's. */
  async deleteComment(commentId: number, userId: number): Promise<null> {
    const row = await repo.findComment(this.db, commentId);
    if (!row) throw notFound();
    if (row.userId !== userId) throw new AppError(ErrorCode.FORBIDDEN);
    // Conditional on the owner: a concurrent second delete finds nothing and says so.
    if (!(await repo.deleteOwnComment(this.db, commentId, userId))) throw notFound();
    this.cache.invalidate([Tag.newsItem(row.newsId)]);
    return null;
  }

  async myComments(userId: number, q: { page: number; page_size: number }, lang: ApiLanguage): Promise<DataOf<'myNewsComments'>> {
    const { rows, total } = await repo.listUserComments(this.db, userId, q.page_size, (q.page - 1) * q.page_size);
    return pageOf(
      rows.map((r) => presentMyComment(r, lang)),
      q,
      total,
    );
  }
}

