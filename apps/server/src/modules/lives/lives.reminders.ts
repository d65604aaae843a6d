import { type ApiLanguage, DEFAULT_REMIND_MINUTES, formatMeetingNumber } from '@medportal/contract';
import type { Db, Tx } from '../../db/client.ts';
import { pick } from '../../lib/i18n.ts';
import { parseE164 } from '../../lib/phone.ts';
import type { MessageOutbox, QueuedMessage } from '../messages/index.ts';
import * as repo from './lives.repository.ts';
import { localDate, localTime } from '../../lib/local-time.ts';

const BATCH = 100;

/** Where reminders go: the message outbox (the part of it this sweep needs). */
export type ReminderOutbox = Pick<MessageOutbox, 'enqueue' | 'kick'>;

export function reminderText(lang: ApiLanguage, live: { titleZh: string; titleEn: string | null; startAt: Date; meetingNo: string }, tz: string): string {
  const when = `${localDate(live.startAt, tz)} ${localTime(live.startAt, tz)}`;
  const title = pick(lang, live.titleZh, live.titleEn);
  return lang === 'en'
    ? `[MedPortal] Reminder: "${title}" starts at ${when} (UTC${tz.startsWith('+') || tz.startsWith('-') ? tz : ` ${tz}`}). Meeting no. ${formatMeetingNumber(live.meetingNo)}.`
    : `【医学门户】您预约的直播「${title}」将于 ${when} 开始，会议号 ${formatMeetingNumber(live.meetingNo)}。`;
}

/**
 * Queues due live reminders in the message outbox (which delivers them by SMS or email, with
 * retries). Claiming a batch of reminders and queueing their messages is one transaction, so a
 * reminder is queued exactly once however many processes run the sweep, and never lost between
 * the two. A message the provider cannot deliver before the live ends is dropped by the outbox.
 */
export class LiveReminderSweep {
  constructor(
    private readonly db: Db,
    private readonly outbox: ReminderOutbox,
    private readonly now: () => Date,
    private readonly log: { warn: (obj: object, msg: string) => void },
  ) {}

  /** One pass; answers how many reminders were claimed. */
  async run(): Promise<number> {
    let claimed = 0;
    for (;;) {
      const n = await this.db.transaction(async (tx) => {
        const due = await repo.claimDueReminders(tx, this.now(), DEFAULT_REMIND_MINUTES, BATCH);
        for (const r of due) await this.queue(tx, r);
        return due.length;
      });
      claimed += n;
      if (n > 0) this.outbox.kick();
      if (n < BATCH) return claimed;
    }
  }

  private async queue(
    tx: Tx,
    r: { id: number; user_id: number; live_id: number; lang: string; timezone: string },
  ): Promise<void> {
    const [live, settings, contacts] = [await repo.liveForMessage(tx, r.live_id), await repo.remindSettings(tx, r.user_id), await repo.contactsOf(tx, r.user_id)];
    if (!live) return;
    const lang: ApiLanguage = r.lang === 'en' ? 'en' : 'zh_CN';
    const text = reminderText(lang, live, r.timezone);
    const preferEmail = settings?.channel === 'email';
    const mobile = contacts.mobile ? parseE164(contacts.mobile) : null;
    let message: QueuedMessage | null = null;
    if (contacts.email && (preferEmail || !mobile)) message = { channel: 'email', to: contacts.email, text, scene: 'live_remind' };
    else if (mobile) message = { channel: 'sms', to: mobile.e164, countryCode: mobile.countryCode, text, scene: 'live_remind' };
    if (!message) {
      this.log.warn({ reminder: r.id }, 'live reminder has no address to go to');
      return;
    }
    await this.outbox.enqueue(tx, { ...message, deliverBefore: live.endAt });
    await repo.markChannel(tx, r.id, message.channel);
  }
}
