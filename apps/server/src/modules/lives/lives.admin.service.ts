import { randomInt } from 'node:crypto';
import type { AdminLiveAgendaItemInput, AdminLiveBody, AdminLiveCreateBody, AdminLiveEditBody, AdminLiveListQuery } from '@medportal/contract/admin-lives';
import type { z } from 'zod';
import { type AdminBulkResult, type ApiLanguage, type DataOf, ErrorCode, errorMessages, LiveStatus } from '@medportal/contract';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import type { CacheInvalidation } from '../../lib/public-cache.ts';
import { type AgendaItemInput, agendaForEdit, replaceAgenda } from '../live-agenda/index.ts';
import {
  existingUsers,
  type LiveRoomPort,
  moderatorsOf,
  replaceModerators,
  replaceRoomSpeakers,
  roomRulesOf,
  roomSpeakerIds,
  saveRoomRules,
} from '../live-room/index.ts';
import { coverUrl, type MediaService } from '../media/index.ts';
import { Tag } from '../shared/cache-tags.ts';
import { liveStatus } from '../shared/live.present.ts';
import { publicationState, publishValues } from '../shared/publication.ts';
import { writeAudit } from '../staff/index.ts';
import * as repo from './lives.admin.repository.ts';

type AdminLive = DataOf<'adminLive'>;
type LiveBody = z.infer<typeof AdminLiveBody>;
type AgendaInput = z.infer<typeof AdminLiveAgendaItemInput>;

const LIVE_STATE_NAMES = { [LiveStatus.UPCOMING]: 'upcoming', [LiveStatus.LIVE]: 'live', [LiveStatus.ENDED]: 'ended', [LiveStatus.REPLAY]: 'replay' } as const;

const notFound = () => new AppError(ErrorCode.NOT_FOUND);

/** 12 digits, shown in groups of four like the demo's. */
const newMeetingNumber = () => String(randomInt(1, 10)) + String(randomInt(0, 100_000)).padStart(5, '0') + String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Lives in the operator console (decision record 0066): the live, its room, its agenda, its
 * stream and its replay. Every write is audited in its own transaction and drops the public
 * caches of the live and of every list of live cards.
 */
