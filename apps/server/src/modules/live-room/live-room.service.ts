import {
  ACCESS_CODE_LOCK_S,
  ACCESS_CODE_MAX_FAILURES,
  type ApiLanguage,
  type DataOf,
  ErrorCode,
  type LiveEvent,
  LiveStatus,
  type Media,
  type MediaUnavailable,
  type RoomRecording,
  SIGN_OPENS_BEFORE_S,
  TOPIC_RATE_LIMIT,
  formatMeetingNumber,
} from '@medportal/contract';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { safeEqual, sha256 } from '../../lib/crypto.ts';
import { pick } from '../../lib/i18n.ts';
import { liveStatus, liveStatusText } from '../shared/live.present.ts';
import { pageOf } from '../shared/paginate.ts';
import * as repo from './live-room.repository.ts';
import { presentButton, presentPoll, presentSpeaker, presentTopic, presentTopicPublic, presentUser } from './live-room.present.ts';

/** An event as written to the room's log: who may read it travels with it. */
export interface RoomEvent {
  liveId: number;
  event: LiveEvent;
  /** Only moderators (and `userId`, the author) may read it. */
  modsOnly: boolean;
  userId: number | null;
}

/** Where media comes from: the media module plugs in here (decision record 0024). */
export interface MediaSource {
  /** What plays now (the stream on air, or the replay), or `login` when the stream needs one. */
  live(liveId: number, userId: number | undefined): Promise<Media | 'login' | null>;
  recording(recording: { id: number; liveId: number | null }): Promise<Media | null>;
}

/**
 * Where the room reports attendance evidence (the attendance module plugs in here, through app.ts):
 * sockets opened and closed by logged-in viewers, and first check-ins (in the check-in's transaction).
 */
export interface AttendanceEvidence {
  joined(liveId: number, userId: number, at: Date): Promise<void>;
  left(liveId: number, userId: number, at: Date): Promise<void>;
  signed(tx: Tx, liveId: number, userId: number, at: Date): Promise<void>;
}

export const noEvidence: AttendanceEvidence = {
  joined: async () => undefined,
  left: async () => undefined,
  signed: async () => undefined,
};

/** No streaming source configured: every room answers media null, reason no_source. */
export const noMedia: MediaSource = {
  live: async () => null,
  recording: async () => null,
};

export interface Viewer {
  userId: number | undefined;
  lang: ApiLanguage;
}

const notFound = () => new AppError(ErrorCode.NOT_FOUND);

/** What a viewer still lacks before a live's media plays. */
export type PlayGate = 'login' | 'access_code' | 'sign_in';
const GATE_ERRORS = {
  login: ErrorCode.LOGIN_TO_WATCH,
  access_code: ErrorCode.LIVE_ACCESS_CODE_REQUIRED,
  sign_in: ErrorCode.LIVE_SIGN_REQUIRED,
} as const satisfies Record<PlayGate, ErrorCode>;

/** Access codes are compared as hashes salted with the live id. */
export function accessCodeHash(liveId: number, code: string): string {
  return sha256(`live-access:${liveId}:${code.trim()}`);
}

