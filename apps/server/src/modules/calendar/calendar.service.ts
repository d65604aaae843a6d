import { randomBytes } from 'node:crypto';
import {
  type ApiLanguage,
  CONGRESS_FIELDS,
  CONGRESS_REGIONS,
  type CongressCard,
  type CongressField,
  type CongressRegion,
  calendarFeedIcsPath,
  congressIcsPath,
  type DataOf,
  ErrorCode,
  type QueryOf,
} from '@medportal/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { pick } from '../../lib/i18n.ts';
import { addDays, localDate } from '../../lib/local-time.ts';
import { pageOf } from '../shared/paginate.ts';
import type { FeedContext, FeedEvent, FeedProvider } from './calendar.feed.ts';
import { icsCalendar } from './calendar.ics.ts';
import * as repo from './calendar.repository.ts';

const lastDayOf = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

const regionName = (r: string, lang: ApiLanguage) => {
  const n = CONGRESS_REGIONS[r as CongressRegion];
  return n ? pick(lang, n.zh, n.en) : r;
};
const fieldName = (f: string, lang: ApiLanguage) => {
  const n = CONGRESS_FIELDS[f as CongressField];
  return n ? pick(lang, n.zh, n.en) : f;
};

/** Feed tokens are 32 random bytes: the URL is the credential, like a private calendar link. */
const newToken = () => randomBytes(32).toString('base64url');

/** A feed keeps the past year, so last season's congresses stay in the subscriber's calendar. */
const FEED_PAST_DAYS = 366;

export function presentCongress(r: repo.CongressRow, lang: ApiLanguage, isFavorite: boolean): CongressCard {
  return {
    id: r.id,
    acronym: r.acronym,
    title: pick(lang, r.titleZh, r.titleEn),
    organizer: pick(lang, r.organizerZh, r.organizerEn),
    start_date: r.startDate,
    end_date: r.endDate,
    city: pick(lang, r.cityZh, r.cityEn),
    country: r.country,
    field: r.field as CongressField,
    field_name: fieldName(r.field, lang),
    region: r.region as CongressRegion,
    region_name: regionName(r.region, lang),
    mode: r.mode as CongressCard['mode'],
    logo: r.logo,
    is_favorite: isFavorite,
  };
}

/** A congress as a feed event: all days of it, with its official link and where it is. */
export function congressEvent(r: repo.CongressRow, lang: ApiLanguage, origin: string): FeedEvent {
  const organizer = pick(lang, r.organizerZh, r.organizerEn);
  const place = [r.venue, pick(lang, r.cityZh, r.cityEn), r.country].filter(Boolean).join(', ');
  const lines = [
    pick(lang, r.titleZh, r.titleEn),
    `${pick(lang, '主办', 'Organiser')}: ${organizer}`,
    r.abstractDeadline ? `${pick(lang, '摘要截止', 'Abstract deadline')}: ${r.abstractDeadline}` : '',
    r.registrationDeadline ? `${pick(lang, '注册截止', 'Registration deadline')}: ${r.registrationDeadline}` : '',
    r.url,
    `${origin}/meeting/calendar/${r.id}`,
  ];
  return {
    uid: `congress-${r.id}@medportal`,
    title: r.acronym,
    description: lines.filter(Boolean).join('\n'),
    location: place,
    url: r.url,
    categories: [pick(lang, '国际会议', 'Congress'), fieldName(r.field, lang), regionName(r.region, lang)],
    allDay: true,
    startDate: r.startDate,
    endDate: r.endDate,
  };
}

