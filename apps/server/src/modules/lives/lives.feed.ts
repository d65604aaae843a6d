import { DEFAULT_REMIND_MINUTES } from '@medportal/contract';
import { and, asc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { departments, liveReminders, lives, liveSpeakers, speakers, userFavorites, userRemindSettings } from '../../db/schema/index.ts';
import { pick } from '../../lib/i18n.ts';
import { visibleNow } from '../shared/publication.ts';
import type { FeedEvent, FeedProvider } from '../calendar/index.ts';

const DAY = 86_400_000;

/**
 * The user's reminded and favourite lives for their calendar feed (the calendar module's port):
 * timed events with an alarm at the user's reminder lead time, the speakers in the description
 * and the department as a category. The past month and the coming year.
 */
export const livesFeed: FeedProvider = async (db: Db, ctx) => {
  const { userId, lang, now, origin } = ctx;
  const mine = or(
    sql`exists (select 1 from ${liveReminders} where ${liveReminders.liveId} = ${lives.id} and ${liveReminders.userId} = ${userId})`,
    sql`exists (select 1 from ${userFavorites} where ${userFavorites.moduleName} = 'live' and ${userFavorites.moduleId} = ${lives.id} and ${userFavorites.userId} = ${userId})`,
  );
  const rows = await db
    .select({
      id: lives.id,
      titleZh: lives.titleZh,
      titleEn: lives.titleEn,
      subTitleZh: lives.subTitleZh,
      subTitleEn: lives.subTitleEn,
      startAt: lives.startAt,
      endAt: lives.endAt,
      meetingNo: lives.meetingNo,
      depZh: departments.nameZh,
      depEn: departments.nameEn,
    })
    .from(lives)
    .leftJoin(departments, eq(departments.id, lives.departmentId))
    .where(and(visibleNow(lives.status, lives.publishedAt, now), gte(lives.startAt, new Date(now.getTime() - 30 * DAY)), lt(lives.startAt, new Date(now.getTime() + 366 * DAY)), mine))
    .orderBy(asc(lives.startAt), asc(lives.id))
    .limit(1000);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [people, settings, reminded] = await Promise.all([
    db
      .select({ liveId: liveSpeakers.liveId, nameZh: speakers.nameZh, nameEn: speakers.nameEn, titleZh: speakers.titleZh })
      .from(liveSpeakers)
      .innerJoin(speakers, eq(speakers.id, liveSpeakers.speakerId))
      .where(inArray(liveSpeakers.liveId, ids))
      .orderBy(asc(liveSpeakers.liveId), asc(liveSpeakers.sort)),
    db.select({ minutes: userRemindSettings.minutesBefore }).from(userRemindSettings).where(eq(userRemindSettings.userId, userId)).limit(1),
    db.select({ id: liveReminders.liveId }).from(liveReminders).where(and(eq(liveReminders.userId, userId), inArray(liveReminders.liveId, ids))),
  ]);
  const speakersOf = new Map<number, string[]>();
  for (const p of people) {
    const list = speakersOf.get(p.liveId) ?? [];
    list.push(lang === 'en' ? (p.nameEn ?? p.nameZh) : `${p.nameZh} ${p.titleZh}`);
    speakersOf.set(p.liveId, list);
  }
  const remindedIds = new Set(reminded.map((r) => r.id));
  const alarm = settings[0]?.minutes ?? DEFAULT_REMIND_MINUTES;
  return rows.map((r): FeedEvent => {
    const title = pick(lang, r.titleZh, r.titleEn);
    const sub = pick(lang, r.subTitleZh, r.subTitleEn);
    const names = speakersOf.get(r.id) ?? [];
    const url = `${origin}/w/o/live/${r.id}`;
    const no = r.meetingNo.replace(/\D/g, '').replace(/(\d{4})(?=\d)/g, '$1-');
    const description = [
      sub,
      names.length ? `${pick(lang, '讲者', 'Speakers')}: ${names.join(lang === 'en' ? ', ' : '、')}` : '',
      `${pick(lang, '会议号', 'Meeting number')}: ${no}`,
      url,
    ];
    const dep = r.depZh ? pick(lang, r.depZh, r.depEn) : null;
    return {
      uid: `live-${r.id}@medportal`,
      title,
      description: description.filter(Boolean).join('\n'),
      location: pick(lang, 'MedPortal 在线直播', 'MedPortal online live'),
      url,
      categories: [pick(lang, '直播', 'Live'), ...(dep ? [dep] : [])],
      allDay: false,
      start: r.startAt,
      end: r.endAt,
      // The user's reminder lead time; a favourite without a reminder gets the default one.
      alarmMinutes: remindedIds.has(r.id) ? alarm : DEFAULT_REMIND_MINUTES,
    };
  });
};
