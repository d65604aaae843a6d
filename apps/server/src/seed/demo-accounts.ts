import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { PriceType } from '@medportal/contract';
import type { Db } from '../db/client.ts';
import { couponCampaigns, courses, departments, meetings, userIdentities, userRoles, users } from '../db/schema/index.ts';
import { recordConsent } from '../modules/auth/consents.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { grantEntitlement } from '../modules/courses/index.ts';
import { insertMeetingWithRoom } from '../modules/meetings/index.ts';
import { DEMO_MODERATOR } from './live-room.ts';

/** The demo learner (README): owns one paid course, so both sides of the paywall can be tried. */
export const DEMO_LEARNER = { mobile: '+8613900000003', password: 'Learner-demo-1', nickname: '演示学员' } as const;
/** The demo operator (README): the operator API under /v1/admin/. */
export const DEMO_OPERATOR = { mobile: '+8613900000001', password: 'Operator-demo-1', nickname: '演示运营' } as const;
/** The demo coupon campaign anyone may claim from. */
const DEMO_CAMPAIGN = { titleZh: '新人课程券 满 50 减 20', titleEn: 'Welcome coupon: ¥20 off ¥50' } as const;

/**
 * The demo learner's own meeting (README): tomorrow 10:00 (+08:00), an hour, with a password. The
 * number is fixed so the README can name it; created meetings get random ones.
 */
export const DEMO_MEETING = { number: '820261128001', password: '1357', titleZh: '淋巴瘤 MDT 病例讨论（演示会议）', durationMin: 60 } as const;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function userByMobile(tx: Tx, mobile: string): Promise<number | undefined> {
  const [known] = await tx
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.kind, 'mobile'), eq(userIdentities.value, mobile)));
  return known?.userId;
}

async function ensureUser(tx: Tx, who: { mobile: string; password: string; nickname: string }, now: Date): Promise<number> {
  const known = await userByMobile(tx, who.mobile);
  if (known !== undefined) return known;
  const [user] = await tx
    .insert(users)
    .values({ nickname: who.nickname, passwordHash: await hashPassword(who.password), createdAt: now, updatedAt: now })
    .returning({ id: users.id });
  if (!user) throw new Error('demo account insert returned nothing');
  await tx.insert(userIdentities).values({ userId: user.id, kind: 'mobile', value: who.mobile, createdAt: now });
  return user.id;
}

/**
 * Outside production, makes sure the demo learner exists and is entitled to the first paid
 * series. Idempotent (a start runs it when its inputs changed, see demoAccountsUpkeep; a reseed
 * drops entitlements with the courses). False when there is no paid series to grant (nothing done).
 */
export async function ensureDemoAccounts(db: Db, now: Date): Promise<boolean> {
  const [paid] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.priceType, PriceType.PAID), eq(courses.courseType, 2), eq(courses.status, 'published')))
    .orderBy(asc(courses.id))
    .limit(1);
  if (!paid) return false;
  await db.transaction(async (tx) => {
    // Data made before the operator existed has the learner on the operator's number: move it.
    const onOperatorNumber = await userByMobile(tx, DEMO_OPERATOR.mobile);
    if (onOperatorNumber !== undefined && (await userByMobile(tx, DEMO_LEARNER.mobile)) === undefined) {
      const [role] = await tx.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.userId, onOperatorNumber));
      if (!role) {
        await tx
          .update(userIdentities)
          .set({ value: DEMO_LEARNER.mobile })
          .where(and(eq(userIdentities.kind, 'mobile'), eq(userIdentities.value, DEMO_OPERATOR.mobile)));
      }
    }
    const learnerId = await ensureUser(tx, DEMO_LEARNER, now);
    await grantEntitlement(tx, { userId: learnerId, courseId: paid.id, source: 'demo', grantedAt: now });
    const operatorId = await ensureUser(tx, DEMO_OPERATOR, now);
    // The demo operator administers the console: every admin area, the online service's desk included.
    await tx.insert(userRoles).values({ userId: operatorId, role: 'administrator', createdAt: now }).onConflictDoNothing();
    const [demoMeeting] = await tx.select({ id: meetings.id }).from(meetings).where(eq(meetings.meetingNo, DEMO_MEETING.number));
    const [department] = await tx.select({ id: departments.id }).from(departments).where(isNotNull(departments.parentId)).orderBy(asc(departments.sort), asc(departments.id)).limit(1);
    if (!demoMeeting) {
      const day = 86_400_000;
      // 10:00 in +08:00 is 02:00 UTC: the next one at least 12 hours away.
      let startAt = new Date(Math.floor(now.getTime() / day) * day + 2 * 3_600_000);
      while (startAt.getTime() < now.getTime() + 12 * 3_600_000) startAt = new Date(startAt.getTime() + day);
      await insertMeetingWithRoom(
        tx,
        { hostId: learnerId, title: DEMO_MEETING.titleZh, startAt, durationMin: DEMO_MEETING.durationMin, departmentId: department?.id ?? null, password: DEMO_MEETING.password, recorded: true, meetingNo: DEMO_MEETING.number },
        now,
      );
    }
    // The demo accounts have agreed to the current texts, so trying them shows no consent prompt.
    const moderatorId = await userByMobile(tx, `+86${DEMO_MODERATOR.mobile}`);
    // The demo moderator also works the console's moderation queue.
    if (moderatorId !== undefined) await tx.insert(userRoles).values({ userId: moderatorId, role: 'moderator', createdAt: now }).onConflictDoNothing();
    for (const id of [learnerId, operatorId, moderatorId]) if (id !== undefined) await recordConsent(tx, id, now, null);
    const [campaign] = await tx.select({ id: couponCampaigns.id }).from(couponCampaigns).where(eq(couponCampaigns.titleZh, DEMO_CAMPAIGN.titleZh));
    if (!campaign) {
      await tx.insert(couponCampaigns).values({
        ...DEMO_CAMPAIGN,
        kind: 'amount',
        value: 2_000,
        minSpend: 5_000,
        scope: 'all',
        total: null,
        perUserLimit: 1,
        claimStartsAt: now,
        claimEndsAt: new Date(now.getTime() + 10 * 365 * 86_400_000),
        validDays: 30,
        createdBy: operatorId,
        createdAt: now,
      });
    }
  });
  return true;
}
