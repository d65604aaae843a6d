import { ErrorCode } from '@medportal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { userConsents } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { legalVersions, type LegalVersions } from '../pages/index.ts';

/** The tick box must be ticked where an account may be created (SMS login, WeChat login, registration). */
export function requireAgreement(agreed: boolean | string | undefined): void {
  if (agreed !== true && agreed !== 'true' && agreed !== '1') throw new AppError(ErrorCode.CONSENT_REQUIRED);
}

/**
 * Records that `userId` agreed to the current user agreement and privacy policy at `at` (one row
 * per document and version; agreeing again to the same version keeps the first time).
 */
export async function recordConsent(db: Db | Tx, userId: number, at: Date, ip: string | null): Promise<LegalVersions> {
  const v = await legalVersions(db);
  await db
    .insert(userConsents)
    .values([
      { userId, document: 'contract', version: v.contract, agreedAt: at, ip },
      { userId, document: 'privacy', version: v.privacy, agreedAt: at, ip },
    ])
    .onConflictDoNothing();
  return v;
}

/** Whether the user has not yet agreed to the current version of either document (ask again). */
export async function consentRequired(db: Db | Tx, userId: number): Promise<boolean> {
  const v = await legalVersions(db);
  const rows = await db
    .select({ document: userConsents.document, version: userConsents.version })
    .from(userConsents)
    .where(and(eq(userConsents.userId, userId), inArray(userConsents.document, ['contract', 'privacy'])));
  const agreed = (doc: 'contract' | 'privacy') => rows.some((r) => r.document === doc && r.version === v[doc]);
  return !agreed('contract') || !agreed('privacy');
}
