import {
  type ApiLanguage,
  type DataOf,
  DEFAULT_REMIND_MINUTES,
  ErrorCode,
  LIVE_DATE_DAYS_AHEAD,
  LIVE_DATE_DAYS_BACK,
  type LiveCard,
  REMIND_CHANNELS,
  REMIND_MINUTES,
  type RemindChannel,
} from '@medportal/contract';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { pick } from '../../lib/i18n.ts';
import { type CacheInvalidation, noInvalidation } from '../../lib/public-cache.ts';
import { Tag } from '../shared/cache-tags.ts';
import { presentLive } from '../shared/live.present.ts';
import type { MemberService } from '../member/index.ts';
import * as repo from './lives.repository.ts';
import { addDays, dayStart, isRealDate, localDate, offsetMinutes } from '../../lib/local-time.ts';
import { pageOf } from '../shared/paginate.ts';


const notFound = () => new AppError(ErrorCode.NOT_FOUND);

interface Caller {
  userId?: number | undefined;
  lang: ApiLanguage;
  tz: string;
}

const CHANNEL_TITLES: Record<RemindChannel, { zh: string; en: string }> = {
  sms: { zh: '短信', en: 'Text message' },
  email: { zh: '邮件', en: 'Email' },
};

/** Conference listing, reminders and the live calendar. */
/** Cards on a product's landing page. */
const PRODUCT_LIVES_MAX = 12;

