import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { certIdCards, lives, userIdentities } from '../db/schema/index.ts';
import { issueCertificate } from '../modules/certificates/index.ts';
import { CardVault } from '../modules/rewards/index.ts';
import { DEMO_LEARNER } from './demo-accounts.ts';

/** The demo learner's legal name and a resident ID whose check character is right (GB 11643). */
export const DEMO_ID_CARD = { legalName: '王小明', number: residentId('11010519850315002') } as const;

function residentId(prefix17: string): string {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(prefix17[i]) * w[i]!;
  return prefix17 + '10X98765432'[sum % 11]!;
}

/**
 * Outside production: the demo learner has an ID card on file and a certificate for the latest
 * ended demo live (national Class I credit by its length: 1 per 3 hours, in quarter steps).
 * Idempotent: every start runs it, and issueCertificate issues once per activity.
 */
export async function ensureDemoCertificate(db: Db, now: Date, cardKey: Buffer): Promise<void> {
  const [learner] = await db
    .select({ id: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.kind, 'mobile'), eq(userIdentities.value, DEMO_LEARNER.mobile)));
  const [live] = await db
    .select({ id: lives.id, titleZh: lives.titleZh, titleEn: lives.titleEn, startAt: lives.startAt, endAt: lives.endAt })
    .from(lives)
    .where(and(eq(lives.status, 'published'), lt(lives.endAt, now)))
    .orderBy(desc(lives.endAt), desc(lives.id))
    .limit(1);
  if (!learner || !live) return;
  const vault = new CardVault(cardKey);
  await db.transaction(async (tx) => {
    await tx
      .insert(certIdCards)
      .values({
        userId: learner.id,
        legalName: DEMO_ID_CARD.legalName,
        docType: 'cn_resident',
        numberSealed: vault.seal(DEMO_ID_CARD.number),
        numberHash: vault.hash(`cn_resident:CHN:${DEMO_ID_CARD.number}`),
        masked: `${DEMO_ID_CARD.number.slice(0, 4)}**********${DEMO_ID_CARD.number.slice(-4)}`,
        country: 'CHN',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
    const minutes = (live.endAt.getTime() - live.startAt.getTime()) / 60_000;
    await issueCertificate(tx, {
      userId: learner.id,
      activity: { kind: 'live', id: live.id, title_zh: live.titleZh, title_en: live.titleEn ?? live.titleZh, starts_at: live.startAt, ends_at: live.endAt },
      credit: { regime: 'cn_national', class: 'I', hundredths: Math.max(25, Math.floor((minutes / 180) * 4) * 25), project_number: '2026-04-01-017 (国)' },
      claimId: null,
      issuedAt: live.endAt,
    });
  });
}
