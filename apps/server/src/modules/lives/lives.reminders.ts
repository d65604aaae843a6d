import { type ApiLanguage, DEFAULT_REMIND_MINUTES } from '@medportal/contract';
import type { Db } from '../../db/client.ts';
import { pick } from '../../lib/i18n.ts';
import type { MessageSender, OutgoingMessage } from '../messages/messages.adapter.ts';
import * as repo from './lives.repository.ts';
import { localDate, localTime } from './local-time.ts';

const BATCH = 100;

function groups(meetingNo: string): string {
  return (meetingNo.replace(/\D/g, '').match(/.{1,4}/g) ?? []).join('-');
}

export function reminderText(lang: ApiLanguage, live: { titleZh: string; titleEn: string | null; startAt: Date; meetingNo: string }, tz: string): string {
  const when = `${localDate(live.startAt, tz)} ${localTime(live.startAt, tz)}`;
  const title = pick(lang, live.titleZh, live.titleEn);
  return lang === 'en'
    ? `[MedPortal] Reminder: "${title}" starts at ${when} (UTC${tz.startsWith('+') || tz.startsWith('-') ? tz : ` ${tz}`}). Meeting no. ${groups(live.meetingNo)}.`
    : `【医学门户】您预约的直播「${title}」将于 ${when} 开始，会议号 ${groups(live.meetingNo)}。`;
}

/**
 * Sends due live reminders through the message provider (the sandbox outbox outside production).
 * Rows are claimed before sending, so a reminder goes out at most once however many processes run
 * the sweep; a provider failure is logged and not retried (a late reminder is worse than none).
 */
export class LiveReminderSweep {
  constructor(
    private readonly db: Db,
    private readonly sender: MessageSender,
    private readonly now: () => Date,
    private readonly log: { warn: (obj: object, msg: string) => void },
  ) {}

  /** One pass; answers how many reminders were claimed. */
  async run(): Promise<number> {
    let claimed = 0;
    for (;;) {
      const due = await repo.claimDueReminders(this.db, this.now(), DEFAULT_REMIND_MINUTES, BATCH);
      claimed += due.length;
      for (const r of due) await this.deliver(r);
      if (due.length < BATCH) return claimed;
    }
  }

  private async deliver(r: { id: number; user_id: number; live_id: number; lang: string; timezone: string }): Promise<void> {
    try {
      const [live, settings, contacts] = await Promise.all([
        repo.liveForMessage(this.db, r.live_id),
        repo.remindSettings(this.db, r.user_id),
        repo.contactsOf(this.db, r.user_id),
      ]);
      if (!live) return;
      const lang: ApiLanguage = r.lang === 'en' ? 'en' : 'zh_CN';
      const text = reminderText(lang, live, r.timezone);
      const preferEmail = settings?.channel === 'email';
      let message: OutgoingMessage | null = null;
      const mobile = contacts.mobile ? /^(\d+)-(\d+)$/.exec(contacts.mobile) : null;
      if (contacts.email && (preferEmail || !mobile)) message = { channel: 'email', to: contacts.email, text, scene: 'live_remind' };
      else if (mobile) message = { channel: 'sms', to: mobile[2] ?? '', countryCode: mobile[1] ?? '', text, scene: 'live_remind' };
      if (!message) return;
      await this.sender.send(message);
      await repo.markChannel(this.db, r.id, message.channel);
    } catch (err) {
      this.log.warn({ err, reminder: r.id }, 'live reminder not delivered');
    }
  }
}
