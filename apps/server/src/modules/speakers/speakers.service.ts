import { type ApiLanguage, type DataOf, ErrorCode } from '@medportal/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { pick } from '../../lib/i18n.ts';
import { type CacheInvalidation, noInvalidation } from '../../lib/public-cache.ts';
import { Tag } from '../shared/cache-tags.ts';
import { presentLive } from '../shared/live.present.ts';
import { presentCourse } from '../shared/content.present.ts';
import { presentPaperCard } from '../shared/editorial.present.ts';
import { presentColumn } from '../shared/editorial.present.ts';
import { presentNews } from '../shared/news.present.ts';
import { regionExists } from '../shared/region.query.ts';
import * as repo from './speakers.repository.ts';
import { presentSpeakerDetail, presentSpeakerFor } from './speakers.present.ts';
import { type PageQ, pageOf } from '../shared/paginate.ts';


const notFound = () => new AppError(ErrorCode.NOT_FOUND);


/** Speaker pages: detail, the speaker's content lists, follows. */
export class SpeakersService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly cache: CacheInvalidation = noInvalidation,
  ) {}

  async detail(id: number, userId: number | undefined, lang: ApiLanguage): Promise<DataOf<'speakerDetail'>> {
    const row = await repo.findSpeaker(this.db, id);
    if (!row) throw notFound();
    const [followers, isFollow] = await Promise.all([
      repo.countFollowers(this.db, id),
      userId === undefined ? false : this.isFollowing(id, userId),
    ]);
    return presentSpeakerDetail(row, { intro: pick(lang, row.introZh, row.introEn), followers, isFollow }, lang);
  }

  isFollowing(id: number, userId: number): Promise<boolean> {
    return repo.isFollowing(this.db, id, userId);
  }

  async courses(id: number, q: PageQ, lang: ApiLanguage): Promise<DataOf<'speakerCourses'>> {
    if (!(await repo.isVisible(this.db, id))) throw notFound();
    const { rows, total } = await repo.pageCourses(this.db, id, this.now(), q.page_size, (q.page - 1) * q.page_size);
    return pageOf(
      rows.map((r) => presentCourse(r, lang)),
      q,
      total,
    );
  }

  async lives(id: number, q: PageQ & { year?: number | undefined }, lang: ApiLanguage): Promise<DataOf<'speakerLives'>> {
    if (!(await repo.isVisible(this.db, id))) throw notFound();
    const { rows, total } = await repo.pageLives(this.db, id, this.now(), q.year, q.page_size, (q.page - 1) * q.page_size);
    const now = this.now();
    return pageOf(
      rows.map((r) => presentLive(r, lang, now)),
      q,
      total,
    );
  }

  async news(id: number, q: PageQ, lang: ApiLanguage): Promise<DataOf<'speakerNews'>> {
    if (!(await repo.isVisible(this.db, id))) throw notFound();
    const { rows, total } = await repo.pageNews(this.db, id, this.now(), q.page_size, (q.page - 1) * q.page_size);
    return pageOf(
      rows.map((r) => presentNews(r, lang)),
      q,
      total,
    );
  }

  async columns(id: number, q: PageQ, lang: ApiLanguage): Promise<DataOf<'speakerColumns'>> {
    if (!(await repo.isVisible(this.db, id))) throw notFound();
    const { rows, total } = await repo.pageColumns(this.db, id, q.page_size, (q.page - 1) * q.page_size);
    return pageOf(
      rows.map((r) => presentColumn(r, lang)),
      q,
      total,
    );
  }

  async docs(id: number, q: PageQ, lang: ApiLanguage): Promise<DataOf<'speakerDocs'>> {
    if (!(await repo.isVisible(this.db, id))) throw notFound();
    const { rows, total } = await repo.pageDocs(this.db, id, this.now(), q.page_size, (q.page - 1) * q.page_size);
    return pageOf(
      rows.map((r) => presentPaperCard(r, lang)),
      q,
      total,
    );
  }

  /** The speaker browser; an unknown hospital or region is NOT_FOUND rather than an empty list. */
  async list(
    q: PageQ & { hospital_id?: number | undefined; region_id?: number | undefined },
    userId: number | undefined,
    lang: ApiLanguage,
  ): Promise<DataOf<'speakerList'>> {
    const [hospitalOk, regionOk] = await Promise.all([
      q.hospital_id === undefined || repo.hospitalExists(this.db, q.hospital_id),
      q.region_id === undefined || regionExists(this.db, q.region_id),
    ]);
    if (!hospitalOk || !regionOk) throw notFound();
    const { rows, total } = await repo.pageSpeakers(
      this.db,
      { hospitalId: q.hospital_id, regionId: q.region_id },
      q.page_size,
      (q.page - 1) * q.page_size,
    );
    const followed = userId === undefined ? new Set<number>() : await repo.followedAmong(this.db, userId, rows.map((r) => r.id));
    return pageOf(
      rows.map((r) => presentSpeakerFor(r, followed.has(r.id), lang)),
      q,
      total,
    );
  }

  async liveYears(id: number): Promise<DataOf<'speakerLiveYears'>> {
    if (!(await repo.isVisible(this.db, id))) throw notFound();
    return { items: await repo.liveYears(this.db, id, this.now()) };
  }

  /**
   * Follow or unfollow. The speaker row is locked first, so concurrent clicks on one speaker take
   * turns; the primary key keeps one row per (user, speaker) and the count is read from the rows.
   */
  async follow(id: number, userId: number, follow: boolean): Promise<DataOf<'speakerFollow'>> {
    const answer = await this.db.transaction(async (tx) => {
      if (!(await repo.lockVisible(tx, id))) throw notFound();
      await repo.setFollow(tx, id, userId, follow, this.now());
      return { is_follow: follow, follower_count: await repo.syncFollowerCount(tx, id) };
    });
    // follower_count is on the detail and on every speaker card.
    this.cache.invalidate([Tag.speaker(id), Tag.speakers]);
    return answer;
  }

  async followed(userId: number, q: PageQ, lang: ApiLanguage): Promise<DataOf<'myFollows'>> {
    const { rows, total } = await repo.pageFollowed(this.db, userId, q.page_size, (q.page - 1) * q.page_size);
    return pageOf(
      rows.map((r) => presentSpeakerFor(r, true, lang)),
      q,
      total,
    );
  }
}
