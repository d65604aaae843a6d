import { and, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { type Db, preparedRows, type Tx } from '../../db/client.ts';
import { authSessions, authTokens, users } from '../../db/schema/index.ts';
import type { AuthSettings } from '../../config.ts';
import { decryptWith, encryptWith, randomToken, sha256 } from '../../lib/crypto.ts';
import type { AuthUser } from '../../plugins/context.ts';
import { LRUCache } from 'lru-cache';

export type { AuthUser };

export interface TokenPair {
  access: string;
  refresh: string;
}

export interface IssuedSession extends TokenPair {
  sessionId: number;
  /** Raw secret for the httpOnly session cookie. */
  cookieSecret: string;
}

export type RefreshOutcome =
  | { ok: true; pair: TokenPair; userId: number; platform: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reuse' };

const SUCCESSOR_INFO = 'refresh-successor';

/**
 * How long a valid access token is taken on trust without a lookup. Revocations reach every
 * process's cache at once (see forget); this bounds what a revocation outside the API (an
 * operator's SQL) leaves working.
 */
export const ACCESS_CACHE_MS = 10_000;
/** Access tokens remembered at most; the least recently used go first. */
const ACCESS_CACHE_MAX = 20_000;
/** A session check moves its family's last use and sliding expiry at most this often (a write per page load otherwise). */
const SESSION_TOUCH_MS = 60_000;
/**
 * How long the session check hands the pair it minted for a cookie to the same cookie again (a
 * pair minted per call was a write per page load, 5-10 ms of CPU on PGlite). Whoever holds the
 * cookie is one browser, whose tabs already share one stored pair: a repeat refresh of it inside
 * REFRESH_GRACE_S gets the same successor, as for any two tabs. Revocations and the user's writes
 * drop it at once; a revocation outside the API (an operator's SQL) is seen within this time.
 */
export const SESSION_PAIR_KEEP_MS = 5_000;
/** Cookies whose pair is kept at most; the least recently used go first. */
const SESSION_PAIR_MAX = 10_000;

/** What the session check answers for a cookie. */
export interface CookieSession {
  pair: TokenPair;
  user: Pick<typeof users.$inferSelect, 'nickname' | 'avatarUrl'>;
  platform: string;
}

interface KeptPair {
  sessionId: number;
  userId: number;
  /** Epoch ms: handed again until then. */
  until: number;
  answer: CookieSession;
}

interface KnownToken {
  user: AuthUser;
  /** Epoch ms: the earlier of the cache's limit and the token's expiry. */
  until: number;
}

/** Who hears a revocation: every process's token cache (the public cache's channel). */
export type RevocationBus = (keys: readonly string[]) => void;

/**
 * Opaque tokens (32 random bytes) stored as SHA-256 hashes. A login opens a family (auth_sessions);
 * refresh rotates inside it (reuse detection with a grace window: see refresh()).
 */
export class Tokens {
  /** Access tokens found valid lately, by hash: a reader's requests mostly need no lookup. */
  private readonly known = new LRUCache<string, KnownToken>({ max: ACCESS_CACHE_MAX });
  /** Moves on every revocation: a lookup that ran across one is not remembered. */
  private epoch = 0;
  /** The session check's last pair per cookie hash (SESSION_PAIR_KEEP_MS). */
  private readonly keptPairs = new LRUCache<string, KeptPair>({
    max: SESSION_PAIR_MAX,
    dispose: (kept, hash) => {
      const hashes = this.keptOfUser.get(kept.userId);
      hashes?.delete(hash);
      if (hashes?.size === 0) this.keptOfUser.delete(kept.userId);
    },
  });
  /** The kept pairs' cookie hashes by user: a user's write drops theirs without a scan. */
  private readonly keptOfUser = new Map<number, Set<string>>();
  /** Session checks under way, by cookie hash: concurrent checks of one cookie share one mint. */
  private readonly minting = new Map<string, Promise<CookieSession | null>>();
  /** Moves whenever kept pairs are dropped: a mint that ran across that is not kept. */
  private keptEpoch = 0;

  constructor(
    private readonly settings: AuthSettings,
    private readonly now: () => Date,
    private readonly bus?: RevocationBus,
  ) {}

  private at(offsetS: number): Date {
    return new Date(this.now().getTime() + offsetS * 1000);
  }

  private async addPair(tx: Tx | Db, sessionId: number, userId: number): Promise<TokenPair> {
    const pair = { access: randomToken(), refresh: randomToken() };
    const created = this.now();
    await tx.insert(authTokens).values([
      { tokenHash: sha256(pair.access), kind: 'access', sessionId, userId, expiresAt: this.at(this.settings.accessTtlS), createdAt: created },
      { tokenHash: sha256(pair.refresh), kind: 'refresh', sessionId, userId, expiresAt: this.at(this.settings.refreshTtlS), createdAt: created },
    ]);
    await tx
      .update(authSessions)
      .set({ lastUsedAt: created, expiresAt: this.at(this.settings.refreshTtlS) })
      .where(eq(authSessions.id, sessionId));
    return pair;
  }

  /** Opens a new family for a login and returns its first pair and the session-cookie secret. */
  async open(tx: Tx | Db, userId: number, platform: string): Promise<IssuedSession> {
    const cookieSecret = randomToken();
    const [row] = await tx
      .insert(authSessions)
      .values({ userId, platform, cookieHash: sha256(cookieSecret), createdAt: this.now(), lastUsedAt: this.now(), expiresAt: this.at(this.settings.refreshTtlS) })
      .returning({ id: authSessions.id });
    if (!row) throw new Error('session insert returned nothing');
    const pair = await this.addPair(tx, row.id, userId);
    return { ...pair, sessionId: row.id, cookieSecret };
  }

  /** The user of a valid, unexpired, unrevoked access token: remembered, else one indexed lookup. */
  async authenticate(db: Db, raw: string): Promise<AuthUser | null> {
    const hash = sha256(raw);
    const now = this.now().getTime();
    const known = this.known.get(hash);
    if (known && known.until > now) return known.user;
    if (known) this.known.delete(hash);
    const epoch = this.epoch;
    const [row] = await db
      .select({ id: authTokens.userId, sessionId: authTokens.sessionId, expiresAt: authTokens.expiresAt })
      .from(authTokens)
      .innerJoin(authSessions, eq(authSessions.id, authTokens.sessionId))
      .innerJoin(users, eq(users.id, authTokens.userId))
      .where(
        and(
          eq(authTokens.tokenHash, hash),
          eq(authTokens.kind, 'access'),
          gt(authTokens.expiresAt, new Date(now)),
          isNull(authSessions.revokedAt),
          eq(users.status, 'active'),
          isNull(users.disabledAt),
        ),
      )
      .limit(1);
    if (!row) return null;
    const user = { id: row.id, sessionId: row.sessionId };
    if (epoch === this.epoch) {
      this.known.set(hash, { user, until: Math.min(now + ACCESS_CACHE_MS, row.expiresAt.getTime()) });
    }
    return user;
  }

  /** Which of these sessions are still open (not revoked, their user active): long-lived sockets ask. */
  async activeSessions(db: Db, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: authSessions.id })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(and(inArray(authSessions.id, [...ids]), isNull(authSessions.revokedAt), eq(users.status, 'active'), isNull(users.disabledAt)));
    return new Set(rows.map((r) => r.id));
  }

  /**
   * Tells every process's cache that these sessions' or users' access tokens no longer work.
   * Called once the revoking transaction committed: a lookup before that would find them valid.
   */
  forget(which: { sessionIds?: readonly number[]; userIds?: readonly number[] }): void {
    const keys = [...(which.sessionIds ?? []).map((id) => `session:${id}`), ...(which.userIds ?? []).map((id) => `user:${id}`)];
    if (keys.length === 0) return;
    if (this.bus) this.bus(keys);
    else this.forgetHere(keys);
  }

  /** Drops remembered tokens of revoked sessions or users (`'*'`: all of them); what the bus delivers. */
  forgetHere(keys: readonly string[] | '*'): void {
    this.epoch += 1;
    this.keptEpoch += 1;
    if (keys === '*') {
      this.known.clear();
      this.keptPairs.clear();
      this.keptOfUser.clear();
      return;
    }
    const sessions = new Set<number>();
    const userIds = new Set<number>();
    for (const key of keys) {
      const [kind, id] = key.split(':');
      if (kind === 'session') sessions.add(Number(id));
      else if (kind === 'user') userIds.add(Number(id));
    }
    const revoked = [...this.known.entries()].filter(([, { user }]) => sessions.has(user.sessionId) || userIds.has(user.id));
    for (const [hash] of revoked) this.known.delete(hash);
    for (const id of userIds) this.userWrote(id);
    if (sessions.size === 0) return;
    const dropped = [...this.keptPairs.entries()].filter(([, kept]) => sessions.has(kept.sessionId));
    for (const [hash] of dropped) this.keptPairs.delete(hash);
  }

  /** A row of this user was written (the database's notice): the kept answers show their name and avatar. */
  userWrote(userId: number): void {
    this.keptEpoch += 1;
    for (const hash of [...(this.keptOfUser.get(userId) ?? [])]) this.keptPairs.delete(hash);
  }

  /** Notices may have been lost: nothing kept can be trusted. */
  userWritesLost(): void {
    this.keptEpoch += 1;
    this.keptPairs.clear();
    this.keptOfUser.clear();
  }

  /**
   * Rotates a refresh token, in one transaction holding the token's row lock (PostgreSQL), so
   * concurrent refreshes with the same token serialise: the first rotates, the others find it
   * rotated moments ago and receive the same successor pair. A rotated token presented after the
   * grace window is treated as stolen: the whole family is revoked.
   */
  async refresh(db: Db, raw: string): Promise<RefreshOutcome> {
    const hash = sha256(raw);
    const now = this.now();
    let stolen: number | null = null;
    const outcome = await db.transaction(async (tx): Promise<RefreshOutcome> => {
      const [token] = await tx
        .select()
        .from(authTokens)
        .where(and(eq(authTokens.tokenHash, hash), eq(authTokens.kind, 'refresh')))
        .for('update');
      if (!token) return { ok: false, reason: 'unknown' } as const;
      const [session] = await tx.select().from(authSessions).where(eq(authSessions.id, token.sessionId)).for('update');
      if (!session || session.revokedAt) return { ok: false, reason: 'revoked' } as const;
      const [user] = await tx.select({ status: users.status, disabledAt: users.disabledAt }).from(users).where(eq(users.id, token.userId));
      if (user?.status !== 'active' || user.disabledAt) return { ok: false, reason: 'revoked' } as const;

      if (token.rotatedAt) {
        const age = (now.getTime() - token.rotatedAt.getTime()) / 1000;
        const sealed = token.successorEnc;
        if (age <= this.settings.refreshGraceS && sealed) {
          const plain = decryptWith(raw, SUCCESSOR_INFO, sealed);
          if (plain) {
            const pair = JSON.parse(plain) as TokenPair;
            return { ok: true, pair, userId: token.userId, platform: session.platform } as const;
          }
        }
        await tx
          .update(authSessions)
          .set({ revokedAt: now, revokeReason: 'refresh_reuse' })
          .where(eq(authSessions.id, session.id));
        stolen = session.id;
        return { ok: false, reason: 'reuse' } as const;
      }
      if (token.expiresAt <= now) return { ok: false, reason: 'expired' } as const;

      const pair = await this.addPair(tx, session.id, token.userId);
      await tx
        .update(authTokens)
        .set({ rotatedAt: now, successorEnc: encryptWith(raw, SUCCESSOR_INFO, JSON.stringify(pair)) })
        .where(eq(authTokens.tokenHash, hash));
      return { ok: true, pair, userId: token.userId, platform: session.platform } as const;
    });
    if (stolen !== null) this.forget({ sessionIds: [stolen] });
    return outcome;
  }

  /**
   * Server session check: a pair in the family of a valid session cookie, and its user. The pair
   * minted for the cookie moments ago is handed again (SESSION_PAIR_KEEP_MS), and concurrent
   * checks of one cookie share one mint.
   */
  async fromCookie(db: Db, cookieSecret: string): Promise<CookieSession | null> {
    const hash = sha256(cookieSecret);
    const kept = this.keptPairs.get(hash);
    if (kept && kept.until > this.now().getTime()) return kept.answer;
    if (kept) this.keptPairs.delete(hash);
    const pending = this.minting.get(hash);
    if (pending) return pending;
    const epoch = this.keptEpoch;
    const mint = this.mintForCookie(db, hash).then((minted) => {
      if (minted && epoch === this.keptEpoch) {
        this.keptPairs.set(hash, { ...minted, until: this.now().getTime() + Math.min(SESSION_PAIR_KEEP_MS, this.settings.accessTtlS * 1000) });
        const hashes = this.keptOfUser.get(minted.userId) ?? new Set<string>();
        this.keptOfUser.set(minted.userId, hashes.add(hash));
      }
      return minted?.answer ?? null;
    });
    this.minting.set(hash, mint);
    try {
      return await mint;
    } finally {
      this.minting.delete(hash);
    }
  }

  /**
   * A new pair in the cookie's family, in one statement: it finds the family and its user, adds
   * the pair and, at most once a minute, moves the family's last use and sliding expiry (three
   * round trips were 2 ms of PGlite's CPU where one is 1.5).
   */
  private async mintForCookie(db: Db, cookieHash: string): Promise<Omit<KeptPair, 'until'> | null> {
    const pair = { access: randomToken(), refresh: randomToken() };
    const now = this.now();
    const at = now.toISOString();
    const refreshUntil = this.at(this.settings.refreshTtlS).toISOString();
    const touchBefore = new Date(now.getTime() - SESSION_TOUCH_MS).toISOString();
    const [session] = await preparedRows<{ id: number; user_id: number; platform: string; nickname: string; avatar_url: string }>(
      db,
      'auth_session_check',
      sql`with s as (
            select a.id, a.user_id, a.platform, a.last_used_at, u.nickname, u.avatar_url
            from auth_sessions a join users u on u.id = a.user_id
            where a.cookie_hash = ${cookieHash} and a.revoked_at is null and a.expires_at > ${at}::timestamptz
              and u.status = 'active' and u.disabled_at is null
          ), added as (
            insert into auth_tokens (token_hash, kind, session_id, user_id, expires_at, created_at)
            select t.hash, t.kind::token_kind, s.id, s.user_id, t.expires_at, ${at}::timestamptz
            from s, (values (${sha256(pair.access)}, 'access', ${this.at(this.settings.accessTtlS).toISOString()}::timestamptz),
                            (${sha256(pair.refresh)}, 'refresh', ${refreshUntil}::timestamptz)) t(hash, kind, expires_at)
          ), touched as (
            update auth_sessions set last_used_at = ${at}::timestamptz, expires_at = ${refreshUntil}::timestamptz
            from s where auth_sessions.id = s.id and s.last_used_at <= ${touchBefore}::timestamptz
          )
          select id, user_id, platform, nickname, avatar_url from s`,
    );
    if (!session) return null;
    return {
      sessionId: session.id,
      userId: session.user_id,
      answer: { pair, user: { nickname: session.nickname, avatarUrl: session.avatar_url }, platform: session.platform },
    };
  }

  /** The family a session cookie or access token belongs to, if any (logout). */
  async sessionOfCookie(db: Db, cookieSecret: string): Promise<number | null> {
    const [row] = await db.select({ id: authSessions.id }).from(authSessions).where(eq(authSessions.cookieHash, sha256(cookieSecret)));
    return row?.id ?? null;
  }

  async sessionOfAccessToken(db: Db, raw: string): Promise<number | null> {
    const [row] = await db
      .select({ id: authTokens.sessionId })
      .from(authTokens)
      .where(and(eq(authTokens.tokenHash, sha256(raw)), eq(authTokens.kind, 'access')));
    return row?.id ?? null;
  }

  /** Revokes one family; the caller calls forget() once `tx` committed. */
  async revokeSession(tx: Tx | Db, sessionId: number, reason: string): Promise<void> {
    await tx
      .update(authSessions)
      .set({ revokedAt: this.now(), revokeReason: reason })
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  }

  /** Revokes every family of a user, or every one but `keep`; the caller calls forget() once `tx` committed. */
  async revokeUser(tx: Tx | Db, userId: number, reason: string, keep?: number): Promise<void> {
    await tx
      .update(authSessions)
      .set({ revokedAt: this.now(), revokeReason: reason })
      .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), keep === undefined ? undefined : ne(authSessions.id, keep)));
  }

  /** A fresh pair inside an existing family (after a password change keeps the current session). */
  async renew(tx: Tx | Db, sessionId: number, userId: number): Promise<TokenPair> {
    // Older tokens of this family stop working: the caller gets the only valid pair.
    await tx
      .update(authTokens)
      .set({ expiresAt: this.now() })
      .where(and(eq(authTokens.sessionId, sessionId), gt(authTokens.expiresAt, this.now())));
    return this.addPair(tx, sessionId, userId);
  }

  /** Deletes tokens long past expiry and wipes successor pairs past the grace window. */
  async sweep(db: Db): Promise<void> {
    const now = this.now();
    await db.delete(authTokens).where(lt(authTokens.expiresAt, new Date(now.getTime() - 86_400_000)));
    await db
      .update(authTokens)
      .set({ successorEnc: null })
      .where(and(sql`${authTokens.successorEnc} is not null`, lt(authTokens.rotatedAt, new Date(now.getTime() - (this.settings.refreshGraceS + 1) * 1000))));
  }
}
