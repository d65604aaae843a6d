import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import type { MessageSender, OutgoingMessage } from './messages.adapter.ts';

/** Sandbox provider: every message lands in the outbox table (shown by GET /v1/dev/outbox). */
export class SandboxSender implements MessageSender {
  readonly name = 'sandbox';
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async send(m: OutgoingMessage): Promise<void> {
    await this.db.insert(outbox).values({
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

/** Outbox rows for a mobile (`13800138000` or `+8613800138000`) or an email, newest first. */
export async function outboxFor(db: Db, to: string, limit = 50) {
  const value = to.trim();
  const lower = value.toLowerCase();
  return db
    .select()
    .from(outbox)
    .where(or(eq(outbox.to, value), eq(outbox.to, lower), and(sql`'+' || ${outbox.countryCode} || ${outbox.to} = ${value}`)))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit);
}