export class LivesAdminService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly media: MediaService,
    private readonly room: () => LiveRoomPort,
    private readonly cache: CacheInvalidation,
  ) {}

  private dropCaches(id: number): void {
    this.cache.invalidate([Tag.live(id), Tag.lives, Tag.home, Tag.sitemap]);
  }

  private liveState(r: { startAt: Date; endAt: Date; hasReplay: boolean }, now: Date) {
    return LIVE_STATE_NAMES[liveStatus(r.startAt, r.endAt, r.hasReplay, now) as 0 | 1 | 2 | 3];
  }

  private row(r: repo.AdminLiveRow, now: Date) {
    return {
      id: r.id,
      title_zh: r.titleZh,
      title_en: r.titleEn,
      banner: r.banner,
      start_at: r.startAt.toISOString(),
      end_at: r.endAt.toISOString(),
      state: publicationState(r.status, r.publishedAt, now),
      published_at: r.publishedAt?.toISOString() ?? null,
      live_state: this.liveState(r, now),
      has_replay: r.hasReplay,
      organizer: r.organizerId !== null && r.organizerZh !== null ? { id: r.organizerId, name: r.organizerZh } : null,
      department: r.departmentId !== null && r.departmentZh !== null ? { id: r.departmentId, name: r.departmentZh } : null,
      meeting_no: r.meetingNo,
      updated_at: r.updatedAt.toISOString(),
    };
  }

  async list(q: z.infer<typeof AdminLiveListQuery>): Promise<DataOf<'adminLives'>> {
    const now = this.now();
    const { rows, total } = await repo.page(
      this.db,
      {
        q: q.q,
        state: q.state,
        liveState: q.live_state,
        organizerId: q.organizer_id,
        departmentId: q.department_id,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
      },
      now,
      q.sort,
      q.order,
      q.page_size,
      (q.page - 1) * q.page_size,
    );
    return { items: rows.map((r) => this.row(r, now)), page: q.page, page_size: q.page_size, total, has_more: q.page * q.page_size < total };
  }

  async options(q: string | undefined): Promise<DataOf<'adminLiveOptions'>> {
    const [sp, orgs, deps, staff] = await Promise.all([repo.searchSpeakers(this.db, q, 50), repo.allOrganizers(this.db), repo.allDepartments(this.db), repo.staffUsers(this.db)]);
    return {
      speakers: sp.map((s) => ({ id: s.id, name: s.nameEn ? `${s.nameZh} (${s.nameEn})` : s.nameZh })),
      organizers: orgs.map((o) => ({ id: o.id, name: o.nameZh })),
      departments: deps.map((d) => ({ id: d.id, name: d.nameZh })),
      moderators: staff.map((u) => ({ id: u.id, name: u.nickname })),
    };
  }

  async detail(id: number, db: Db | Tx = this.db): Promise<AdminLive> {
    const now = this.now();
    const r = await repo.find(db, id);
    if (!r) throw notFound();
    const [others, rules, mods, agenda] = await Promise.all([roomSpeakerIds(db, id), roomRulesOf(db, id), moderatorsOf(db, id), agendaForEdit(db, id)]);
    const speakerIds = [...new Set([...(r.speakerId === null ? [] : [r.speakerId]), ...others])];
    const names = new Map((await repo.speakerNames(db, speakerIds)).map((s) => [s.id, s.nameZh]));
    return {
      ...this.row(r, now),
      sub_title_zh: r.subTitleZh,
      sub_title_en: r.subTitleEn,
      speakers: speakerIds.flatMap((sid) => (names.has(sid) ? [{ id: sid, name: names.get(sid) as string }] : [])),
      moderators: mods,
      access: { login_required: rules.requireLogin, sign_in_required: rules.requireSignIn, moderated: rules.moderated, has_access_code: rules.hasAccessCode },
      agenda: agenda.map(presentAgendaItem),
      created_at: r.createdAt.toISOString(),
    };
  }

  // ---- checks ----

  private checkTimes(b: { start_at: string; end_at: string }, lang: ApiLanguage, field = 'end_at'): void {
    if (new Date(b.end_at).getTime() <= new Date(b.start_at).getTime()) throw fieldError(lang, field, { zh: '结束时间须晚于开始时间', en: 'must be after the start' });
  }

  private async checkRefs(db: Db | Tx, b: { organizer_id: number | null; department_id: number | null; speaker_ids: number[]; moderator_ids: number[] }, agenda: AgendaInput[]): Promise<void> {
    const speakerIds = [...new Set([...b.speaker_ids, ...agenda.flatMap((a) => (a.speaker_id === null ? [] : [a.speaker_id]))])];
    const [sp, org, dep, mods] = await Promise.all([
      repo.existingIds(db, 'speakers', speakerIds),
      repo.existingIds(db, 'organizers', b.organizer_id === null ? [] : [b.organizer_id]),
      repo.existingIds(db, 'departments', b.department_id === null ? [] : [b.department_id]),
      existingUsers(db, b.moderator_ids),
    ]);
    const missing =
      speakerIds.some((id) => !sp.has(id)) ||
      (b.organizer_id !== null && !org.has(b.organizer_id)) ||
      (b.department_id !== null && !dep.has(b.department_id)) ||
      b.moderator_ids.some((id) => !mods.has(id));
    if (missing) throw new AppError(ErrorCode.ADMIN_LIVE_UNKNOWN_REF);
  }

  private checkAgenda(items: AgendaInput[], lang: ApiLanguage): AgendaItemInput[] {
    return items.map((it, i) => {
      this.checkTimes(it, lang, `agenda.${i}.end_at`);
      return { startAt: new Date(it.start_at), endAt: new Date(it.end_at), titleZh: it.title_zh, titleEn: it.title_en, speakerId: it.speaker_id };
    });
  }

  private values(b: LiveBody, meetingNo: string): repo.LiveValues {
    const speakers = [...new Set(b.speaker_ids)];
    return {
      titleZh: b.title_zh,
      titleEn: b.title_en,
      subTitleZh: b.sub_title_zh,
      subTitleEn: b.sub_title_en,
      banner: b.banner ?? coverUrl('live', `l${meetingNo}`),
      startAt: new Date(b.start_at),
      endAt: new Date(b.end_at),
      organizerId: b.organizer_id,
      departmentId: b.department_id,
      speakerId: speakers[0] ?? null,
    };
  }

  /** The room's rules, moderators and speakers after the host, as the body says. */
  private async saveRoom(tx: Tx, id: number, b: LiveBody, now: Date): Promise<void> {
    await saveRoomRules(tx, id, { moderated: b.access.moderated, requireLogin: b.access.login_required, requireSignIn: b.access.sign_in_required, accessCode: b.access.access_code });
    await replaceModerators(tx, id, [...new Set(b.moderator_ids)], now);
    await replaceRoomSpeakers(tx, id, [...new Set(b.speaker_ids)].slice(1));
    // The media gate (auth_url) follows the room's login rule.
    await this.media.setLoginRequired(tx, id, b.access.login_required);
  }

  // ---- writes ----

  async create(actorId: number, b: z.infer<typeof AdminLiveCreateBody>, lang: ApiLanguage): Promise<AdminLive> {
    this.checkTimes(b, lang);
    const agenda = this.checkAgenda(b.agenda, lang);
    const now = this.now();
    const answer = await this.db.transaction(async (tx) => {
      await this.checkRefs(tx, b, b.agenda);
      const meetingNo = newMeetingNumber();
      const id = await repo.insert(tx, { ...this.values(b, meetingNo), meetingNo, now });
      await this.saveRoom(tx, id, b, now);
      await replaceAgenda(tx, id, agenda);
      // The sandbox's simulated source plays the demo loop while the live is on air (decision record 0022).
      await this.media.bindLoop(tx, id);
      const after = await this.detail(id, tx);
      await writeAudit(tx, { actorId, action: 'live.create', target: `live:${id}`, before: null, after, now });
      return after;
    });
    this.dropCaches(answer.id);
    return answer;
  }

  async update(actorId: number, id: number, b: z.infer<typeof AdminLiveEditBody>, lang: ApiLanguage): Promise<AdminLive> {
    this.checkTimes(b, lang);
    const now = this.now();
    const answer = await this.db.transaction(async (tx) => {
      const before = await this.detail(id, tx);
      await this.checkRefs(tx, b, []);
      if (!(await repo.updateIfVersion(tx, id, new Date(b.updated_at), this.values(b, before.meeting_no), now))) throw new AppError(ErrorCode.ADMIN_EDIT_CONFLICT);
      await this.saveRoom(tx, id, b, now);
      await this.media.keepPushKeyValid(tx, id, new Date(b.end_at));
      const after = await this.detail(id, tx);
      await writeAudit(tx, { actorId, action: 'live.update', target: `live:${id}`, before, after, now });
      return after;
    });
    this.dropCaches(id);
    return answer;
  }

  async replaceAgenda(actorId: number, id: number, items: AgendaInput[], lang: ApiLanguage): Promise<DataOf<'adminLiveAgenda'>> {
    const agenda = this.checkAgenda(items, lang);
    const now = this.now();
    const answer = await this.db.transaction(async (tx) => {
      if (!(await repo.lock(tx, id))) throw notFound();
      await this.checkRefs(tx, { organizer_id: null, department_id: null, speaker_ids: [], moderator_ids: [] }, items);
      const before = (await agendaForEdit(tx, id)).map(presentAgendaItem);
      await replaceAgenda(tx, id, agenda);
      await repo.touch(tx, id, now);
      const after = (await agendaForEdit(tx, id)).map(presentAgendaItem);
      await writeAudit(tx, { actorId, action: 'live.agenda', target: `live:${id}`, before, after, now });
      return { items: after };
    });
    this.dropCaches(id);
    return answer;
  }

  private async setPublication(actorId: number, id: number, action: 'publish' | 'offline', at?: string | null): Promise<AdminLive> {
    const now = this.now();
    const answer = await this.db.transaction(async (tx) => {
      const row = await repo.lock(tx, id);
      if (!row) throw notFound();
      // A created meeting's room is the meeting's to open and close.
      if (row.status === 'unlisted') throw new AppError(ErrorCode.ADMIN_BAD_STATE);
      const before = { state: publicationState(row.status, row.publishedAt, now), published_at: row.publishedAt?.toISOString() ?? null };
      if (action === 'publish') await repo.setPublication(tx, id, publishValues(at, now), now);
      else {
        if (row.status === 'offline') throw new AppError(ErrorCode.ADMIN_BAD_STATE);
        await repo.setPublication(tx, id, { status: 'offline' }, now);
      }
      const after = await this.detail(id, tx);
      await writeAudit(tx, { actorId, action: `live.${action}`, target: `live:${id}`, before, after: { state: after.state, published_at: after.published_at }, now });
      return after;
    });
    this.dropCaches(id);
    return answer;
  }

  publish(actorId: number, id: number, at: string | null | undefined): Promise<AdminLive> {
    return this.setPublication(actorId, id, 'publish', at);
  }

  offline(actorId: number, id: number): Promise<AdminLive> {
    return this.setPublication(actorId, id, 'offline');
  }

  /** Publish or take offline many lives: each on its own, the failures said per id. */
  async bulk(actorId: number, ids: number[], action: string, lang: ApiLanguage): Promise<AdminBulkResult> {
    if (action !== 'publish' && action !== 'offline') throw fieldError(lang, 'action', { zh: '只能是 publish 或 offline', en: 'must be publish or offline' });
    const done: number[] = [];
    const failed: AdminBulkResult['failed'] = [];
    for (const id of [...new Set(ids)]) {
      try {
        await this.setPublication(actorId, id, action);
        done.push(id);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        failed.push({ id, code: err.code, message: errorMessages[err.code as ErrorCode]?.[lang] ?? err.message });
      }
    }
    return { done, failed };
  }

  // ---- the stream ----

  private async panel(id: number, db: Db | Tx = this.db): Promise<DataOf<'adminLiveStream'>> {
    const now = this.now();
    const r = await repo.find(db, id);
    if (!r) throw notFound();
    const p = await this.media.pushPanel(id, r.endAt, db);
    return {
      provider: this.media.streaming.name,
      server: p.address.server,
      stream_key: p.address.streamKey,
      url: p.address.url,
      expires_at: p.expiresAt.toISOString(),
      rotated_at: p.rotatedAt?.toISOString() ?? null,
      playback_hls: p.playbackHls,
      live_state: this.liveState(r, now),
      has_replay: r.hasReplay,
      stream_recording: p.streamRecording,
      replay_attached: p.replayAttached,
    };
  }

  stream(id: number): Promise<DataOf<'adminLiveStream'>> {
    return this.panel(id);
  }

  /** A new key: the encoder must take the new push URL; the old one is refused from now on. */
  async rotate(actorId: number, id: number): Promise<DataOf<'adminLiveStream'>> {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const row = await repo.lock(tx, id);
      if (!row) throw notFound();
      const r = await this.media.rotateStream(tx, id, row.endAt);
      // The stream names only: the signed key is a secret and stays out of the log.
      await writeAudit(tx, { actorId, action: 'live.stream_key', target: `live:${id}`, before: { stream: r.before }, after: { stream: r.after, expires_at: r.expiresAt.toISOString() }, now });
      return this.panel(id, tx);
    });
  }

  async checkPush(id: number, url: string): Promise<DataOf<'adminLivePushCheck'>> {
    if (!(await repo.find(this.db, id))) throw notFound();
    return { result: await this.media.checkPush(id, url) };
  }

  /** Start or end now: the room's status event tells every viewer; audited with the move. */
  async status(actorId: number, id: number, action: 'start' | 'end'): Promise<AdminLive> {
    await this.changeStatus(actorId, id, action, `live.${action}`);
    return this.detail(id);
  }

  /**
   * Offer the replay (the attached replay file, or the stream's recording when asked) or hide it.
   * Only after the end; the room's viewers see the change at once.
   */
  async replay(actorId: number, id: number, available: boolean, useStreamRecording: boolean): Promise<AdminLive> {
    const r = await repo.find(this.db, id);
    if (!r) throw notFound();
    if (r.endAt.getTime() > this.now().getTime()) throw new AppError(ErrorCode.ADMIN_LIVE_NOT_ENDED);
    if (available === r.hasReplay) return this.detail(id);
    if (available) {
      const panel = await this.media.pushPanel(id, r.endAt);
      if (!panel.replayAttached && !(useStreamRecording && panel.streamRecording)) throw new AppError(ErrorCode.ADMIN_LIVE_NO_RECORDING);
    }
    await this.changeStatus(actorId, id, available ? 'replay' : 'hide_replay', available ? 'live.replay_on' : 'live.replay_off', async (tx) => {
      if (available && useStreamRecording) await this.media.useStreamRecording(tx, id);
    });
    return this.detail(id);
  }

  private async changeStatus(actorId: number, id: number, action: 'start' | 'end' | 'replay' | 'hide_replay', audit: string, more?: (tx: Tx) => Promise<void>): Promise<void> {
    const row = await repo.find(this.db, id);
    if (!row) throw notFound();
    // Drafts and offline lives have no room to tell; the room's own check answers not found for them.
    if (row.status !== 'published' && row.status !== 'unlisted') throw new AppError(ErrorCode.ADMIN_BAD_STATE);
    const now = this.now();
    await this.room().changeStatus(id, actorId, action, async (tx, before, after) => {
      if (more) await more(tx);
      const show = (v: { startAt: Date; endAt: Date; hasReplay: boolean }) => ({ start_at: v.startAt.toISOString(), end_at: v.endAt.toISOString(), has_replay: v.hasReplay });
      await writeAudit(tx, { actorId, action: audit, target: `live:${id}`, before: show(before), after: show(after), now });
    });
    this.dropCaches(id);
  }
}

function presentAgendaItem(a: { id: number; startAt: Date; endAt: Date; titleZh: string; titleEn: string | null; speakerId: number | null }) {
  return { id: a.id, start_at: a.startAt.toISOString(), end_at: a.endAt.toISOString(), title_zh: a.titleZh, title_en: a.titleEn, speaker_id: a.speakerId };
}

