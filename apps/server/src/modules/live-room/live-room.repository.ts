import type { RoomRecording } from '@medportal/contract';
import { and, asc, count, desc, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import {
  liveAccess,
  liveButtons,
  liveEvents,
  liveModerators,
  livePollOptions,
  livePolls,
  livePollVoters,
  liveReminders,
  liveRooms,
  lives,
  liveSigns,
  liveSlideMarks,
  liveSlides,
  liveSpeakers,
  liveTopicLikes,
  liveTopics,
  organizers,
  recordingChapters,
  recordings,
  speakers,
  users,
} from '../../db/schema/index.ts';
import { paginate } from '../shared/paginate.ts';
import { visibleNow } from '../shared/publication.ts';

type Conn = Db | Tx;

// Unlisted lives (the rooms of created meetings) open by id like published ones; no list shows them.
const published = inArray(lives.status, ['published', 'unlisted']);

/** A published or unlisted live with its room settings (defaults when it has no room row yet). */
export async function findLive(db: Conn, id: number, now: Date) {
  const [row] = await db
    .select({
      id: lives.id,
      titleZh: lives.titleZh,
      titleEn: lives.titleEn,
      subTitleZh: lives.subTitleZh,
      subTitleEn: lives.subTitleEn,
      banner: lives.banner,
      previewGif: lives.previewGif,
      startAt: lives.startAt,
      endAt: lives.endAt,
      hasReplay: lives.hasReplay,
      meetingNo: lives.meetingNo,
      unlisted: sql<boolean>`${lives.status} = 'unlisted'`,
      speakerId: lives.speakerId,
      organizerId: lives.organizerId,
      orgNameZh: organizers.nameZh,
      orgNameEn: organizers.nameEn,
      orgLogo: organizers.logo,
      seq: sql<number>`coalesce(${liveRooms.seq}, 0)`.mapWith(Number),
      currentSlide: sql<number>`coalesce(${liveRooms.currentSlide}, 0)`.mapWith(Number),
      moderated: sql<boolean>`coalesce(${liveRooms.moderated}, false)`,
      requireLogin: sql<boolean>`coalesce(${liveRooms.requireLogin}, false)`,
      requireSignIn: sql<boolean>`coalesce(${liveRooms.requireSignIn}, false)`,
      accessCodeHash: liveRooms.accessCodeHash,
      scheduledStartAt: liveRooms.scheduledStartAt,
      scheduledEndAt: liveRooms.scheduledEndAt,
      recording: sql<RoomRecording>`coalesce(${liveRooms.recording}, 'manual')`,
    })
    .from(lives)
    .leftJoin(liveRooms, eq(liveRooms.liveId, lives.id))
    .leftJoin(organizers, eq(organizers.id, lives.organizerId))
    // A scheduled publication opens at its instant (decision record 0062).
    .where(and(eq(lives.id, id), visibleNow(lives.status, lives.publishedAt, now, true)));
  return row;
}
export type LiveRow = NonNullable<Awaited<ReturnType<typeof findLive>>>;

/** The main speaker (host) first, then the live's other speakers in order. */
export async function speakersOf(db: Conn, live: { id: number; speakerId: number | null }) {
  const cols = { id: speakers.id, nameZh: speakers.nameZh, nameEn: speakers.nameEn, avatar: speakers.avatar, titleZh: speakers.titleZh, titleEn: speakers.titleEn };
  const [main, others] = await Promise.all([
    live.speakerId === null ? [] : db.select(cols).from(speakers).where(and(eq(speakers.id, live.speakerId), eq(speakers.status, 'published'))),
    db
      .select({ ...cols, role: liveSpeakers.role })
      .from(liveSpeakers)
      .innerJoin(speakers, eq(speakers.id, liveSpeakers.speakerId))
      .where(and(eq(liveSpeakers.liveId, live.id), eq(speakers.status, 'published')))
      .orderBy(asc(liveSpeakers.sort), asc(speakers.id)),
  ]);
  return [...main.map((s) => ({ ...s, role: 'host' })), ...others.filter((o) => o.id !== live.speakerId)];
}

export async function isModerator(db: Conn, liveId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: sql`1` })
    .from(liveModerators)
    .where(and(eq(liveModerators.liveId, liveId), eq(liveModerators.userId, userId)));
  return Boolean(row);
}

/** The moderators of a live (a socket's privileges are re-read before moderators-only events). */
export async function moderatorIds(db: Conn, liveId: number): Promise<Set<number>> {
  const rows = await db.select({ userId: liveModerators.userId }).from(liveModerators).where(eq(liveModerators.liveId, liveId));
  return new Set(rows.map((r) => r.userId));
}

