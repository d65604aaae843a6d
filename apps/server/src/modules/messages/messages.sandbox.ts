import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outbox, sandboxMessages } from '../../db/schema/index.ts';
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
 * Rows addressed to an email, or to a mobile given as E.164 (`+8613800138000`, spaces allowed) or
 * as national digits (`13800138000`, any country): a condition on a table with `to` and `country_code`.
 */
function addressedTo(t: typeof sandboxMessages | typeof outbox, to: string) {
  const value = to.trim();
  const compact = value.replace(/[\s-]/g, '');
  if (value.includes('@')) return eq(t.to, value.toLowerCase());
  if (compact.startsWith('+')) return eq(t.to, compact);
  return or(eq(t.to, `+${compact}`), sql`${t.to} = '+' || ${t.countryCode} || ${compact}`);
}

/** Delivered sandbox messages for an address (see addressedTo), newest first. */
export async function sandboxMessagesFor(db: Db, to: string, limit = 50) {
  return db.select().from(sandboxMessages).where(addressedTo(sandboxMessages, to)).orderBy(desc(sandboxMessages.createdAt), desc(sandboxMessages.id)).limit(limit);
}

/** Messages to an address that the outbox has not finished yet. */
export async function pendingFor(db: Db, to: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(outbox)
    .where(and(addressedTo(outbox, to), inArray(outbox.status, ['pending', 'sending'])));
  return row?.n ?? 0;
}