/** Congress listing, favourites, .ics files and the personal feed. */
export class CalendarService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly providers: readonly FeedProvider[],
  ) {}

  private async cards(rows: repo.CongressRow[], userId: number | undefined, lang: ApiLanguage): Promise<CongressCard[]> {
    const favs = userId === undefined ? new Set<number>() : await repo.favoriteIds(this.db, userId, rows.map((r) => r.id));
    return rows.map((r) => presentCongress(r, lang, favs.has(r.id)));
  }

  async list(q: QueryOf<'calendarList'> & { page: number; page_size: number }, c: { userId?: number | undefined; lang: ApiLanguage; tz: string }): Promise<DataOf<'calendarList'>> {
    const range = q.month ? { from: `${q.month}-01`, to: lastDayOf(q.month) } : { from: localDate(this.now(), c.tz) };
    const { rows, total } = await repo.pageCongresses(
      this.db,
      { ...range, field: q.field, region: q.region, mode: q.mode, keyword: q.keyword || undefined },
      q.page_size,
      (q.page - 1) * q.page_size,
    );
    return pageOf(await this.cards(rows, c.userId, c.lang), q, total);
  }

  filters(lang: ApiLanguage, tz: string): DataOf<'calendarFilters'> {
    const year = Number(localDate(this.now(), tz).slice(0, 4));
    const months = [year, year + 1].flatMap((y) => Array.from({ length: 12 }, (_, i) => `${y}-${String(i + 1).padStart(2, '0')}`));
    return {
      fields: (Object.keys(CONGRESS_FIELDS) as CongressField[]).map((key) => ({ key, name: fieldName(key, lang) })),
      regions: (Object.keys(CONGRESS_REGIONS) as CongressRegion[]).map((key) => ({ key, name: regionName(key, lang) })),
      months,
    };
  }

  async detail(id: number, userId: number | undefined, lang: ApiLanguage): Promise<DataOf<'calendarDetail'>> {
    const r = await repo.findCongress(this.db, id);
    if (!r) throw new AppError(ErrorCode.NOT_FOUND);
    const isFavorite = userId === undefined ? false : (await repo.favoriteIds(this.db, userId, [id])).has(id);
    return {
      ...presentCongress(r, lang, isFavorite),
      title_zh: r.titleZh,
      title_en: r.titleEn,
      venue: r.venue,
      url: r.url,
      abstract_deadline: r.abstractDeadline,
      registration_deadline: r.registrationDeadline,
      summary: pick(lang, r.summaryZh, r.summaryEn),
      ics_path: congressIcsPath(r.id),
    };
  }

  async isFavorite(id: number, userId: number): Promise<boolean> {
    return (await repo.favoriteIds(this.db, userId, [id])).has(id);
  }

  async favorite(id: number, on: boolean, userId: number): Promise<DataOf<'calendarFavorite'>> {
    if (!(await repo.findCongress(this.db, id))) throw new AppError(ErrorCode.NOT_FOUND);
    await repo.setFavorite(this.db, userId, id, on);
    return { is_favorite: on };
  }

  async favorites(q: { page: number; page_size: number }, userId: number, lang: ApiLanguage): Promise<DataOf<'calendarFavorites'>> {
    const { rows, total } = await repo.pageFavorites(this.db, userId, q.page_size, (q.page - 1) * q.page_size);
    return pageOf(
      rows.map((r) => presentCongress(r, lang, true)),
      q,
      total,
    );
  }

  /** One congress's .ics (null: not published). */
  async congressIcs(id: number, lang: ApiLanguage, origin: string): Promise<string | null> {
    const r = await repo.findCongress(this.db, id);
    if (!r) return null;
    return icsCalendar({ name: r.acronym, events: [congressEvent(r, lang, origin)], stamp: r.updatedAt });
  }

  private feedData(row: { token: string; createdAt: Date }, origin: string, lang: ApiLanguage): DataOf<'calendarFeed'> {
    const url = `${origin}${calendarFeedIcsPath(row.token)}${lang === 'en' ? '&language=en' : ''}`;
    return { url, webcal_url: url.replace(/^https?:/, 'webcal:'), created_at: row.createdAt.toISOString() };
  }

  async feed(userId: number, origin: string, lang: ApiLanguage): Promise<DataOf<'calendarFeed'>> {
    const row = (await repo.feedToken(this.db, userId)) ?? (await repo.ensureFeedToken(this.db, userId, newToken()));
    if (!row) throw new AppError(ErrorCode.INTERNAL);
    return this.feedData(row, origin, lang);
  }

  async renewFeed(userId: number, origin: string, lang: ApiLanguage): Promise<DataOf<'calendarFeedRenew'>> {
    return this.feedData(await repo.replaceFeedToken(this.db, userId, newToken(), this.now()), origin, lang);
  }

  async revokeFeed(userId: number): Promise<null> {
    await repo.deleteFeedToken(this.db, userId);
    return null;
  }

  /** The feed's .ics for a token (null: no such feed): the user's favourites and every provider's events. */
  async feedIcs(token: string, lang: ApiLanguage, origin: string): Promise<string | null> {
    const now = this.now();
    const userId = await repo.userOfToken(this.db, token, now);
    if (userId === null) return null;
    const ctx: FeedContext = { userId, lang, now, origin };
    const from = addDays(localDate(now, '+08:00'), -FEED_PAST_DAYS);
    const own = (await repo.favoritesFrom(this.db, userId, from)).map((r) => congressEvent(r, lang, origin));
    const more = await Promise.all(this.providers.map((p) => p(this.db, ctx)));
    return icsCalendar({ name: pick(lang, 'MedPortal 我的日程', 'MedPortal — my calendar'), events: [...own, ...more.flat()], stamp: now, refreshMinutes: 60 });
  }
}
