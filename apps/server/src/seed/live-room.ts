import { ActionType, LiveStatus } from '@medportal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import * as s from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { accessCodeHash, DEMO_SLIDES, slideUrl } from '../modules/live-room/index.ts';
import { action } from '../modules/shared/content.present.ts';
import { liveStatus } from '../modules/shared/live.present.ts';

type Rows<T extends { $inferInsert: unknown }> = Array<T['$inferInsert']>;

export interface LiveRoomSeedRows {
  liveRooms: Rows<typeof s.liveRooms>;
  liveSpeakers: Rows<typeof s.liveSpeakers>;
  liveSlides: Rows<typeof s.liveSlides>;
  liveButtons: Rows<typeof s.liveButtons>;
  liveSlideMarks: Rows<typeof s.liveSlideMarks>;
  recordings: Rows<typeof s.recordings>;
  recordingChapters: Rows<typeof s.recordingChapters>;
}

/** The demo live room settings: which live is moderated, which needs a code or a login. */
export const DEMO_ROOMS = {
  /** On air now, questions wait for a moderator. */
  moderated: 1,
  /** Later today, access code below (needs a login: the code is remembered per account). */
  accessCode: 2,
  /** Needs a login and a check-in. */
  loginAndSignIn: 3,
  /** Ended yesterday with a replay: its recording has questions asked and answered at their times. */
  recordedQa: 11,
} as const;
export const DEMO_ACCESS_CODE = '2468';

/** The demo moderator of every demo live (outside production only; README lists it). */
export const DEMO_MODERATOR = { countryCode: '86', mobile: '13900000002', password: 'Moderator-demo-1', nickname: '演示主持人 Demo moderator' } as const;

const CHAPTERS: ReadonlyArray<readonly [number, string, string]> = [
  [0, '开场与介绍', 'Opening and introductions'],
  [0.15, '背景与最新证据', 'Background and latest evidence'],
  [0.45, '病例讨论', 'Case discussion'],
  [0.75, '问答', 'Questions and answers'],
];

type LiveSeed = { id?: number; startAt: Date; endAt: Date; hasReplay?: boolean; speakerId?: number | null; titleZh: string; titleEn?: string | null; subTitleZh?: string; subTitleEn?: string | null; banner: string; status?: string };

/** Lengths (seconds) of the demo media a recording plays: a live's replay, a standalone talk's own. */
export interface RecordingMediaLengths {
  replay: (liveId: number) => number;
  recording: (recordingId: number) => number;
}

/**
 * Rooms, extra speakers, slides, buttons and recordings of the demo lives (content: every
 * environment). A recording is as long as the media it plays, so its chapters, slide marks and
 * questions fall inside what the player can reach.
 */
