import type { ApiLanguage, LiveButton, LivePoll, LiveSpeaker, LiveTopic, LiveTopicPublic, LiveUser, TopicStatus } from '@medportal/contract';
import { pick } from '../../lib/i18n.ts';
import { avatarOf } from '../auth/index.ts';
import type { TopicRow } from './live-room.repository.ts';

export function presentUser(u: { userId: number; nickname: string; avatarUrl: string }): LiveUser {
  return { id: u.userId, nickname: u.nickname, avatar: avatarOf(u) };
}

export function presentTopicPublic(r: TopicRow): LiveTopicPublic {
  return {
    id: r.id,
    content: r.content,
    like_count: r.likeCount,
    answered: r.answer !== null,
    answer: r.answer,
    answered_at: r.answeredAt?.toISOString() ?? null,
    status: r.status as TopicStatus,
    pinned: r.pinned,
    created_at: r.createdAt.toISOString(),
    user: presentUser(r),
  };
}

export function presentTopic(r: TopicRow, isLike: boolean): LiveTopic {
  return { ...presentTopicPublic(r), is_like: isLike };
}

export function presentSpeaker(
  s: { id: number; nameZh: string; nameEn: string | null; avatar: string; titleZh: string; titleEn: string | null; role: string },
  lang: ApiLanguage,
): LiveSpeaker {
  const role = s.role === 'host' || s.role === 'panelist' ? s.role : 'speaker';
  return { id: s.id, name: pick(lang, s.nameZh, s.nameEn), avatar: s.avatar, title: pick(lang, s.titleZh, s.titleEn), role };
}

export function presentButton(b: { id: number; titleZh: string; titleEn: string | null; action: LiveButton['action'] }, lang: ApiLanguage): LiveButton {
  return { id: b.id, title: pick(lang, b.titleZh, b.titleEn), action: b.action };
}

export function presentPoll(
  p: { id: number; question: string; multiple: boolean; open: boolean | null; createdAt: Date; closedAt: Date | null },
  options: Array<{ id: number; text: string; votes: number }>,
  voters: number,
): LivePoll {
  return {
    id: p.id,
    question: p.question,
    multiple: p.multiple,
    status: p.open ? 'open' : 'closed',
    options: options.map((o) => ({ id: o.id, text: o.text, votes: o.votes })),
    voters,
    created_at: p.createdAt.toISOString(),
    closed_at: p.closedAt?.toISOString() ?? null,
  };
}

