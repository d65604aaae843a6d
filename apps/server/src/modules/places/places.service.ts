import { type ApiLanguage, type Course, ErrorCode, type LiveItem, type NewsItem, type Page, type PlaceHeader, type PlaceKind, type Speaker } from '@medportal/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { pick } from '../../lib/i18n.ts';
import { presentLive } from '../home/home.present.ts';
import { presentCourse, presentSpeaker } from '../shared/content.present.ts';
import { presentNews } from '../shared/news.present.ts';
import * as repo from './places.repository.ts';

interface PageQ {
  page: number;
  page_size: number;
}

function page<T>(items: T[], p: number, size: number, total: number): Page<T> {
  return { items, page: p, page_size: size, total, has_more: p * size < total };
}

const notFound = () => new AppError(ErrorCode.NOT_FOUND);
const offset = (q: PageQ) => (q.page - 1) * q.page_size;

/** Hospitals, organisers and keywords: one header shape and the same four lists for the three. */
export class PlacesService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  private async ensure(kind: PlaceKind, id: number) {
    const row = await repo.findPlace(this.db, kind, id);
    if (!row) throw notFound();
    return row;
  }

  async header(kind: PlaceKind, id: number, lang: ApiLanguage): Promise<PlaceHeader> {
    const row = await this.ensure(kind, id);
    const counts = await repo.countAll(this.db, kind, id);
    return { id, kind, name: pick(lang, row.nameZh, row.nameEn), logo: row.logo, intro: pick(lang, row.introZh, row.introEn), counts };
  }

  async courses(kind: PlaceKind, id: number, q: PageQ, lang: ApiLanguage): Promise<Page<Course>> {
    await this.ensure(kind, id);
    const { rows, total } = await repo.pageCourses(this.db, kind, id, q.page_size, offset(q));
    return page(
      rows.map((r) => presentCourse(r, lang)),
      q.page,
      q.page_size,
      total,
    );
  }

  async lives(kind: PlaceKind, id: number, q: PageQ, lang: ApiLanguage): Promise<Page<LiveItem>> {
    await this.ensure(kind, id);
    const { rows, total } = await repo.pageLives(this.db, kind, id, q.page_size, offset(q));
    const now = this.now();
    return page(
      rows.map((r) => presentLive(r, lang, now)),
      q.page,
      q.page_size,
      total,
    );
  }

  async news(kind: PlaceKind, id: number, q: PageQ, lang: ApiLanguage): Promise<Page<NewsItem>> {
    await this.ensure(kind, id);
    const { rows, total } = await repo.pageNews(this.db, kind, id, q.page_size, offset(q));
    return page(
      rows.map((r) => presentNews(r, lang)),
      q.page,
      q.page_size,
      total,
    );
  }

  async speakers(kind: PlaceKind, id: number, q: PageQ, lang: ApiLanguage): Promise<Page<Speaker>> {
    await this.ensure(kind, id);
    const { rows, total } = await repo.pageSpeakers(this.db, kind, id, q.page_size, offset(q));
    return page(
      rows.map((r) => presentSpeaker(r, lang)),
      q.page,
      q.page_size,
      total,
    );
  }
}