export function buildLiveRoomSeed(lives: LiveSeed[], speakerCount: number, now: Date, media: RecordingMediaLengths): LiveRoomSeedRows {
  const published = lives.filter((l) => l.status === 'published' && l.id !== undefined) as Array<LiveSeed & { id: number }>;
  const liveRooms: LiveRoomSeedRows['liveRooms'] = [
    { liveId: DEMO_ROOMS.moderated, moderated: true, currentSlide: 2 },
    { liveId: DEMO_ROOMS.accessCode, accessCodeHash: accessCodeHash(DEMO_ROOMS.accessCode, DEMO_ACCESS_CODE) },
    { liveId: DEMO_ROOMS.loginAndSignIn, requireLogin: true, requireSignIn: true },
  ];
  const liveSpeakers: LiveRoomSeedRows['liveSpeakers'] = [];
  const liveSlides: LiveRoomSeedRows['liveSlides'] = [];
  const liveButtons: LiveRoomSeedRows['liveButtons'] = [];
  const liveSlideMarks: LiveRoomSeedRows['liveSlideMarks'] = [];
  const recordings: LiveRoomSeedRows['recordings'] = [];
  const recordingChapters: LiveRoomSeedRows['recordingChapters'] = [];
  let buttonId = 0;
  for (const l of published) {
    const host = l.speakerId ?? 0;
    for (const [k, role] of [[1, 'speaker'], [2, 'panelist']] as const) {
      const other = ((host - 1 + k * 5) % speakerCount) + 1;
      if (other !== host) liveSpeakers.push({ liveId: l.id, speakerId: other, role, sort: k });
    }
    DEMO_SLIDES.forEach((sl, idx) => liveSlides.push({ liveId: l.id, idx, image: slideUrl(`l${l.id}`, idx), titleZh: sl.zh, titleEn: sl.en }));
    // The agenda and related courses are the room's own panels (live-agenda module), not buttons.
    const buttons: Array<[string, string, ReturnType<typeof action>]> = [];
    if (l.speakerId) buttons.unshift(['讲者介绍', 'About the speaker', action(ActionType.SPEAKER_DETAIL, { id: l.speakerId })]);
    buttons.forEach(([zh, en, act], sort) => liveButtons.push({ id: (buttonId += 1), liveId: l.id, titleZh: zh, titleEn: en, action: act, sort }));
    const ended = liveStatus(l.startAt, l.endAt, Boolean(l.hasReplay), now) === LiveStatus.REPLAY;
    if (!ended) continue;
    const durationS = media.replay(l.id);
    const recordingId = recordings.length + 1;
    recordings.push({
      id: recordingId,
      liveId: l.id,
      titleZh: l.titleZh,
      titleEn: l.titleEn ?? null,
      subTitleZh: l.subTitleZh ?? '',
      subTitleEn: l.subTitleEn ?? null,
      banner: l.banner,
      recordedAt: l.startAt,
      durationS,
      speakerId: l.speakerId ?? null,
      ready: true,
    });
    for (const [part, zh, en] of CHAPTERS) recordingChapters.push({ recordingId, atS: Math.round(part * durationS), titleZh: zh, titleEn: en });
    // The presenter went through the deck evenly, going back once to the evidence slide.
    const step = durationS / (DEMO_SLIDES.length + 1);
    const order = [0, 1, 2, 3, 2, 4, 5, 6, 7];
    order.forEach((idx, i) => liveSlideMarks.push({ liveId: l.id, idx, at: new Date(l.startAt.getTime() + Math.round(i * step) * 1000) }));
  }
  // A standalone recorded talk (no live behind it).
  const first = published[0];
  if (first) {
    const recordingId = recordings.length + 1;
    const durationS = media.recording(recordingId);
    recordings.push({
      id: recordingId,
      liveId: null,
      titleZh: '临床研究设计入门：从问题到方案',
      titleEn: 'Clinical Study Design: From Question to Protocol',
      subTitleZh: '录播课',
      subTitleEn: 'Recorded talk',
      banner: first.banner,
      recordedAt: new Date(now.getTime() - 30 * 86_400_000),
      durationS,
      speakerId: first.speakerId ?? null,
      ready: true,
    });
    for (const [part, zh, en] of CHAPTERS) recordingChapters.push({ recordingId, atS: Math.round(part * durationS), titleZh: zh, titleEn: en });
  }
  return { liveRooms, liveSpeakers, liveSlides, liveButtons, liveSlideMarks, recordings, recordingChapters };
}

/** Questions of the recorded live: asked and answered at these seconds into it (its demo replay is a minute long). */
const RECORDED_QA: ReadonlyArray<{ askedS: number; answeredS: number | null; zh: string; answerZh: string; by: number; likes: number }> = [
  { askedS: 6, answeredS: 21, zh: 'CRS 分级时，是否需要常规监测 IL-6？', answerZh: '不需要常规监测，分级以临床表现为主；IL-6 可辅助判断重症风险。', by: 0, likes: 3 },
  { askedS: 14, answeredS: 38, zh: '老年患者的桥接治疗如何选择？', answerZh: '优先低强度方案，兼顾器官功能与感染风险，个体化决定。', by: 1, likes: 4 },
  { askedS: 29, answeredS: 52, zh: 'ICANS 出现时托珠单抗还有作用吗？', answerZh: '单纯 ICANS 首选糖皮质激素；合并 CRS 时可联合托珠单抗。', by: 2, likes: 2 },
  { askedS: 40, answeredS: 55, zh: '回输后多久可以出院随访？', answerZh: '一般 4 周内需在中心附近，之后按方案定期随访。', by: 3, likes: 1 },
  { askedS: 48, answeredS: null, zh: '有没有推荐的患者教育材料？', answerZh: '', by: 0, likes: 0 },
];

