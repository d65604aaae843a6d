import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { authSessions, authTokens, users } from '../../db/schema/index.ts';
import type { AuthSettings } from '../../config.ts';
import { decryptWith, encryptWith, randomToken, sha256 } from '../../lib/crypto.ts';
import type { AuthUser } from '../../plugins/context.ts';

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
 * Opaque tokens (32 random bytes) stored as SHA-256 hashes. A login opens a family (auth_sessions);
 * refresh rotates inside it (reuse detection with a grace window: see refresh()).
 */
export class Tokens {
  constructor(
    private readonly settings: AuthSettings,
    private readonly now: () => Date,
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

  /** The user of a valid, unexpired, unrevoked access token: one indexed lookup. */
  async authenticate(db: Db, raw: string): Promise<AuthUser | null> {
    const [row] = await db
      .select({ id: authTokens.userId, sessionId: authTokens.sessionId })
      .from(authTokens)
      .innerJoin(authSessions, eq(authSessions.id, authTokens.sessionId))
      .innerJoin(users, eq(users.id, authTokens.userId))
      .where(
        and(
          eq(authTokens.tokenHash, sha256(raw)),
          eq(authTokens.kind, 'access'),
          gt(authTokens.expiresAt, this.now()),
          isNull(authSessions.revokedAt),
          eq(users.status, 'active'),
        ),
      )
      .limit(1);
    return row ?? null;
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
    return db.transaction(async (tx) => {
      const [token] = await tx
        .select()
        .from(authTokens)
        .where(and(eq(authTokens.tokenHash, hash), eq(authTokens.kind, 'refresh')))
        .for('update');
      if (!token) return { ok: false, reason: 'unknown' } as const;
      const [session] = await tx.select().from(authSessions).where(eq(authSessions.id, token.sessionId)).for('update');
      if (!session || session.revokedAt) return { ok: false, reason: 'revoked' } as const;
      const [user] = await tx.select({ status: users.status }).from(users).where(eq(users.id, token.userId));
      if (user?.status !== 'active') return { ok: false, reason: 'revoked' } as const;

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
  }

  /** Server session check: a new pair in the family of a valid session cookie. */
  async fromCookie(db: Db, cookieSecret: string): Promise<{ pair: TokenPair; userId: number; platform: string } | null> {
    const [session] = await db
      .select({ id: authSessions.id, userId: authSessions.userId, platform: authSessions.platform })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(
        and(
          eq(authSessions.cookieHash, sha256(cookieSecret)),
          isNull(authSessions.revokedAt),
          gt(authSessions.expiresAt, this.now()),
          eq(users.status, 'active'),
        ),
      );
    if (!session) return null;
    const pair = await this.addPair(db, session.id, session.userId);
    return { pair, userId: session.userId, platform: session.platform };
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

  async revokeSession(tx: Tx | Db, sessionId: number, reason: string): Promise<void> {
    await tx
      .update(authSessions)
      .set({ revokedAt: this.now(), revokeReason: reason })
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  }

  /** Revokes every family of a user, or every one but `keep`. */
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