export class LivesService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly members: MemberService,
    private readonly cache: CacheInvalidation = noInvalidation,
  ) {}

  /** Rows → cards, with reminder counts and the caller's own flags in two queries each. */
  private async cards(rows: repo.LiveCardRow[], c: Caller, now = this.now()): Promise<LiveCard[]> {
    const ids = rows.map((r) => r.id);
    const [counts, reminded, favorites] = await Promise.all([
      repo.remindCounts(this.db, ids),
      c.userId === undefined ? new Set<number>() : repo.remindedIds(this.db, c.userId, ids),
      c.userId === undefined ? new Set<number>() : repo.favoriteIds(this.db, c.userId, ids),
    ]);
    return rows.map((r) => ({
      ...presentLive(r, c.lang, now),
      end_at: r.endAt.toISOString(),
      meeting_no: r.meetingNo.replace(/\D/g, ''),
      has_replay: r.hasReplay,
      date: localDate(r.startAt, c.tz),
      remind_count: counts.get(r.id) ?? 0,
      is_remind: reminded.has(r.id),
      is_favorite: favorites.has(r.id),
    }));
  }

  private checkDate(date: string, lang: ApiLanguage): void {
    if (!isRealDate(date)) throw fieldError(lang, 'date', { zh: '不是有效的日期', en: 'is not a real date' });
  }

  async liveDate(c: Caller): Promise<DataOf<'liveDate'>> {
    const now = this.now();
    const today = localDate(now, c.tz);
    const first = addDays(today, -LIVE_DATE_DAYS_BACK);
    const rows = await repo.startsBetween(this.db, dayStart(first, c.tz), dayStart(addDays(today, LIVE_DATE_DAYS_AHEAD + 1), c.tz), now);
    const days = new Map<string, { count: number; has_live: boolean }>();
    for (const r of rows) {
      const d = localDate(r.startAt, c.tz);
      const day = days.get(d) ?? { count: 0, has_live: false };
      day.count += 1;
      if (r.startAt <= now && now < r.endAt) day.has_live = true;
      days.set(d, day);
    }
    return { today, timezone: c.tz, items: [...days].map(([date, d]) => ({ date, ...d })) };
  }

  async dateLives(q: { date: string; page: number; page_size: number }, c: Caller): Promise<DataOf<'dateLives'>> {
    this.checkDate(q.date, c.lang);
    const from = dayStart(q.date, c.tz);
    const to = dayStart(addDays(q.date, 1), c.tz);
    const { rows, total } = await repo.pageStartingBetween(this.db, from, to, this.now(), q.page_size, (q.page - 1) * q.page_size);
    return pageOf(await this.cards(rows, c), q, total);
  }

  async lookBack(limit: number, c: Caller): Promise<DataOf<'liveLookBack'>> {
    const now = this.now();
    return { items: await this.cards(await repo.lookBack(this.db, now, limit), c, now) };
  }

  async history(q: { page: number; page_size: number; year?: number | undefined; department_id?: number | undefined }, c: Caller): Promise<DataOf<'liveHistory'>> {
    const now = this.now();
    const range = q.year === undefined ? {} : { from: dayStart(`${q.year}-01-01`, c.tz), to: dayStart(`${q.year + 1}-01-01`, c.tz) };
    const { rows, total } = await repo.pageHistory(this.db, now, { ...range, departmentId: q.department_id }, q.page_size, (q.page - 1) * q.page_size);
    return pageOf(await this.cards(rows, c, now), q, total);
  }

  async historyFilters(c: Caller): Promise<DataOf<'liveHistoryFilters'>> {
    const now = this.now();
    const [years, deps] = await Promise.all([
      repo.historyYears(this.db, now, offsetMinutes(c.tz, now)),
      repo.historyDepartments(this.db, now),
    ]);
    return { years, departments: deps.map((d) => ({ id: d.id, title: pick(c.lang, d.nameZh, d.nameEn) })) };
  }

  /** A sister product's lives for its landing page (spec §7 `{product}` live info). */
  async productLives(product: string, c: Caller): Promise<DataOf<'liveProduct'>> {
    if (!(await repo.productExists(this.db, product))) throw notFound();
    const now = this.now();
    return { product, items: await this.cards(await repo.productLives(this.db, product, now, PRODUCT_LIVES_MAX), c, now) };
  }

  /**
   * Set or cancel a reminder. The live row is locked first, so concurrent clicks take turns; the
   * unique key keeps one row per (user, live) and remind_count is read from the rows.
   */
  async remind(liveId: number, on: boolean, userId: number, c: Caller): Promise<DataOf<'liveRemind'>> {
    const now = this.now();
    const answer = await this.db.transaction(async (tx) => {
      const live = await repo.lockLive(tx, liveId, now);
      if (!live) throw notFound();
      if (on && live.endAt <= now) throw new AppError(ErrorCode.LIVE_ENDED);
      await repo.setReminder(tx, userId, liveId, on, { now, lang: c.lang, tz: c.tz });
      return { is_remind: on, remind_count: await repo.countReminders(tx, liveId) };
    });
    // remind_count is on the room's detail and on every live card.
    this.cache.invalidate([Tag.live(liveId), Tag.lives]);
    return answer;
  }

  /** Favourites are the member module's rows (module `live`): one list for the user centre too. */
  async favorite(liveId: number, on: boolean, userId: number): Promise<DataOf<'liveFavorite'>> {
    return this.members.setFavorite(userId, { module_name: 'live', module_id: liveId, status: on ? 1 : 2 });
  }

  async calendar(month: string, userId: number, c: Caller): Promise<DataOf<'liveCalendar'>> {
    const first = `${month}-01`;
    const [y, m] = month.split('-').map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    const rows = await repo.myLivesBetween(this.db, userId, dayStart(first, c.tz), dayStart(next, c.tz), this.now());
    const cards = await this.cards(rows, { ...c, userId });
    const days = new Map<string, LiveCard[]>();
    for (const card of cards) days.set(card.date, [...(days.get(card.date) ?? []), card]);
    return { month, days: [...days].map(([date, items]) => ({ date, items })) };
  }

  private async remindType(userId: number, lang: ApiLanguage): Promise<DataOf<'remindTypeGet'>> {
    const [settings, contacts] = await Promise.all([repo.remindSettings(this.db, userId), repo.contactsOf(this.db, userId)]);
    const available: Record<RemindChannel, boolean> = { sms: Boolean(contacts.mobile), email: Boolean(contacts.email) };
    const fallback: RemindChannel = available.sms || !available.email ? 'sms' : 'email';
    return {
      channel: (settings?.channel as RemindChannel | undefined) ?? fallback,
      minutes_before: settings?.minutesBefore ?? DEFAULT_REMIND_MINUTES,
      channels: REMIND_CHANNELS.map((v) => ({ value: v, title: pick(lang, CHANNEL_TITLES[v].zh, CHANNEL_TITLES[v].en), available: available[v] })),
      minutes_options: [...REMIND_MINUTES],
    };
  }

  getRemindType(userId: number, lang: ApiLanguage): Promise<DataOf<'remindTypeGet'>> {
    return this.remindType(userId, lang);
  }

  /** A channel needs an address: a bound mobile for SMS, a bound email for email. */
  async setRemindType(userId: number, b: { channel: RemindChannel; minutes_before: number }, lang: ApiLanguage): Promise<DataOf<'remindTypeSet'>> {
    const contacts = await repo.contactsOf(this.db, userId);
    if (b.channel === 'sms' && !contacts.mobile) throw fieldError(lang, 'channel', { zh: '请先绑定手机号', en: 'bind a mobile number first' });
    if (b.channel === 'email' && !contacts.email) throw fieldError(lang, 'channel', { zh: '请先绑定邮箱', en: 'bind an email address first' });
    await repo.saveRemindSettings(this.db, userId, b.channel, b.minutes_before, this.now());
    return this.remindType(userId, lang);
  }
}