/** Questions already asked in the live on air, so its Q&A panel is not empty. */
const LIVE_QA: ReadonlyArray<{ agoMin: number; zh: string; answerZh: string | null; status: 'approved' | 'pending'; by: number }> = [
  { agoMin: 30, zh: '新版指南对一线方案的主要调整是什么？', answerZh: '主要是将双特异性抗体前移，并细化了高危人群的定义。', status: 'approved', by: 0 },
  { agoMin: 22, zh: '基层医院如何开展分子分型？', answerZh: null, status: 'approved', by: 1 },
  { agoMin: 12, zh: '维持治疗的疗程有推荐吗？', answerZh: null, status: 'approved', by: 2 },
  { agoMin: 5, zh: '请问讲稿会在会后提供吗？', answerZh: null, status: 'pending', by: 3 },
];

const AUDIENCE = ['王医生', '李医生', 'Dr. Chen', '赵医生'];

/**
 * Demo people (outside production): the moderator of every demo live, who can log in with the
 * password above, and audience members (no way to log in) who asked the recorded questions.
 * Idempotent: an existing moderator account is reused.
 */
export async function seedDemoAccounts(tx: Tx, now: Date): Promise<void> {
  const e164 = `+${DEMO_MODERATOR.countryCode}${DEMO_MODERATOR.mobile}`;
  const [existing] = await tx
    .select({ userId: s.userIdentities.userId })
    .from(s.userIdentities)
    .where(and(eq(s.userIdentities.kind, 'mobile'), eq(s.userIdentities.value, e164)));
  let moderatorId = existing?.userId;
  if (moderatorId === undefined) {
    const [u] = await tx
      .insert(s.users)
      .values({ nickname: DEMO_MODERATOR.nickname, passwordHash: await hashPassword(DEMO_MODERATOR.password), createdAt: now, updatedAt: now })
      .returning({ id: s.users.id });
    if (!u) throw new Error('moderator insert returned nothing');
    moderatorId = u.id;
    await tx.insert(s.userIdentities).values({ userId: moderatorId, kind: 'mobile', value: e164, createdAt: now });
  }
  const liveIds = (await tx.select({ id: s.lives.id }).from(s.lives)).map((r) => r.id);
  if (liveIds.length > 0) {
    await tx
      .insert(s.liveModerators)
      .values(liveIds.map((liveId) => ({ liveId, userId: moderatorId, createdAt: now })))
      .onConflictDoNothing();
  }
  // Questions are seeded once: a reseed (truncate cascade) emptied them with the lives.
  const [anyTopic] = await tx.select({ id: s.liveTopics.id }).from(s.liveTopics).where(inArray(s.liveTopics.liveId, [DEMO_ROOMS.recordedQa, DEMO_ROOMS.moderated])).limit(1);
  if (anyTopic) return;
  const audience = await tx
    .insert(s.users)
    .values(AUDIENCE.map((nickname) => ({ nickname, createdAt: now, updatedAt: now })))
    .returning({ id: s.users.id });
  const [recorded] = await tx.select().from(s.lives).where(eq(s.lives.id, DEMO_ROOMS.recordedQa));
  if (recorded) {
    for (const q of RECORDED_QA) {
      const at = (sec: number) => new Date(recorded.startAt.getTime() + sec * 1000);
      const [t] = await tx
        .insert(s.liveTopics)
        .values({
          liveId: recorded.id,
          userId: audience[q.by]?.id ?? moderatorId,
          content: q.zh,
          status: 'approved',
          likeCount: q.likes,
          answer: q.answeredS === null ? null : q.answerZh,
          answeredAt: q.answeredS === null ? null : at(q.answeredS),
          answeredBy: q.answeredS === null ? null : moderatorId,
          createdAt: at(q.askedS),
        })
        .returning({ id: s.liveTopics.id });
      if (t && q.likes > 0) await tx.insert(s.liveTopicLikes).values(audience.slice(0, q.likes).map((a) => ({ topicId: t.id, userId: a.id, createdAt: at(q.askedS + 1) })));
    }
  }
  for (const q of LIVE_QA) {
    const at = new Date(now.getTime() - q.agoMin * 60_000);
    await tx.insert(s.liveTopics).values({
      liveId: DEMO_ROOMS.moderated,
      userId: audience[q.by]?.id ?? moderatorId,
      content: q.zh,
      status: q.status,
      answer: q.answerZh,
      answeredAt: q.answerZh ? new Date(at.getTime() + 4 * 60_000) : null,
      answeredBy: q.answerZh ? moderatorId : null,
      createdAt: at,
    });
  }
}