export async function accessOf(db: Conn, liveId: number, userId: number) {
  const [row] = await db
    .select()
    .from(liveAccess)
    .where(and(eq(liveAccess.liveId, liveId), eq(liveAccess.userId, userId)));
  return row;
}

export async function grantAccess(db: Conn, liveId: number, userId: number, now: Date): Promise<void> {
  await db
    .insert(liveAccess)
    .values({ liveId, userId, grantedAt: now, failures: 0 })
    .onConflictDoUpdate({ target: [liveAccess.liveId, liveAccess.userId], set: { grantedAt: now, failures: 0, lockedUntil: null } });
}

/** Counts a wrong code; returns the failures so far (the caller locks at the limit). */
export async function recordAccessFailure(db: Conn, liveId: number, userId: number, lockAt: number, lockUntil: Date): Promise<number> {
  const [row] = await db
    .insert(liveAccess)
    .values({ liveId, userId, failures: 1 })
    .onConflictDoUpdate({
      target: [liveAccess.liveId, liveAccess.userId],
      set: {
        failures: sql`${liveAccess.failures} + 1`,
        lockedUntil: sql`case when ${liveAccess.failures} + 1 >= ${lockAt} then ${lockUntil.toISOString()}::timestamptz else ${liveAccess.lockedUntil} end`,
      },
    })
    .returning({ failures: liveAccess.failures });
  return row?.failures ?? 1;
}

export async function resetAccessFailures(db: Conn, liveId: number, userId: number): Promise<void> {
  await db
    .update(liveAccess)
    .set({ failures: 0, lockedUntil: null })
    .where(and(eq(liveAccess.liveId, liveId), eq(liveAccess.userId, userId)));
}

export function buttonsOf(db: Conn, liveId: number) {
  return db.select().from(liveButtons).where(eq(liveButtons.liveId, liveId)).orderBy(asc(liveButtons.sort), asc(liveButtons.id));
}

export async function remindState(db: Conn, liveId: number, userId: number | undefined) {
  const [[total], mine] = await Promise.all([
    db.select({ n: count() }).from(liveReminders).where(eq(liveReminders.liveId, liveId)),
    userId === undefined
      ? []
      : db
          .select({ n: sql`1` })
          .from(liveReminders)
          .where(and(eq(liveReminders.liveId, liveId), eq(liveReminders.userId, userId))),
  ]);
  return { count: total?.n ?? 0, mine: mine.length > 0 };
}

// ---- events ----

/**
 * Appends an event to the room's log in one statement: the room row's seq is incremented (which
 * locks the row until the caller's transaction ends) and the event is written with it, its payload
 * given the seq there. Called last in a write transaction, so the lock is held for this statement
 * and the commit only: room writes run their own work in parallel and queue only here. A lock held
 * until commit is what keeps numbers gap-free and committed in order (decision record 0024).
 * `slide` also sets the room's current slide and records the mark (the whole slide change is this
 * one statement).
 */
export async function appendEvent(
  db: Conn,
  e: { liveId: number; type: string; payload: Record<string, unknown>; modsOnly: boolean; userId: number | null; at: Date; slide?: number },
): Promise<number> {
  const at = e.at.toISOString();
  const room =
    e.slide === undefined
      ? sql`insert into ${liveRooms} (live_id, seq) values (${e.liveId}, 1)
          on conflict (live_id) do update set seq = ${liveRooms}.seq + 1 returning seq`
      : sql`insert into ${liveRooms} (live_id, seq, current_slide) values (${e.liveId}, 1, ${e.slide})
          on conflict (live_id) do update set seq = ${liveRooms}.seq + 1, current_slide = excluded.current_slide returning seq`;
  const mark = e.slide === undefined ? sql`` : sql`, m as (insert into ${liveSlideMarks} (live_id, idx, at) values (${e.liveId}, ${e.slide}, ${at}::timestamptz))`;
  const [row] = await queryRows<{ seq: string | number }>(
    db,
    sql`with r as (${room})${mark}
      insert into ${liveEvents} (live_id, seq, type, payload, mods_only, user_id, created_at)
      select ${e.liveId}, r.seq, ${e.type}, ${JSON.stringify(e.payload)}::jsonb || jsonb_build_object('seq', r.seq), ${e.modsOnly}, ${e.userId}, ${at}::timestamptz
      from r returning seq`,
  );
  if (!row) throw new Error('event append returned nothing');
  return Number(row.seq);
}

