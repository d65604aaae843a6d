import { type ApiLanguage, type DataOf, ErrorCode, type LoginData, type Platform } from '@medportal/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { wechatLogins } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { Accounts, LoginOutcome } from '../auth/index.ts';
import { type WechatOAuth, WechatExchangeError } from './wechat.adapter.ts';

export const WECHAT_TICKET_TTL_S = 300;

type Status = DataOf<'wechatLoginInfo'>['status'];

/** WeChat QR login: ticket → scanned → confirmed → the polling browser gets its login once. */
export class WechatService {
  constructor(
    private readonly db: Db,
    private readonly a: Accounts,
    private readonly oauth: WechatOAuth,
  ) {}

  /** A QR ticket, only once the visitor ticked the agreement box (recorded for the user on confirm). */
  async start(origin: string, platform: Platform, agreed: string | undefined): Promise<DataOf<'wechatQrConnect'>> {
    this.a.requireAgreement(agreed);
    const ticket = randomToken(24);
    const now = this.a.now();
    await this.db.insert(wechatLogins).values({
      ticketHash: sha256(ticket),
      platform,
      agreedAt: now,
      expiresAt: new Date(now.getTime() + WECHAT_TICKET_TTL_S * 1000),
      createdAt: now,
    });
    return { ticket, qr_url: this.oauth.qrUrl(ticket, origin), expires_in: WECHAT_TICKET_TTL_S, sandbox: this.oauth.sandbox };
  }

  private async row(ticket: string) {
    const [row] = await this.db.select().from(wechatLogins).where(eq(wechatLogins.ticketHash, sha256(ticket)));
    return row ?? null;
  }

  private statusOf(row: typeof wechatLogins.$inferSelect): Status {
    if (row.status === 'cancelled') return 'cancelled';
    if (row.status === 'confirmed' && row.consumedAt) return 'confirmed';
    return row.expiresAt <= this.a.now() ? 'expired' : row.status;
  }

  /** Poll. The first poll after confirmation spends the ticket and carries the login. */
  async poll(ticket: string): Promise<{ status: Status; login: LoginData | null; outcome?: LoginOutcome }> {
    const row = await this.row(ticket);
    if (!row) return { status: 'expired', login: null };
    const status = this.statusOf(row);
    if (status !== 'confirmed' || row.consumedAt || !row.userId) return { status, login: null };
    const won = await this.db
      .update(wechatLogins)
      .set({ consumedAt: this.a.now() })
      .where(and(eq(wechatLogins.ticketHash, row.ticketHash), isNull(wechatLogins.consumedAt)))
      .returning({ userId: wechatLogins.userId });
    const userId = won[0]?.userId;
    if (!userId) return { status: 'confirmed', login: null };
    const user = await this.a.users.get(this.db, userId);
    if (!user || user.status !== 'active') return { status: 'expired', login: null };
    const outcome = await this.a.issueSession(user, row.platform === 'wechat' ? 'wechat' : 'web', row.isNewUser === 1);
    return { status: 'confirmed', login: outcome.data, outcome };
  }

  /** The scanning side's decision (sandbox consent page, or WeChat's redirect with a code). */
  async callback(state: string, decision: 'scanned' | 'confirm' | 'cancel', code: string | undefined, lang: ApiLanguage): Promise<Status> {
    const row = await this.row(state);
    if (!row) throw new AppError(ErrorCode.TICKET_EXPIRED);
    const status = this.statusOf(row);
    if (status === 'expired' || status === 'cancelled') throw new AppError(ErrorCode.TICKET_EXPIRED);
    if (status === 'confirmed') return 'confirmed';
    const open = and(eq(wechatLogins.ticketHash, row.ticketHash), inArray(wechatLogins.status, ['waiting', 'scanned']));

    if (decision === 'scanned') {
      await this.db.update(wechatLogins).set({ status: 'scanned' }).where(and(open, eq(wechatLogins.status, 'waiting')));
      return 'scanned';
    }
    if (decision === 'cancel') {
      await this.db.update(wechatLogins).set({ status: 'cancelled' }).where(open);
      return 'cancelled';
    }

    const authCode = code ?? (this.oauth.sandbox ? 'sandbox:微信用户' : undefined);
    if (!authCode) throw fieldError(lang, 'code', { zh: '不能为空', en: 'is required' });
    let identity;
    try {
      identity = await this.oauth.exchange(authCode);
    } catch (err) {
      if (err instanceof WechatExchangeError) throw new AppError(ErrorCode.CODE_INVALID);
      throw err;
    }
    const now = this.a.now();
    const confirmed = await this.db.transaction(async (tx) => {
      let user = await this.a.users.byIdentity(tx, 'wechat', identity.openid);
      let isNew = 0;
      if (!user) {
        user = await this.a.users.create(tx, identity.nickname, { kind: 'wechat', value: identity.openid }, now);
        isNew = 1;
      }
      if (row.agreedAt) await this.a.recordConsent(tx, user.id, row.agreedAt, null);
      return tx.update(wechatLogins).set({ status: 'confirmed', userId: user.id, isNewUser: isNew }).where(open).returning({ s: wechatLogins.status });
    });
    if (confirmed.length === 0) throw new AppError(ErrorCode.TICKET_EXPIRED);
    return 'confirmed';
  }
}
