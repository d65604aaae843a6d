import { and, asc, eq } from 'drizzle-orm';
import { PriceType } from '@medportal/contract';
import type { Db } from '../db/client.ts';
import { courseEntitlements, courses, userIdentities, users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/passwords.ts';

/** The demo learner (README): owns one paid course, so both sides of the paywall can be tried. */
export const DEMO_LEARNER = { mobile: '+8613900000001', password: 'Learner-demo-1', nickname: '演示学员' } as const;

/**
 * Outside production, makes sure the demo learner exists and is entitled to the first paid
 * series. Idempotent (every start runs it; a reseed drops entitlements with the courses).
 */
export async function ensureDemoAccounts(db: Db, now: Date): Promise<void> {
  const [paid] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.priceType, PriceType.PAID), eq(courses.courseType, 2), eq(courses.status, 'published')))
    .orderBy(asc(courses.id))
    .limit(1);
  if (!paid) return;
  await db.transaction(async (tx) => {
    const [known] = await tx
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.kind, 'mobile'), eq(userIdentities.value, DEMO_LEARNER.mobile)));
    let userId = known?.userId;
    if (userId === undefined) {
      const [user] = await tx
        .insert(users)
        .values({ nickname: DEMO_LEARNER.nickname, passwordHash: await hashPassword(DEMO_LEARNER.password), createdAt: now, updatedAt: now })
        .returning({ id: users.id });
      if (!user) throw new Error('demo learner insert returned nothing');
      userId = user.id;
      await tx.insert(userIdentities).values({ userId, kind: 'mobile', value: DEMO_LEARNER.mobile, createdAt: now });
    }
    await tx.insert(courseEntitlements).values({ userId, courseId: paid.id, source: 'demo', grantedAt: now }).onConflictDoNothing();
  });
}