export async function currentSeq(db: Conn, liveId: number): Promise<number> {
  const [row] = await db.select({ seq: liveRooms.seq }).from(liveRooms).where(eq(liveRooms.liveId, liveId));
  return Number(row?.seq ?? 0);
}

/** Events after `since` (and before `until` when given), in order. */
export function eventsAfter(db: Conn, liveId: number, since: number, limit: number, until?: number) {
  return db
    .select({ seq: liveEvents.seq, type: liveEvents.type, payload: liveEvents.payload, modsOnly: liveEvents.modsOnly, userId: liveEvents.userId })
    .from(liveEvents)
    .where(and(eq(liveEvents.liveId, liveId), gt(liveEvents.seq, since), until === undefined ? undefined : sql`${liveEvents.seq} < ${until}`))
    .orderBy(asc(liveEvents.seq))
    .limit(limit);
}

// ---- questions ----

const topicColumns = {
  id: liveTopics.id,
  liveId: liveTopics.liveId,
  userId: liveTopics.userId,
  content: liveTopics.content,
  status: liveTopics.status,
  pinned: liveTopics.pinned,
  likeCount: liveTopics.likeCount,
  answer: liveTopics.answer,
  answeredAt: liveTopics.answeredAt,
  createdAt: liveTopics.createdAt,
  nickname: users.nickname,
  avatarUrl: users.avatarUrl,
};
export type TopicRow = {
  id: number;
  liveId: number;
  userId: number;
  content: string;
  status: string;
  pinned: boolean;
  likeCount: number;
  answer: string | null;
  answeredAt: Date | null;
  createdAt: Date;
  nickname: string;
  avatarUrl: string;
};

export async function findTopic(db: Conn, id: number): Promise<TopicRow | undefined> {
  const [row] = await db.select(topicColumns).from(liveTopics).innerJoin(users, eq(users.id, liveTopics.userId)).where(eq(liveTopics.id, id));
  return row;
}

export async function lockTopic(tx: Tx, id: number) {
  const [row] = await tx.select({ id: liveTopics.id, liveId: liveTopics.liveId, status: liveTopics.status }).from(liveTopics).where(eq(liveTopics.id, id)).for('update');
  return row;
}

/** Inserts a question; returns it as findTopic would, with the author given by the caller. */
export async function insertTopic(
  tx: Tx,
  v: { liveId: number; userId: number; content: string; status: string; at: Date },
  author: { nickname: string; avatarUrl: string },
): Promise<TopicRow> {
  const [row] = await tx
    .insert(liveTopics)
    .values({ liveId: v.liveId, userId: v.userId, content: v.content, status: v.status, createdAt: v.at })
    .returning({
      id: liveTopics.id,
      liveId: liveTopics.liveId,
      userId: liveTopics.userId,
      content: liveTopics.content,
      status: liveTopics.status,
      pinned: liveTopics.pinned,
      likeCount: liveTopics.likeCount,
      answer: liveTopics.answer,
      answeredAt: liveTopics.answeredAt,
      createdAt: liveTopics.createdAt,
    });
  if (!row) throw new Error('topic insert returned nothing');
  return { ...row, ...author };
}

export async function author(db: Conn, userId: number): Promise<{ nickname: string; avatarUrl: string } | undefined> {
  const [row] = await db.select({ nickname: users.nickname, avatarUrl: users.avatarUrl }).from(users).where(eq(users.id, userId));
  return row;
}

