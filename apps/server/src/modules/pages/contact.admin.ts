import { type DataOf, ErrorCode, type AdminContactQuery } from '@medportal/contract';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { pageOf } from '../shared/paginate.ts';
import { writeAudit } from '../staff/index.ts';

type Row = typeof contactMessages.$inferSelect;
const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const present = (r: Row): DataOf<'adminContactMessage'> => ({
  id: r.id,
  name: r.name,
  contact: r.contact,
  contact_kind: r.contactKind,
  message: r.message,
  user_id: r.userId,
  lang: r.lang,
  status: r.status,
  created_at: r.createdAt.toISOString(),
  handled_at: r.handledAt?.toISOString() ?? null,
  handled_by: r.handledBy,
  handled_note: r.handledNote,
});

/** Messages waiting in the contact-form inbox (the dashboard). */
export async function newContactCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.status, 'new'));
  return row?.n ?? 0;
}

/** The contact-form inbox for customer service: newest first, by state and text. */
export async function contactPage(db: Db, q: AdminContactQuery): Promise<DataOf<'adminContactMessages'>> {
  const text: SQL | undefined = q.q ? or(ilike(contactMessages.message, likeText(q.q)), ilike(contactMessages.name, likeText(q.q)), ilike(contactMessages.contact, likeText(q.q))) : undefined;
  const where = and(q.status ? eq(contactMessages.status, q.status) : undefined, text);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(contactMessages).where(where),
  ]);
  return pageOf(rows.map(present), q, total?.n ?? 0);
}

export async function contactMessage(db: Db, id: number): Promise<DataOf<'adminContactMessage'>> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  return present(row);
}

/**
 * Marks a message handled with what was done, once: the update is conditional on `new`, so of two
 * agents at once one records it and the other is told it is already handled (ADMIN_BAD_STATE).
 */
export async function handleContact(db: Db, actorId: number, id: number, note: string, now: Date): Promise<DataOf<'adminContactMessage'>> {
  const row = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(contactMessages)
      .set({ status: 'handled', handledAt: now, handledBy: actorId, handledNote: note })
      .where(and(eq(contactMessages.id, id), eq(contactMessages.status, 'new')))
      .returning();
    if (!done) {
      const [exists] = await tx.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.id, id));
      throw new AppError(exists ? ErrorCode.ADMIN_BAD_STATE : ErrorCode.NOT_FOUND);
    }
    await writeAudit(tx, { actorId, action: 'contact_message.handle', target: `contact_message:${id}`, before: { status: 'new' }, after: { status: 'handled', note }, now });
    return done;
  });
  return present(row);
}
