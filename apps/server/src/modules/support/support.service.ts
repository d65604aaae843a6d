import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ErrorCode,
  SUPPORT_IMAGE_PATH,
  SUPPORT_VISITOR_RATE,
  type ApiLanguage,
  type SupportConversation,
  type SupportHours,
  type SupportMessage,
  type SupportSendBody,
  type SupportSocketEvent,
} from '@medportal/contract';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import type { Realtime } from '../../plugins/realtime.ts';
import * as repo from './support.repository.ts';

/** The accounts' database rate limiter (app.accounts.limiter): what sending needs of it. */
export interface SendLimiter {
  reserve(db: Db, key: string, max: number, windowS: number): Promise<{ ok: true; count: number } | { ok: false; expiresAt: Date | null }>;
  retryAfter(expiresAt: Date | null): number;
}

/** Messages a session or a conversation view starts with. */
const HISTORY = 100;
/** All visitors of one address together: a bot minting visitor tokens still meets a limit. */
const PER_IP = { max: 60, windowS: 60 } as const;

/** Working hours by default: every day 08:00–22:00 in +08:00 (SUPPORT_HOURS changes them). */
export const DEFAULT_HOURS: SupportHours = { timezone: '+08:00', days: [1, 2, 3, 4, 5, 6, 7], open: '08:00', close: '22:00' };

/** `"1-5 09:00-18:00"` (days 1 = Monday … 7 = Sunday, times in +08:00); undefined or malformed → the default. */
export function parseHours(text: string | undefined): SupportHours {
  const m = text ? /^([1-7])-([1-7]) ([01]\d|2[0-4]):([0-5]\d)-([01]\d|2[0-4]):([0-5]\d)$/.exec(text.trim()) : null;
  if (!m) return DEFAULT_HOURS;
  const [from, to] = [Number(m[1]), Number(m[2])];
  const days: number[] = [];
  for (let d = from; d <= to; d++) days.push(d);
  return { timezone: '+08:00', days, open: `${m[3]}:${m[4]}`, close: `${m[5]}:${m[6]}` };
}

export function isOpen(hours: SupportHours, now: Date): boolean {
  const local = new Date(now.getTime() + 8 * 3_600_000);
  const day = local.getUTCDay() === 0 ? 7 : local.getUTCDay();
  const minutes = local.getUTCHours() * 60 + local.getUTCMinutes();
  const toMin = (hm: string) => Number(hm.slice(0, 2)) * 60 + Number(hm.slice(3, 5));
  return hours.days.includes(day) && minutes >= toMin(hours.open) && minutes < toMin(hours.close);
}

/** Who is chatting: a logged-in user, or an anonymous visitor by the key inside their token. */
export type Visitor = { userId: number } | { visitorKey: string };

export const conversationChannel = (id: number) => `support:c:${id}`;
export const AGENTS_CHANNEL = 'support:agents';

export function presentMessage(r: repo.MessageRow): SupportMessage {
  return {
    id: r.id,
    conversation_id: r.conversationId,
    sender: r.sender === 'agent' ? 'agent' : 'visitor',
    kind: r.kind === 'image' ? 'image' : 'text',
    body: r.body,
    agent_name: r.sender === 'agent' ? (r.agentName ?? null) : null,
    created_at: r.createdAt.toISOString(),
  };
}

export class SupportService {
  constructor(
    private readonly db: Db,
    private readonly realtime: Realtime,
    private readonly limiter: SendLimiter,
    private readonly secret: string,
    private readonly hours: SupportHours,
    private readonly now: () => Date,
  ) {}

  /** A new anonymous visitor's signed token: `<key>.<hmac>`. */
  newVisitorToken(): string {
    return this.sign(randomBytes(18).toString('base64url'));
  }

  private sign(key: string): string {
    return `${key}.${createHmac('sha256', this.secret).update(`support-visitor:${key}`).digest('base64url')}`;
  }

