import { type ApiLanguage, type Course, type DataOf, ErrorCode, type LiveItem, type NewsItem, type Page, type PaperCard } from '@medportal/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { presentLive } from '../shared/live.present.ts';
import { presentPaperCard } from '../shared/editorial.present.ts';
import { presentCourse } from '../shared/content.present.ts';
import { presentNews } from '../shared/news.present.ts';
import { presentTopic } from './topics.present.ts';
import * as repo from './topics.repository.ts';
import { type PageQ, pageOf } from '../shared/paginate.ts';



const offset = (q: PageQ) => (q.page - 1) * q.page_size;

/** Special topics and the content each groups. */
export class TopicsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  private async ensure(id: number) {
    const row = await repo.findTopic(this.db, id);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return row;
  }

  async list(q: PageQ, lang: ApiLanguage): Promise<DataOf<'topicList'>> {
    const { rows, total } = await repo.pageTopics(this.db, q.page_size, offset(q));
    const counts = await repo.countItems(
      this.db,
      rows.map((r) => r.id),
      this.now(),
    );
    return pageOf(
      rows.map((r) => presentTopic(r, counts.get(r.id), lang)),
      q,
      total,
    );
  }

  async detail(id: number, lang: ApiLanguage): Promise<DataOf<'topicDetail'>> {
    const row = await this.ensure(id);
    const counts = await repo.countItems(this.db, [id], this.now());
    return presentTopic(row, counts.get(id), lang);
  }

  async courses(id: number, q: PageQ, lang: ApiLanguage): Promise<Page<Course>> {
    await this.ensure(id);
    const { rows, total } = await repo.pageCourses(this.db, id, this.now(), q.page_size, offset(q));
    return pageOf(
      rows.map((r) => presentCourse(r, lang)),
      q,
      total,
    );
  }

  async lives(id: number, q: PageQ, lang: ApiLanguage): Promise<Page<LiveItem>> {
    await this.ensure(id);
    const { rows, total } = await repo.pageLives(this.db, id, this.now(), q.page_size, offset(q));
    const now = this.now();
    return pageOf(
      rows.map((r) => presentLive(r, lang, now)),
      q,
      total,
    );
  }

  async news(id: number, q: PageQ, lang: ApiLanguage): Promise<Page<NewsItem>> {
    await this.ensure(id);
    const { rows, total } = await repo.pageNews(this.db, id, this.now(), q.page_size, offset(q));
    return pageOf(
      rows.map((r) => presentNews(r, lang)),
      q,
      total,
    );
  }

  async papers(id: number, q: PageQ, lang: ApiLanguage): Promise<Page<PaperCard>> {
    await this.ensure(id);
    const { rows, total } = await repo.pagePapers(this.db, id, this.now(), q.page_size, offset(q));
    return pageOf(
      rows.map((r) => presentPaperCard(r, lang)),
      q,
      total,
    );
  }
}
