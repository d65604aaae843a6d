import { type ApiLanguage, type DataOf, ErrorCode } from '@medportal/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { presentPaperCard } from '../shared/editorial.present.ts';
import { pageOf } from '../shared/paginate.ts';
import * as repo from './papers.repository.ts';

/** Paper list and detail. */
export class PapersService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async list(q: { page: number; page_size: number }, lang: ApiLanguage): Promise<DataOf<'paperList'>> {
    const { rows, total } = await repo.pagePapers(this.db, q.page_size, (q.page - 1) * q.page_size, this.now());
    return pageOf(rows.map((r) => presentPaperCard(r, lang)), q, total);
  }

  async detail(key: number | string, userId: number | undefined, lang: ApiLanguage): Promise<DataOf<'paperDetail'>> {
    const row = await repo.findPaper(this.db, key, this.now());
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    const isFavorite = userId === undefined ? false : await repo.isFavorite(this.db, userId, row.id);
    return { ...presentPaperCard(row, lang), is_favorite: isFavorite };
  }
}
