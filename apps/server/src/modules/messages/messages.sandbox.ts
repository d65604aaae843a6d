import { desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxMessages } from '../../db/schema/index.ts';
import type { MessageSender, OutgoingMessage } from './messages.adapter.ts';

/** Sandbox provider: every delivered message lands in sandbox_messages (shown by GET /v1/dev/outbox). */
export class SandboxSender implements MessageSender {
  readonly name = 'sandbox';
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async send(m: OutgoingMessage): Promise<void> {
    await this.db.insert(sandboxMessages).values({
      channel: m.channel,
      to: m.to,
      countryCode: m.countryCode ?? null,
      text: m.text,
      code: m.code ?? null,
      scene: m.scene ?? null,
      createdAt: this.now(),
    });
  }
}

/**
 * Delivered sandbox messages for an email, or a mobile given as E.164 (`+8613800138000`, spaces
 * allowed) or as national digits (`13800138000`, any country), newest first.
 */
export async function sandboxMessagesFor(db: Db, to: string, limit = 50) {
  const value = to.trim();
  const compact = value.replace(/[\s-]/g, '');
  const match = value.includes('@')
    ? eq(sandboxMessages.to, value.toLowerCase())
    : compact.startsWith('+')
      ? eq(sandboxMessages.to, compact)
      : // National digits: the E.164 form is `+`, the calling code, then those digits.
        or(eq(sandboxMessages.to, `+${compact}`), sql`${sandboxMessages.to} = '+' || ${sandboxMessages.countryCode} || ${compact}`);
  return db.select().from(sandboxMessages).where(match).orderBy(desc(sandboxMessages.createdAt), desc(sandboxMessages.id)).limit(limit);
}
