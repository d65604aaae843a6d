import {
  ActionType,
  type ApiLanguage,
  type CourseAlbum,
  type CourseAlbumBarData,
  type CourseAlbumDetail,
  type CourseAlbumPage,
  courseAlbumPage,
  ErrorCode,
  type PageQuery,
} from '@medportal/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { pick } from '../../lib/i18n.ts';
import { action, presentCourse } from '../shared/content.present.ts';
import { pageOf } from '../shared/paginate.ts';
import * as repo from './course-albums.repository.ts';

function presentAlbum(r: repo.AlbumRow, lang: ApiLanguage): CourseAlbum {
  return {
    id: r.id,
    title: pick(lang, r.titleZh, r.titleEn),
    description: pick(lang, r.descZh, r.descEn),
    cover: r.cover,
    course_count: r.courseCount,
    action: action(ActionType.ROUTE, { url: courseAlbumPage(r.id) }),
  };
}

export class CourseAlbumsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async list(q: PageQuery, lang: ApiLanguage): Promise<CourseAlbumPage> {
    const { rows, total } = await repo.pageAlbums(this.db, this.now(), q.page, q.page_size);
    return pageOf(rows.map((r) => presentAlbum(r, lang)), q, total);
  }

  async bar(lang: ApiLanguage): Promise<CourseAlbumBarData> {
    return { items: (await repo.barAlbums(this.db, this.now())).map((r) => presentAlbum(r, lang)) };
  }

  async detail(id: number, lang: ApiLanguage): Promise<CourseAlbumDetail> {
    const album = await repo.findAlbum(this.db, id, this.now());
    if (!album) throw new AppError(ErrorCode.NOT_FOUND);
    const rows = await repo.albumCourses(this.db, id, this.now());
    return { ...presentAlbum(album, lang), courses: rows.map((r) => presentCourse(r, lang)) };
  }
}