/** The live room: detail, check-in, access codes, questions, slides, polls, status and recordings. */
export class LiveRoomService {
  private readonly tallyTimers = new Map<number, NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly publish: (events: RoomEvent[]) => void,
    private readonly viewers: (liveId: number) => Promise<number>,
    private readonly media: MediaSource = noMedia,
    /** How long vote tallies are gathered before one poll event goes out. */
    private readonly tallyDelayMs = 300,
    private readonly evidence: AttendanceEvidence = noEvidence,
  ) {}

  /** `presence` events: asked by the attendance module, sent down the room's sequenced log. */
  async announcePresence(liveId: number, check: { id: number; askedAt: Date; closesAt: Date }): Promise<void> {
    const event = await this.emit(this.db, liveId, { type: 'presence', check_id: check.id, asked_at: check.askedAt.toISOString(), closes_at: check.closesAt.toISOString() });
    this.publish([event]);
  }

  /** Whether the live's gate (login, access code, check-in) lets the user play it. */
  async admits(liveId: number, userId: number): Promise<boolean> {
    const live = await repo.findLive(this.db, liveId, this.now());
    return live !== undefined && (await this.playGate(live, userId)).gate === null;
  }

  async isModerator(liveId: number, userId: number): Promise<boolean> {
    return repo.isModerator(this.db, liveId, userId);
  }

  close(): void {
    this.closed = true;
    for (const t of this.tallyTimers.values()) clearTimeout(t);
    this.tallyTimers.clear();
  }

  private async live(id: number): Promise<repo.LiveRow> {
    const live = await repo.findLive(this.db, id, this.now());
    if (!live) throw notFound();
    return live;
  }

  private status(live: { startAt: Date; endAt: Date; hasReplay: boolean }, now = this.now()): number {
    return liveStatus(live.startAt, live.endAt, live.hasReplay, now);
  }

  /** Whether the viewer may take part, and as what. */
  async role(live: repo.LiveRow, userId: number | undefined): Promise<{ isMod: boolean; blocked: 'login' | 'access_code' | null }> {
    if (userId === undefined) return { isMod: false, blocked: live.requireLogin || live.accessCodeHash ? 'login' : null };
    const isMod = await repo.isModerator(this.db, live.id, userId);
    if (isMod || !live.accessCodeHash) return { isMod, blocked: null };
    const access = await repo.accessOf(this.db, live.id, userId);
    return { isMod, blocked: access?.grantedAt ? null : 'access_code' };
  }

  /**
   * Why the viewer may not play the live's stream or recording, or null: the room's own gate
   * (login, access code), then the check-in a live may ask for (moderators need none). Every path
   * to a playback URL (detail, auth_url, recording) goes through here.
   */
  async playGate(live: repo.LiveRow, userId: number | undefined): Promise<{ isMod: boolean; blocked: 'login' | 'access_code' | null; gate: PlayGate | null }> {
    const { isMod, blocked } = await this.role(live, userId);
    if (blocked) return { isMod, blocked, gate: blocked };
    if (!live.requireSignIn || isMod) return { isMod, blocked, gate: null };
    if (userId === undefined) return { isMod, blocked, gate: 'login' };
    const { at } = await repo.signState(this.db, live.id, userId);
    return { isMod, blocked, gate: at ? null : 'sign_in' };
  }

  private async enter(liveId: number, userId: number | undefined): Promise<{ live: repo.LiveRow; isMod: boolean }> {
    const live = await this.live(liveId);
    const { isMod, blocked } = await this.role(live, userId);
    if (blocked === 'login') throw new AppError(ErrorCode.NOT_LOGGED_IN);
    if (blocked === 'access_code') throw new AppError(ErrorCode.LIVE_ACCESS_CODE_REQUIRED);
    return { live, isMod };
  }

  private async moderator(liveId: number, userId: number): Promise<repo.LiveRow> {
    const live = await this.live(liveId);
    if (!(await repo.isModerator(this.db, liveId, userId))) throw new AppError(ErrorCode.LIVE_NOT_MODERATOR);
    return live;
  }

  /**
   * Writes the event with the room's next seq. Must be the last statement of a write transaction
   * (or a statement of its own): the room row stays locked from here to the commit.
   */
  private async emit(
    db: Db | Tx,
    liveId: number,
    event: DistributiveOmit<LiveEvent, 'seq'>,
    audience: { modsOnly: boolean; userId: number | null } = { modsOnly: false, userId: null },
    slide?: number,
  ): Promise<RoomEvent> {
    const seq = await repo.appendEvent(db, {
      liveId,
      type: event.type,
      payload: event as unknown as Record<string, unknown>,
      ...audience,
      at: this.now(),
      ...(slide === undefined ? {} : { slide }),
    });
    return { liveId, event: { ...event, seq } as LiveEvent, ...audience };
  }

  // ---- detail ----

  async detail(liveId: number, v: Viewer): Promise<DataOf<'liveDetail'>> {
    const now = this.now();
    const live = await this.live(liveId);
    const [{ isMod, blocked, gate }, speakers, buttons, signs, remind, viewers, recording] = await Promise.all([
      this.playGate(live, v.userId),
      repo.speakersOf(this.db, live),
      repo.buttonsOf(this.db, liveId),
      repo.signState(this.db, liveId, v.userId),
      repo.remindState(this.db, liveId, v.userId),
      this.viewers(liveId),
      repo.recordingOfLive(this.db, liveId),
    ]);
    const status = this.status(live, now);
    const { media, reason } = await this.liveMedia(liveId, status, gate, v.userId, live.recording);
    const digits = live.meetingNo.replace(/\D/g, '');
    return {
      id: live.id,
      title: pick(v.lang, live.titleZh, live.titleEn),
      sub_title: pick(v.lang, live.subTitleZh, live.subTitleEn),
      banner: live.banner,
      start_at: live.startAt.toISOString(),
      end_at: live.endAt.toISOString(),
      scheduled_start_at: (live.scheduledStartAt ?? live.startAt).toISOString(),
      scheduled_end_at: (live.scheduledEndAt ?? live.endAt).toISOString(),
      live_status: status,
      live_status_text: liveStatusText(status, v.lang),
      organizer: live.organizerId === null ? null : { id: live.organizerId, name: pick(v.lang, live.orgNameZh ?? '', live.orgNameEn), logo: live.orgLogo ?? '' },
      speakers: speakers.map((s) => presentSpeaker(s, v.lang)),
      meeting_no: digits,
      meeting_no_display: formatMeetingNumber(digits),
      is_meeting: live.unlisted,
      recording: live.recording,
      requires: { login: live.requireLogin || Boolean(live.accessCodeHash), sign_in: live.requireSignIn, access_code: Boolean(live.accessCodeHash) },
      moderated: live.moderated,
      blocked,
      is_moderator: isMod,
      signed_in: signs.at !== null,
      signed_at: signs.at?.toISOString() ?? null,
      sign_count: signs.count,
      is_remind: remind.mine,
      remind_count: remind.count,
      viewer_count: viewers,
      seq: live.seq,
      // A recorded meeting's recording is ready before it ends: offered only once it has ended.
      recording_id: recording?.ready && (live.recording === 'auto' ? status === LiveStatus.REPLAY : live.hasReplay) ? recording.id : null,
      buttons: buttons.map((b) => presentButton(b, v.lang)),
      media,
      media_unavailable: reason,
    };
  }

  private async liveMedia(
    liveId: number,
    status: number,
    gate: PlayGate | null,
    userId: number | undefined,
    recording: RoomRecording,
  ): Promise<{ media: Media | null; reason: MediaUnavailable | null }> {
    if (gate) return { media: null, reason: gate };
    if (status === LiveStatus.UPCOMING) return { media: null, reason: 'not_started' };
    if (status === LiveStatus.ENDED) return { media: null, reason: recording === 'off' ? 'not_recorded' : 'replay_pending' };
    const media = await this.media.live(liveId, userId);
    if (media === 'login') return { media: null, reason: 'login' };
    return media ? { media, reason: null } : { media: null, reason: 'no_source' };
  }

  /** `GET /v1/live/{id}/auth_url`: a fresh signed URL of what plays now, for a viewer the live admits. */
  async authUrl(liveId: number, userId: number | undefined): Promise<DataOf<'liveAuthUrl'>> {
    const live = await this.live(liveId);
    const { gate } = await this.playGate(live, userId);
    if (gate) throw new AppError(GATE_ERRORS[gate]);
    const media = await this.media.live(liveId, userId);
    if (media === 'login') throw new AppError(ErrorCode.LOGIN_TO_WATCH);
    if (!media) throw new AppError(ErrorCode.MEDIA_NOT_AVAILABLE);
    return { url: media.hls_url, expires_at: media.expires_at, kind: media.live ? 'live' : 'replay' };
  }

  async buttons(liveId: number, lang: ApiLanguage): Promise<DataOf<'liveButtons'>> {
    await this.live(liveId);
    return { items: (await repo.buttonsOf(this.db, liveId)).map((b) => presentButton(b, lang)) };
  }

  // ---- check-in and access ----

  async sign(liveId: number, userId: number): Promise<DataOf<'liveSign'>> {
    const now = this.now();
    const { live } = await this.enter(liveId, userId);
    const existing = await repo.signState(this.db, liveId, userId);
    // Checking in again is always fine and changes nothing; a first check-in needs the window open.
    if (!existing.at && (now.getTime() < live.startAt.getTime() - SIGN_OPENS_BEFORE_S * 1000 || now >= live.endAt)) {
      throw new AppError(ErrorCode.LIVE_SIGN_CLOSED);
    }
    const signedAt = await this.db.transaction(async (tx) => {
      const { at, first } = await repo.sign(tx, liveId, userId, now);
      // The first check-in is attendance evidence, committed with it.
      if (first) await this.evidence.signed(tx, liveId, userId, at);
      return at;
    });
    const { count } = await repo.signState(this.db, liveId, undefined);
    return { signed_in: true, signed_at: signedAt.toISOString(), sign_count: count };
  }

  async signList(liveId: number, userId: number, q: { page: number; page_size: number }): Promise<DataOf<'liveSignList'>> {
    await this.moderator(liveId, userId);
    const { rows, total } = await repo.pageSigns(this.db, liveId, q.page_size, (q.page - 1) * q.page_size);
    return pageOf(
      rows.map((r) => ({ user: presentUser(r), signed_at: r.signedAt.toISOString() })),
      q,
      total,
    );
  }

  async accessCode(liveId: number, userId: number, code: string): Promise<DataOf<'liveAccessCode'>> {
    const now = this.now();
    const live = await this.live(liveId);
    if (!live.accessCodeHash) return { granted: true };
    const access = await repo.accessOf(this.db, liveId, userId);
    if (access?.grantedAt) return { granted: true };
    if (access?.lockedUntil && access.lockedUntil > now) throw new AppError(ErrorCode.LIVE_ACCESS_CODE_LOCKED);
    if (access?.lockedUntil && access.lockedUntil <= now) await repo.resetAccessFailures(this.db, liveId, userId);
    if (!safeEqual(accessCodeHash(liveId, code), live.accessCodeHash)) {
      const failures = await repo.recordAccessFailure(this.db, liveId, userId, ACCESS_CODE_MAX_FAILURES, new Date(now.getTime() + ACCESS_CODE_LOCK_S * 1000));
      throw new AppError(failures >= ACCESS_CODE_MAX_FAILURES ? ErrorCode.LIVE_ACCESS_CODE_LOCKED : ErrorCode.LIVE_ACCESS_CODE_WRONG);
    }
    await repo.grantAccess(this.db, liveId, userId, now);
    return { granted: true };
  }

  // ---- questions ----

  async ask(liveId: number, userId: number, content: string): Promise<DataOf<'liveTopicStore'>> {
    const now = this.now();
    const [{ live, isMod }, author] = await Promise.all([this.enter(liveId, userId), repo.author(this.db, userId)]);
    if (!author) throw new AppError(ErrorCode.NOT_LOGGED_IN);
    const status = this.status(live, now);
    if (status === LiveStatus.ENDED || status === LiveStatus.REPLAY) throw new AppError(ErrorCode.LIVE_QA_CLOSED);
    const { row, event } = await this.db.transaction(async (tx) => {
      // Moderators read out questions gathered elsewhere: the audience's limit is not theirs. The
      // audience's asks are counted one at a time per user (not per room: rooms do not queue here).
      if (!isMod) {
        await repo.lockAsker(tx, liveId, userId);
        const recent = await repo.recentTopicCount(tx, liveId, userId, new Date(now.getTime() - TOPIC_RATE_LIMIT.windowS * 1000));
        if (recent.n >= TOPIC_RATE_LIMIT.count) {
          const retry = recent.oldest ? Math.max(1, Math.ceil((recent.oldest.getTime() + TOPIC_RATE_LIMIT.windowS * 1000 - now.getTime()) / 1000)) : TOPIC_RATE_LIMIT.windowS;
          throw new AppError(ErrorCode.LIVE_TOPIC_TOO_FAST, { data: { retry_after_s: retry } });
        }
      }
      // Moderators' own questions need no approval.
      const topicStatus = live.moderated && !isMod ? 'pending' : 'approved';
      const inserted = await repo.insertTopic(tx, { liveId, userId, content, status: topicStatus, at: now }, author);
      const audience = { modsOnly: topicStatus === 'pending', userId: topicStatus === 'pending' ? userId : null };
      return { row: inserted, event: await this.emit(tx, liveId, { type: 'question', topic: presentTopicPublic(inserted) }, audience) };
    });
    this.publish([event]);
    return presentTopic(row, false);
  }

  async topics(
    liveId: number,
    v: Viewer,
    q: { sort: 'hot' | 'new'; status: 'visible' | 'pending' | 'hidden' | 'all'; page: number; page_size: number },
  ): Promise<DataOf<'liveTopicList'>> {
    const { live, isMod } = await this.enter(liveId, v.userId);
    if (q.status !== 'visible' && !isMod) throw new AppError(ErrorCode.LIVE_NOT_MODERATOR);
    const { rows, total } = await repo.pageTopics(this.db, liveId, { filter: q.status, viewerId: v.userId, sort: q.sort }, q.page_size, (q.page - 1) * q.page_size);
    const liked = v.userId === undefined ? new Set<number>() : await repo.likedTopicIds(this.db, v.userId, rows.map((r) => r.id));
    return { ...pageOf(rows.map((r) => presentTopic(r, liked.has(r.id))), q, total), seq: live.seq };
  }

  /** A question the viewer may see and act on, with its live. */
  private async visibleTopic(topicId: number, userId: number) {
    const row = await repo.findTopic(this.db, topicId);
    if (!row) throw notFound();
    const { isMod } = await this.enter(row.liveId, userId);
    const visible = row.status === 'approved' || isMod || (row.status === 'pending' && row.userId === userId);
    if (!visible) throw notFound();
    return { row, isMod };
  }

  async like(topicId: number, userId: number, on: boolean): Promise<DataOf<'liveTopicLike'>> {
    const { row } = await this.visibleTopic(topicId, userId);
    if (row.status !== 'approved' && on) throw notFound();
    const now = this.now();
    const { likeCount, events } = await this.db.transaction(async (tx) => {
      // Likes of one question take turns (the count is recounted from the rows), not the room's writes.
      await repo.lockTopic(tx, topicId);
      const r = await repo.setLike(tx, topicId, userId, on, now);
      // Nothing changed (a repeated click): no event.
      if (!r.changed) return { likeCount: r.likeCount, events: [] as RoomEvent[] };
      return { likeCount: r.likeCount, events: [await this.emit(tx, row.liveId, { type: 'upvote', topic_id: topicId, like_count: r.likeCount })] };
    });
    this.publish(events);
    return { id: topicId, like_count: likeCount, is_like: on };
  }

  async moderate(topicId: number, userId: number, action: 'approve' | 'hide' | 'pin' | 'unpin'): Promise<DataOf<'liveTopicModerate'>> {
    const topic = await repo.findTopic(this.db, topicId);
    if (!topic) throw notFound();
    await this.moderator(topic.liveId, userId);
    const set =
      action === 'approve' ? { status: 'approved' } : action === 'hide' ? { status: 'hidden', pinned: false } : { pinned: action === 'pin', ...(action === 'pin' ? { status: 'approved' } : {}) };
    return this.changeTopic(topic.liveId, topicId, userId, set, 'question');
  }

  /**
   * A console moderator's decision (moderation area, not a moderator of this live): approve, hide,
   * or restore a hidden question to the queue. Under the question's lock, so of two concurrent
   * identical decisions one applies and the other finds nothing to change (no event, no audit).
   * `audit` writes the audit row in the same transaction; the room hears the change as a
   * moderator's would (approved: every viewer sees it at once).
   */
  async staffModerate(
    topicId: number,
    action: 'approve' | 'hide' | 'restore',
    audit: (tx: Tx, before: { status: string }, after: { status: string }) => Promise<void>,
  ): Promise<{ status: 'pending' | 'approved' | 'hidden'; changed: boolean }> {
    const target: 'pending' | 'approved' | 'hidden' = action === 'approve' ? 'approved' : action === 'hide' ? 'hidden' : 'pending';
    const out = await this.db.transaction(async (tx) => {
      const locked = await repo.lockTopic(tx, topicId);
      if (!locked) throw notFound();
      if (locked.status === target) return { status: target, events: [] as RoomEvent[] };
      if (action === 'restore' && locked.status !== 'hidden') throw new AppError(ErrorCode.ADMIN_BAD_STATE);
      await repo.updateTopic(tx, topicId, target === 'approved' ? { status: target } : { status: target, pinned: false });
      await audit(tx, { status: locked.status }, { status: target });
      const row = await repo.findTopic(tx, topicId);
      if (!row) throw notFound();
      const modsOnly = row.status !== 'approved';
      const event = await this.emit(tx, row.liveId, { type: 'question', topic: presentTopicPublic(row) }, { modsOnly, userId: modsOnly ? row.userId : null });
      return { status: target, events: [event] };
    });
    this.publish(out.events);
    return { status: out.status, changed: out.events.length > 0 };
  }

  async answer(topicId: number, userId: number, answer: string): Promise<DataOf<'liveTopicAnswer'>> {
    const topic = await repo.findTopic(this.db, topicId);
    if (!topic) throw notFound();
    await this.moderator(topic.liveId, userId);
    return this.changeTopic(topic.liveId, topicId, userId, { answer, answeredAt: this.now(), answeredBy: userId, status: 'approved' }, 'answer');
  }

  /** Applies a moderator's change and logs the question's new state (hidden: moderators only). */
  private async changeTopic(liveId: number, topicId: number, userId: number, set: Parameters<typeof repo.updateTopic>[2], type: 'question' | 'answer') {
    const event = await this.db.transaction(async (tx) => {
      await repo.lockTopic(tx, topicId);
      await repo.updateTopic(tx, topicId, set);
      const row = await repo.findTopic(tx, topicId);
      if (!row) throw notFound();
      // A question that is not approved stays with moderators and its author.
      const modsOnly = row.status !== 'approved';
      return this.emit(tx, liveId, { type, topic: presentTopicPublic(row) }, { modsOnly, userId: modsOnly ? row.userId : null });
    });
    this.publish([event]);
    const row = await repo.findTopic(this.db, topicId);
    if (!row) throw notFound();
    const liked = await repo.likedTopicIds(this.db, userId, [topicId]);
    return presentTopic(row, liked.has(topicId));
  }

  // ---- slides ----

  async ppt(liveId: number, v: Viewer): Promise<DataOf<'livePpt'>> {
    const { live } = await this.enter(liveId, v.userId);
    const slides = await repo.slidesOf(this.db, liveId);
    return {
      slides: slides.map((s) => ({ index: s.idx, image: s.image, title: pick(v.lang, s.titleZh, s.titleEn) })),
      current: live.currentSlide,
      seq: live.seq,
    };
  }

  async setSlide(liveId: number, userId: number, index: number, lang: ApiLanguage): Promise<DataOf<'liveSlideSet'>> {
    await this.moderator(liveId, userId);
    const slides = await repo.slidesOf(this.db, liveId);
    if (index >= slides.length) throw fieldError(lang, 'index', { zh: `应在 0–${Math.max(0, slides.length - 1)} 之间`, en: `must be between 0 and ${Math.max(0, slides.length - 1)}` });
    // One statement: the current slide, its mark for the recording and the event.
    const event = await this.emit(this.db, liveId, { type: 'slide', index }, undefined, index);
    this.publish([event]);
    return { current: index };
  }

  // ---- polls ----

  private async pollsWithMine(pollRows: repo.PollRow[], userId: number | undefined) {
    const ids = pollRows.map((p) => p.id);
    const [options, voters, mine] = await Promise.all([
      repo.pollOptions(this.db, ids),
      repo.pollVoterCounts(this.db, ids),
      userId === undefined ? new Map<number, number[]>() : repo.myVotes(this.db, userId, ids),
    ]);
    return pollRows.map((p) => ({
      ...presentPoll(p, options.filter((o) => o.pollId === p.id), voters.get(p.id) ?? 0),
      my_votes: mine.get(p.id) ?? [],
    }));
  }

  private async pollNow(pollId: number, userId: number | undefined) {
    const p = await repo.findPoll(this.db, pollId);
    if (!p) throw notFound();
    const [out] = await this.pollsWithMine([p], userId);
    if (!out) throw notFound();
    return out;
  }

  async polls(liveId: number, v: Viewer): Promise<DataOf<'livePolls'>> {
    const { live } = await this.enter(liveId, v.userId);
    return { items: await this.pollsWithMine(await repo.pollsOf(this.db, liveId), v.userId), seq: live.seq };
  }

  async createPoll(liveId: number, userId: number, b: { question: string; options: string[]; multiple: boolean }, lang: ApiLanguage): Promise<DataOf<'livePollCreate'>> {
    await this.moderator(liveId, userId);
    if (new Set(b.options).size !== b.options.length) throw fieldError(lang, 'options', { zh: '选项不能重复', en: 'must all differ' });
    const now = this.now();
    const { pollId, event } = await this.db.transaction(async (tx) => {
      if (await repo.hasOpenPoll(tx, liveId)) throw new AppError(ErrorCode.LIVE_POLL_ALREADY_OPEN);
      // The unique (live, open) key refuses a second open poll raced in beside this one.
      const id = await repo.insertPoll(tx, { liveId, question: b.question, multiple: b.multiple, options: b.options, userId, at: now });
      if (id === 0) throw new AppError(ErrorCode.LIVE_POLL_ALREADY_OPEN);
      return { pollId: id, event: await this.emit(tx, liveId, { type: 'poll', poll: await this.pollInTx(tx, id) }) };
    });
    this.publish([event]);
    return this.pollNow(pollId, userId);
  }

  private async pollInTx(tx: Tx, pollId: number) {
    const p = await repo.findPoll(tx, pollId);
    if (!p) throw notFound();
    const [options, voters] = await Promise.all([repo.pollOptions(tx, [pollId]), repo.pollVoterCounts(tx, [pollId])]);
    return presentPoll(p, options, voters.get(pollId) ?? 0);
  }

  async closePoll(pollId: number, userId: number): Promise<DataOf<'livePollClose'>> {
    const p = await repo.findPoll(this.db, pollId);
    if (!p) throw notFound();
    await this.moderator(p.liveId, userId);
    if (p.open) {
      const now = this.now();
      const event = await this.db.transaction(async (tx) => {
        await repo.closePoll(tx, pollId, now);
        return this.emit(tx, p.liveId, { type: 'poll', poll: await this.pollInTx(tx, pollId) });
      });
      this.publish([event]);
    }
    return this.pollNow(pollId, userId);
  }

  async vote(pollId: number, userId: number, optionIds: number[], lang: ApiLanguage): Promise<DataOf<'livePollVote'>> {
    const p = await repo.findPoll(this.db, pollId);
    if (!p) throw notFound();
    await this.enter(p.liveId, userId);
    if (!p.open) throw new AppError(ErrorCode.LIVE_POLL_CLOSED);
    const unique = [...new Set(optionIds)];
    if (!p.multiple && unique.length !== 1) throw fieldError(lang, 'option_ids', { zh: '单选投票只能选一项', en: 'choose exactly one option' });
    const options = await repo.pollOptions(this.db, [pollId]);
    const valid = new Set(options.map((o) => o.id));
    if (unique.some((id) => !valid.has(id))) throw fieldError(lang, 'option_ids', { zh: '包含不属于此投票的选项', en: 'contains an option of another poll' });
    const voted = await this.db.transaction(async (tx) => {
      // Re-read under the poll row's lock: a close that commits first wins.
      const locked = await repo.lockPoll(tx, pollId);
      if (!locked?.open) throw new AppError(ErrorCode.LIVE_POLL_CLOSED);
      return repo.vote(tx, pollId, userId, unique, this.now());
    });
    if (!voted) throw new AppError(ErrorCode.LIVE_POLL_ALREADY_VOTED);
    this.scheduleTally(p.liveId, pollId);
    return this.pollNow(pollId, userId);
  }

  /** Votes are gathered for a moment and go out as one poll event with the tallies. */
  private scheduleTally(liveId: number, pollId: number): void {
    if (this.closed || this.tallyTimers.has(pollId)) return;
    const timer = setTimeout(() => {
      this.tallyTimers.delete(pollId);
      if (this.closed) return;
      this.db
        .transaction(async (tx) => this.emit(tx, liveId, { type: 'poll', poll: await this.pollInTx(tx, pollId) }))
        .then((e) => this.publish([e]))
        .catch(() => undefined);
    }, this.tallyDelayMs);
    timer.unref();
    this.tallyTimers.set(pollId, timer);
  }

  // ---- status ----

  async setStatus(liveId: number, userId: number, action: 'start' | 'end' | 'replay', lang: ApiLanguage): Promise<DataOf<'liveStatusSet'>> {
    await this.moderator(liveId, userId);
    await this.changeStatus(liveId, userId, action);
    return this.detail(liveId, { userId, lang });
  }

  /**
   * Starts or ends the live now, offers its replay or hides it (`hide_replay`), and tells the room.
   * The console calls this for its producers (their area is their right, decision record 0066);
   * `inTx` runs in the same transaction before the event (the console's audit row).
   */
  async changeStatus(
    liveId: number,
    userId: number,
    action: 'start' | 'end' | 'replay' | 'hide_replay',
    inTx?: (tx: Tx, before: { startAt: Date; endAt: Date; hasReplay: boolean }, after: { startAt: Date; endAt: Date; hasReplay: boolean }) => Promise<void>,
  ): Promise<void> {
    const now = this.now();
    const event = await this.db.transaction(async (tx) => {
      const live = await repo.lockLive(tx, liveId);
      if (!live) throw notFound();
      const status = this.status(live, now);
      let recordingId: number | null = null;
      let next = { startAt: live.startAt, endAt: live.endAt, hasReplay: live.hasReplay };
      const recording = await repo.roomRecording(tx, liveId);
      if (action === 'start') {
        if (status !== LiveStatus.UPCOMING) throw new AppError(ErrorCode.LIVE_STATUS_INVALID);
        next = { ...next, startAt: now };
        // A recorded meeting's recording covers what was streamed: from the actual start.
        if (recording === 'auto') await repo.upsertRecording(tx, liveId, { recordedAt: now, durationS: durationS(now, live.endAt), ready: true });
      } else if (action === 'end') {
        if (status !== LiveStatus.LIVE) throw new AppError(ErrorCode.LIVE_STATUS_INVALID);
        // end_at > start_at is a table constraint; a live ended in the millisecond it started lasts 1 ms.
        const endAt = new Date(Math.max(now.getTime(), live.startAt.getTime() + 1));
        if (recording === 'off') {
          next = { ...next, endAt, hasReplay: false };
        } else {
          // A recorded meeting offers its recording at once; a live's replay is being prepared
          // until a moderator marks it available.
          const auto = recording === 'auto';
          next = { ...next, endAt, hasReplay: auto };
          const id = await repo.upsertRecording(tx, liveId, { recordedAt: live.startAt, durationS: durationS(live.startAt, endAt), ready: auto });
          if (auto) recordingId = id;
        }
      } else if (action === 'replay') {
        if (recording === 'off') throw new AppError(ErrorCode.LIVE_NOT_RECORDED);
        if (status !== LiveStatus.ENDED) throw new AppError(ErrorCode.LIVE_STATUS_INVALID);
        next = { ...next, hasReplay: true };
        recordingId = await repo.upsertRecording(tx, liveId, { recordedAt: live.startAt, durationS: durationS(live.startAt, live.endAt), ready: true });
      } else {
        if (status !== LiveStatus.REPLAY) throw new AppError(ErrorCode.LIVE_STATUS_INVALID);
        next = { ...next, hasReplay: false };
        await repo.withdrawRecording(tx, liveId);
      }
      await repo.moveLive(tx, liveId, next, now);
      if (inTx) await inTx(tx, { startAt: live.startAt, endAt: live.endAt, hasReplay: live.hasReplay }, next);
      const e = await this.emit(tx, liveId, {
        type: 'status',
        live_status: this.status(next, now),
        start_at: next.startAt.toISOString(),
        end_at: next.endAt.toISOString(),
        recording_id: recordingId,
      });
      // After the event: its statement made the room row if there was none. A rare write; the
      // room stays locked for this one more statement.
      await repo.noteStatusChange(tx, liveId, live, userId, now);
      return e;
    });
    this.publish([event]);
  }

  // ---- recordings ----

  async recording(id: number, v: Viewer): Promise<DataOf<'recordingDetail'>> {
    const lang = v.lang;
    const r = await repo.findRecording(this.db, id);
    if (!r) throw notFound();
    // A live's recording is let through the live's own gate; a recorded meeting's once it has ended.
    const live = r.liveId === null ? null : await repo.findLive(this.db, r.liveId, this.now());
    if (live?.recording === 'off') throw new AppError(ErrorCode.LIVE_NOT_RECORDED);
    if (!r.ready || (live?.recording === 'auto' && this.status(live) !== LiveStatus.REPLAY)) throw new AppError(ErrorCode.RECORDING_NOT_READY);
    const gate = live ? (await this.playGate(live, v.userId)).gate : null;
    const end = new Date(r.recordedAt.getTime() + r.durationS * 1000);
    const offset = (at: Date) => Math.min(r.durationS, Math.max(0, Math.round((at.getTime() - r.recordedAt.getTime()) / 1000)));
    const [chapters, speakers, slides, marks, topics, media] = await Promise.all([
      repo.chaptersOf(this.db, id),
      r.liveId === null ? Promise.resolve([]) : repo.speakersOf(this.db, { id: r.liveId, speakerId: r.speakerId }),
      r.liveId === null ? Promise.resolve([]) : repo.slidesOf(this.db, r.liveId),
      r.liveId === null ? Promise.resolve([]) : repo.slideMarks(this.db, r.liveId, end),
      r.liveId === null ? Promise.resolve([]) : repo.recordedTopics(this.db, r.liveId, end),
      gate ? Promise.resolve(null) : this.media.recording({ id: r.id, liveId: r.liveId }),
    ]);
    // The slide shown at second 0 is the last one set before the recording began (slide 0 if none).
    const timeline: Array<{ at_s: number; index: number }> = [];
    for (const m of marks) {
      const at = offset(m.at);
      const last = timeline.at(-1);
      if (last && last.at_s === at) last.index = m.idx;
      else timeline.push({ at_s: at, index: m.idx });
    }
    if (slides.length > 0 && timeline[0]?.at_s !== 0) timeline.unshift({ at_s: 0, index: 0 });
    return {
      id: r.id,
      live_id: r.liveId,
      title: pick(lang, r.titleZh, r.titleEn),
      sub_title: pick(lang, r.subTitleZh, r.subTitleEn),
      banner: r.banner,
      recorded_at: r.recordedAt.toISOString(),
      duration_s: r.durationS,
      speakers: speakers.map((s) => presentSpeaker(s, lang)),
      organizer: r.organizerId === null ? null : { id: r.organizerId, name: pick(lang, r.orgNameZh ?? '', r.orgNameEn), logo: r.orgLogo ?? '' },
      chapters: chapters.map((c) => ({ at_s: c.atS, title: pick(lang, c.titleZh, c.titleEn) })),
      slides: slides.map((s) => ({ index: s.idx, image: s.image, title: pick(lang, s.titleZh, s.titleEn) })),
      slide_timeline: timeline,
      qa_timeline: topics.map((t) => ({
        id: t.id,
        content: t.content,
        user: presentUser(t),
        like_count: t.likeCount,
        asked_at_s: offset(t.createdAt),
        answer: t.answeredAt && t.answeredAt <= end ? t.answer : null,
        answered_at_s: t.answeredAt && t.answeredAt <= end ? offset(t.answeredAt) : null,
      })),
      media,
      media_unavailable: gate ?? (media ? null : 'no_source'),
    };
  }

  // ---- socket support ----

  /** Who a socket belongs to and whether it may join (the same rules as the room's REST reads). */
  async socketAccess(liveId: number, userId: number | undefined): Promise<{ ok: false; reason: 'not_found' | 'blocked' } | { ok: true; isMod: boolean }> {
    const live = await repo.findLive(this.db, liveId, this.now());
    if (!live) return { ok: false, reason: 'not_found' };
    const { isMod, blocked } = await this.role(live, userId);
    return blocked ? { ok: false, reason: 'blocked' } : { ok: true, isMod };
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

const durationS = (from: Date, to: Date) => Math.max(1, Math.round((to.getTime() - from.getTime()) / 1000));