/** Serialises one user's questions in a room until the transaction ends (their rate limit is counted under it). */
export async function lockAsker(tx: Tx, liveId: number, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('medportal:live-ask'), hashtext(${`${liveId}:${userId}`}))`);
}

export async function recentTopicCount(tx: Tx, liveId: number, userId: number, since: Date): Promise<{ n: number; oldest: Date | null }> {
  const [row] = await tx
    .select({ n: count(), oldest: sql<string | null>`min(${liveTopics.createdAt})` })
    .from(liveTopics)
    .where(and(eq(liveTopics.liveId, liveId), eq(liveTopics.userId, userId), gt(liveTopics.createdAt, since)));
  return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/**
 * A page of questions. `visible`: approved ones, plus the viewer's own pending ones; a status
 * filter for moderators. Pinned first, then by likes or time.
 */
export function pageTopics(
  db: Conn,
  liveId: number,
  f: { filter: 'visible' | 'pending' | 'hidden' | 'all'; viewerId: number | undefined; sort: 'hot' | 'new' },
  limit: number,
  offset: number,
) {
  let where: SQL | undefined;
  if (f.filter === 'visible') {
    const own = f.viewerId === undefined ? undefined : and(eq(liveTopics.status, 'pending'), eq(liveTopics.userId, f.viewerId));
    where = and(eq(liveTopics.liveId, liveId), own ? or(eq(liveTopics.status, 'approved'), own) : eq(liveTopics.status, 'approved'));
  } else if (f.filter === 'all') where = eq(liveTopics.liveId, liveId);
  else where = and(eq(liveTopics.liveId, liveId), eq(liveTopics.status, f.filter));
  const order = f.sort === 'hot' ? [desc(liveTopics.pinned), desc(liveTopics.likeCount), desc(liveTopics.id)] : [desc(liveTopics.pinned), desc(liveTopics.id)];
  return paginate(
    db
      .select(topicColumns)
      .from(liveTopics)
      .innerJoin(users, eq(users.id, liveTopics.userId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(liveTopics).where(where),
  );
}

export async function likedTopicIds(db: Conn, userId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: liveTopicLikes.topicId })
    .from(liveTopicLikes)
    .where(and(eq(liveTopicLikes.userId, userId), inArray(liveTopicLikes.topicId, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Adds or removes the like; like_count is recounted from the rows. Returns whether anything changed. */
export async function setLike(tx: Tx, topicId: number, userId: number, on: boolean, now: Date): Promise<{ changed: boolean; likeCount: number }> {
  const changed = on
    ? (await tx.insert(liveTopicLikes).values({ topicId, userId, createdAt: now }).onConflictDoNothing().returning({ t: liveTopicLikes.topicId })).length > 0
    : (await tx.delete(liveTopicLikes).where(and(eq(liveTopicLikes.topicId, topicId), eq(liveTopicLikes.userId, userId))).returning({ t: liveTopicLikes.topicId })).length > 0;
  const [row] = await tx
    .update(liveTopics)
    .set({ likeCount: sql`(select count(*) from ${liveTopicLikes} where ${liveTopicLikes.topicId} = ${topicId})` })
    .where(eq(liveTopics.id, topicId))
    .returning({ likeCount: liveTopics.likeCount });
  return { changed, likeCount: row?.likeCount ?? 0 };
}

export async function updateTopic(tx: Tx, id: number, set: Partial<typeof liveTopics.$inferInsert>): Promise<void> {
  await tx.update(liveTopics).set(set).where(eq(liveTopics.id, id));
}

// ---- check-in ----

/** The first check-in is kept: a second one changes nothing. */
/** The first check-in time, and whether this call made it. */
export async function sign(tx: Tx, liveId: number, userId: number, now: Date): Promise<{ at: Date; first: boolean }> {
  const inserted = await tx.insert(liveSigns).values({ liveId, userId, signedAt: now }).onConflictDoNothing().returning({ at: liveSigns.signedAt });
  if (inserted[0]) return { at: inserted[0].at, first: true };
  const [row] = await tx
    .select({ at: liveSigns.signedAt })
    .from(liveSigns)
    .where(and(eq(liveSigns.liveId, liveId), eq(liveSigns.userId, userId)));
  return { at: row?.at ?? now, first: false };
}

export async function signState(db: Conn, liveId: number, userId: number | undefined) {
  const [[total], mine] = await Promise.all([
    db.select({ n: count() }).from(liveSigns).where(eq(liveSigns.liveId, liveId)),
    userId === undefined
      ? []
      : db
          .select({ at: liveSigns.signedAt })
          .from(liveSigns)
          .where(and(eq(liveSigns.liveId, liveId), eq(liveSigns.userId, userId))),
  ]);
  return { count: total?.n ?? 0, at: mine[0]?.at ?? null };
}

export function pageSigns(db: Conn, liveId: number, limit: number, offset: number) {
  const where = eq(liveSigns.liveId, liveId);
  return paginate(
    db
      .select({ userId: liveSigns.userId, signedAt: liveSigns.signedAt, nickname: users.nickname, avatarUrl: users.avatarUrl })
      .from(liveSigns)
      .innerJoin(users, eq(users.id, liveSigns.userId))
      .where(where)
      .orderBy(asc(liveSigns.signedAt), asc(liveSigns.userId))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(liveSigns).where(where),
  );
}

// ---- slides ----

export function slidesOf(db: Conn, liveId: number) {
  return db.select().from(liveSlides).where(eq(liveSlides.liveId, liveId)).orderBy(asc(liveSlides.idx));
}

export function slideMarks(db: Conn, liveId: number, until: Date) {
  return db
    .select({ idx: liveSlideMarks.idx, at: liveSlideMarks.at })
    .from(liveSlideMarks)
    .where(and(eq(liveSlideMarks.liveId, liveId), lte(liveSlideMarks.at, until)))
    .orderBy(asc(liveSlideMarks.at), asc(liveSlideMarks.id));
}

// ---- polls ----

export async function insertPoll(tx: Tx, v: { liveId: number; question: string; multiple: boolean; options: string[]; userId: number; at: Date }): Promise<number> {
  const [poll] = await tx
    .insert(livePolls)
    .values({ liveId: v.liveId, question: v.question, multiple: v.multiple, open: true, createdBy: v.userId, createdAt: v.at })
    .onConflictDoNothing()
    .returning({ id: livePolls.id });
  if (!poll) return 0;
  await tx.insert(livePollOptions).values(v.options.map((text, sort) => ({ pollId: poll.id, text, sort })));
  return poll.id;
}

export async function hasOpenPoll(tx: Tx, liveId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: livePolls.id })
    .from(livePolls)
    .where(and(eq(livePolls.liveId, liveId), eq(livePolls.open, true)));
  return Boolean(row);
}

export async function findPoll(db: Conn, id: number) {
  const [row] = await db.select().from(livePolls).where(eq(livePolls.id, id));
  return row;
}

export type PollRow = typeof livePolls.$inferSelect;

export async function lockPoll(tx: Tx, id: number) {
  const [row] = await tx.select({ id: livePolls.id, open: livePolls.open }).from(livePolls).where(eq(livePolls.id, id)).for('update');
  return row;
}

export async function closePoll(tx: Tx, id: number, now: Date): Promise<void> {
  await tx.update(livePolls).set({ open: null, closedAt: now }).where(eq(livePolls.id, id));
}

export function pollsOf(db: Conn, liveId: number) {
  return db.select().from(livePolls).where(eq(livePolls.liveId, liveId)).orderBy(desc(livePolls.createdAt), desc(livePolls.id)).limit(20);
}

export async function pollOptions(db: Conn, pollIds: number[]) {
  if (pollIds.length === 0) return [];
  return db.select().from(livePollOptions).where(inArray(livePollOptions.pollId, pollIds)).orderBy(asc(livePollOptions.sort), asc(livePollOptions.id));
}

export async function pollVoterCounts(db: Conn, pollIds: number[]): Promise<Map<number, number>> {
  if (pollIds.length === 0) return new Map();
  const rows = await db.select({ id: livePollVoters.pollId, n: count() }).from(livePollVoters).where(inArray(livePollVoters.pollId, pollIds)).groupBy(livePollVoters.pollId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

export async function myVotes(db: Conn, userId: number, pollIds: number[]): Promise<Map<number, number[]>> {
  if (pollIds.length === 0) return new Map();
  const rows = await db
    .select({ id: livePollVoters.pollId, optionIds: livePollVoters.optionIds })
    .from(livePollVoters)
    .where(and(eq(livePollVoters.userId, userId), inArray(livePollVoters.pollId, pollIds)));
  return new Map(rows.map((r) => [r.id, r.optionIds]));
}

/** Records the vote once: false when this user already voted in the poll. */
export async function vote(tx: Tx, pollId: number, userId: number, optionIds: number[], now: Date): Promise<boolean> {
  const inserted = await tx.insert(livePollVoters).values({ pollId, userId, optionIds, createdAt: now }).onConflictDoNothing().returning({ p: livePollVoters.pollId });
  if (inserted.length === 0) return false;
  await tx
    .update(livePollOptions)
    .set({ votes: sql`${livePollOptions.votes} + 1` })
    .where(and(eq(livePollOptions.pollId, pollId), inArray(livePollOptions.id, optionIds)));
  return true;
}

// ---- status ----

export async function lockLive(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: lives.id, startAt: lives.startAt, endAt: lives.endAt, hasReplay: lives.hasReplay })
    .from(lives)
    .where(and(eq(lives.id, id), published))
    .for('update');
  return row;
}

export async function moveLive(tx: Tx, id: number, set: { startAt?: Date; endAt?: Date; hasReplay?: boolean }, now: Date): Promise<void> {
  await tx
    .update(lives)
    .set({ ...set, updatedAt: now })
    .where(eq(lives.id, id));
}

/** Keeps the schedule as it was before the first move; records who changed the status and when. */
export async function noteStatusChange(tx: Tx, liveId: number, before: { startAt: Date; endAt: Date }, userId: number, now: Date): Promise<void> {
  await tx
    .update(liveRooms)
    .set({
      scheduledStartAt: sql`coalesce(${liveRooms.scheduledStartAt}, ${before.startAt.toISOString()}::timestamptz)`,
      scheduledEndAt: sql`coalesce(${liveRooms.scheduledEndAt}, ${before.endAt.toISOString()}::timestamptz)`,
      statusChangedAt: now,
      statusChangedBy: userId,
    })
    .where(eq(liveRooms.liveId, liveId));
}

/** What becomes of the room's stream after the end (no room row yet: `manual`). */
export async function roomRecording(db: Conn, liveId: number): Promise<RoomRecording> {
  const [row] = await db.select({ recording: liveRooms.recording }).from(liveRooms).where(eq(liveRooms.liveId, liveId));
  return (row?.recording as RoomRecording | undefined) ?? 'manual';
}

export async function setRoomRecording(tx: Tx, liveId: number, recording: RoomRecording): Promise<void> {
  await tx.update(liveRooms).set({ recording }).where(eq(liveRooms.liveId, liveId));
}

/** The live's recording, if it has one, is no longer offered. */
export async function withdrawRecording(tx: Tx, liveId: number): Promise<void> {
  await tx.update(recordings).set({ ready: false }).where(eq(recordings.liveId, liveId));
}

export async function recordingOfLive(db: Conn, liveId: number) {
  const [row] = await db.select({ id: recordings.id, ready: recordings.ready }).from(recordings).where(eq(recordings.liveId, liveId));
  return row;
}

/** The live's recording row, made (not ready) if missing; `ready` marks it available. */
export async function upsertRecording(tx: Tx, liveId: number, v: { recordedAt: Date; durationS: number; ready: boolean }): Promise<number> {
  const [live] = await tx
    .select({ titleZh: lives.titleZh, titleEn: lives.titleEn, subTitleZh: lives.subTitleZh, subTitleEn: lives.subTitleEn, banner: lives.banner, speakerId: lives.speakerId })
    .from(lives)
    .where(eq(lives.id, liveId));
  if (!live) throw new Error(`live ${liveId} vanished`);
  const [row] = await tx
    .insert(recordings)
    .values({ liveId, ...live, recordedAt: v.recordedAt, durationS: v.durationS, ready: v.ready })
    .onConflictDoUpdate({ target: recordings.liveId, set: { recordedAt: v.recordedAt, durationS: v.durationS, ready: v.ready } })
    .returning({ id: recordings.id });
  if (!row) throw new Error('recording upsert returned nothing');
  return row.id;
}

// ---- recordings ----

export async function findRecording(db: Conn, id: number) {
  const [row] = await db
    .select({
      id: recordings.id,
      liveId: recordings.liveId,
      titleZh: recordings.titleZh,
      titleEn: recordings.titleEn,
      subTitleZh: recordings.subTitleZh,
      subTitleEn: recordings.subTitleEn,
      banner: recordings.banner,
      recordedAt: recordings.recordedAt,
      durationS: recordings.durationS,
      speakerId: recordings.speakerId,
      ready: recordings.ready,
      organizerId: lives.organizerId,
      orgNameZh: organizers.nameZh,
      orgNameEn: organizers.nameEn,
      orgLogo: organizers.logo,
    })
    .from(recordings)
    .leftJoin(lives, eq(lives.id, recordings.liveId))
    .leftJoin(organizers, eq(organizers.id, lives.organizerId))
    .where(and(eq(recordings.id, id), eq(recordings.status, 'published')));
  return row;
}

export function chaptersOf(db: Conn, recordingId: number) {
  return db.select().from(recordingChapters).where(eq(recordingChapters.recordingId, recordingId)).orderBy(asc(recordingChapters.atS));
}

/** Approved questions of a live asked before `until`, in the order they were asked. */
export function recordedTopics(db: Conn, liveId: number, until: Date) {
  return db
    .select(topicColumns)
    .from(liveTopics)
    .innerJoin(users, eq(users.id, liveTopics.userId))
    .where(and(eq(liveTopics.liveId, liveId), eq(liveTopics.status, 'approved'), lte(liveTopics.createdAt, until)))
    .orderBy(asc(liveTopics.createdAt), asc(liveTopics.id))
    .limit(500);
}