  /** The key inside a token whose signature holds, or null. */
  visitorKey(token: string | undefined): string | null {
    if (!token) return null;
    const m = /^([A-Za-z0-9_-]{24})\.[A-Za-z0-9_-]{43}$/.exec(token);
    if (!m?.[1]) return null;
    const expected = Buffer.from(this.sign(m[1]));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given) ? m[1] : null;
  }

  private publish(channel: string, event: SupportSocketEvent): void {
    // A lost fan-out is made up by the page's refetch on reconnect; the message is stored already.
    this.realtime.publish(channel, JSON.stringify(event)).catch(() => undefined);
  }

  async session(visitor: Visitor) {
    const conv = await repo.ensureConversation(this.db, visitor, this.now());
    const rows = await repo.latestMessages(this.db, conv.id, HISTORY);
    return { online: isOpen(this.hours, this.now()), hours: this.hours, conversation_id: conv.id, unread: conv.visitorUnread, messages: rows.map(presentMessage) };
  }

  async messagesAfter(visitor: Visitor, after: number) {
    const conv = await repo.ensureConversation(this.db, visitor, this.now());
    const rows = await repo.messagesAfter(this.db, conv.id, after, HISTORY);
    return { items: rows.map(presentMessage), unread: conv.visitorUnread };
  }

  private checkBody(body: SupportSendBody, lang: ApiLanguage): void {
    if (body.kind === 'image' && !SUPPORT_IMAGE_PATH.test(body.body)) {
      throw fieldError(lang, 'body', { zh: '图片须先通过上传接口上传', en: 'must be an image path returned by the upload endpoint' });
    }
  }

  async visitorSend(visitor: Visitor, body: SupportSendBody, caller: { ip: string; lang: ApiLanguage }): Promise<SupportMessage> {
    this.checkBody(body, caller.lang);
    const conv = await repo.ensureConversation(this.db, visitor, this.now());
    // Reserved before storing: the upsert's condition and increment are one step, so of a burst at most `max` pass.
    for (const [key, limit] of [
      [`support:conv:${conv.id}`, SUPPORT_VISITOR_RATE],
      [`support:ip:${caller.ip}`, PER_IP],
    ] as const) {
      const slot = await this.limiter.reserve(this.db, key, limit.max, limit.windowS);
      if (!slot.ok) throw new AppError(ErrorCode.RATE_LIMITED, { data: { retry_after: this.limiter.retryAfter(slot.expiresAt) } });
    }
    const now = this.now();
    const row = await this.db.transaction((tx) => repo.insertMessage(tx, { conversationId: conv.id, sender: 'visitor', agentId: null, kind: body.kind, body: body.body, now }));
    const message = presentMessage(row);
    this.publish(conversationChannel(conv.id), { type: 'message', message });
    this.publish(AGENTS_CHANNEL, { type: 'message', message });
    return message;
  }

  async visitorRead(visitor: Visitor): Promise<void> {
    const conv = await repo.ensureConversation(this.db, visitor, this.now());
    await repo.markRead(this.db, conv.id, 'visitor');
    this.publish(AGENTS_CHANNEL, { type: 'read', conversation_id: conv.id, reader: 'visitor' });
  }

  async conversationOf(visitor: Visitor): Promise<number> {
    return (await repo.ensureConversation(this.db, visitor, this.now())).id;
  }

  typing(conversationId: number, sender: 'visitor' | 'agent'): void {
    const event: SupportSocketEvent = { type: 'typing', conversation_id: conversationId, sender };
    this.publish(sender === 'visitor' ? AGENTS_CHANNEL : conversationChannel(conversationId), event);
  }

  private async present(conv: repo.ConversationRow, nickname: string | null, last: repo.MessageRow | undefined, lang: ApiLanguage): Promise<SupportConversation> {
    return {
      id: conv.id,
      visitor_name: nickname ?? (lang === 'en' ? `Visitor #${conv.id}` : `访客 #${conv.id}`),
      logged_in: conv.userId !== null,
      unread: conv.agentUnread,
      last_message: last ? presentMessage(last) : null,
      updated_at: (conv.lastMessageAt ?? conv.createdAt).toISOString(),
    };
  }

  async conversations(lang: ApiLanguage) {
    const rows = await repo.recentConversations(this.db, 200);
    const last = await repo.lastMessages(this.db, rows.map((r) => r.conv.id));
    const items = await Promise.all(rows.map((r) => this.present(r.conv, r.nickname, last.get(r.conv.id), lang)));
    return { items, total_unread: items.reduce((n, c) => n + c.unread, 0) };
  }

  async totalUnread(): Promise<number> {
    return repo.totalAgentUnread(this.db);
  }

  private async mustExist(id: number): Promise<repo.ConversationRow> {
    const conv = await repo.conversationById(this.db, id);
    if (!conv) throw new AppError(ErrorCode.NOT_FOUND);
    return conv;
  }

  async conversation(id: number, lang: ApiLanguage) {
    const conv = await this.mustExist(id);
    const [messages, nickname] = await Promise.all([repo.latestMessages(this.db, id, HISTORY), repo.nicknameOf(this.db, conv.userId)]);
    return { conversation: await this.present(conv, nickname, messages.at(-1), lang), messages: messages.map(presentMessage) };
  }

  async agentSend(id: number, agentId: number, body: SupportSendBody, lang: ApiLanguage): Promise<SupportMessage> {
    this.checkBody(body, lang);
    await this.mustExist(id);
    const now = this.now();
    const row = await this.db.transaction(async (tx) => {
      const saved = await repo.insertMessage(tx, { conversationId: id, sender: 'agent', agentId, kind: body.kind, body: body.body, now });
      // Answering is reading: the visitor's messages so far are seen.
      await repo.markRead(tx, id, 'agent');
      return saved;
    });
    const message = presentMessage(row);
    this.publish(conversationChannel(id), { type: 'message', message });
    this.publish(AGENTS_CHANNEL, { type: 'message', message });
    return message;
  }

  async agentRead(id: number): Promise<void> {
    await this.mustExist(id);
    await repo.markRead(this.db, id, 'agent');
    this.publish(AGENTS_CHANNEL, { type: 'read', conversation_id: id, reader: 'agent' });
    this.publish(conversationChannel(id), { type: 'read', conversation_id: id, reader: 'agent' });
  }
}
