import { and, eq, gt, like, not, sql } from 'drizzle-orm';
import { canonicalMobile, parseE164 } from '../../lib/phone.ts';
import type { Tx } from '../client.ts';
import { userIdentities, users, verificationCodes } from '../schema/index.ts';
import type { MigrationLog } from './index.ts';

/** The E.164 form of a stored mobile value: `+86…` as it is, the older `86-138…` (any calling-code spelling) converted. */
export function e164Of(value: string): string | null {
  if (value.startsWith('+')) return parseE164(value)?.e164 ?? null;
  const dash = value.indexOf('-');
  if (dash <= 0) return null;
  return canonicalMobile(value.slice(dash + 1), value.slice(0, dash))?.e164 ?? null;
}

const masked = (e164: string) => `${e164.slice(0, 5)}****${e164.slice(-4)}`;

/**
 * Stores mobile identities and recent SMS-code recipients in E.164, so `86`, `086`, `0086` and `+86`
 * spellings are one number. Merges nothing: when several accounts hold spellings of one number, the
 * one already canonical (else the oldest active one) gets the canonical value, the others stay as
 * they are, and each such number is reported for an operator (who can merge the accounts with the
 * bind-and-merge flow or by hand). Values that are no valid mobile number are reported and left.
 */
export async function mobileIdentitiesToE164(tx: Tx, log: MigrationLog): Promise<void> {
  const rows = await tx
    .select({ id: userIdentities.id, userId: userIdentities.userId, value: userIdentities.value, status: users.status })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(eq(userIdentities.kind, 'mobile'))
    .orderBy(userIdentities.id);
  const groups = new Map<string, typeof rows>();
  let converted = 0;
  let duplicates = 0;
  for (const r of rows) {
    const e164 = e164Of(r.value);
    if (!e164) {
      log.warn({ identity_id: r.id, user_id: r.userId }, 'mobile identity is not a valid mobile number of its country: left as it was');
      continue;
    }
    groups.set(e164, [...(groups.get(e164) ?? []), r]);
  }
  for (const [e164, members] of groups) {
    const holder = members.find((m) => m.value === e164) ?? members.find((m) => m.status === 'active') ?? members[0];
    if (!holder) continue;
    if (holder.value !== e164) {
      await tx.update(userIdentities).set({ value: e164 }).where(eq(userIdentities.id, holder.id));
      converted += 1;
    }
    const others = members.filter((m) => m !== holder);
    if (others.length > 0) {
      duplicates += 1;
      log.warn(
        { mobile: masked(e164), kept_identity_id: holder.id, kept_user_id: holder.userId, other_identity_ids: others.map((o) => o.id), other_user_ids: others.map((o) => o.userId) },
        'one mobile number is held by several accounts under different spellings: the others were left unchanged for an operator to merge',
      );
    }
  }

  // Codes of the last day count towards the per-number limits: key them the same way.
  const since = sql`now() - interval '1 day'`;
  const recipients = await tx
    .selectDistinct({ recipient: verificationCodes.recipient })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.channel, 'sms'), not(like(verificationCodes.recipient, '+%')), gt(verificationCodes.createdAt, since)));
  for (const { recipient } of recipients) {
    const e164 = e164Of(recipient);
    if (e164) await tx.update(verificationCodes).set({ recipient: e164 }).where(eq(verificationCodes.recipient, recipient));
  }
  if (rows.length > 0) log.info({ identities: rows.length, converted, duplicates }, 'mobile numbers stored in E.164');
}
