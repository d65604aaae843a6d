import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { liveAgendaItems } from '../../db/schema/index.ts';

/** One session of a live's agenda as the console writes it. */
export interface AgendaItemInput {
  startAt: Date;
  endAt: Date;
  titleZh: string;
  titleEn: string | null;
  speakerId: number | null;
}

/** The agenda in the console's order (its `sort`; the public panel orders by time, then sort). */
export function agendaForEdit(db: Db | Tx, liveId: number) {
  return db
    .select({
      id: liveAgendaItems.id,
      startAt: liveAgendaItems.startAt,
      endAt: liveAgendaItems.endAt,
      titleZh: liveAgendaItems.titleZh,
      titleEn: liveAgendaItems.titleEn,
      speakerId: liveAgendaItems.speakerId,
    })
    .from(liveAgendaItems)
    .where(eq(liveAgendaItems.liveId, liveId))
    .orderBy(asc(liveAgendaItems.sort), asc(liveAgendaItems.id));
}

/** Replaces the whole agenda in the caller's transaction: readers see the old one or the new one, never a mix. */
export async function replaceAgenda(tx: Tx, liveId: number, items: readonly AgendaItemInput[]): Promise<void> {
  await tx.delete(liveAgendaItems).where(eq(liveAgendaItems.liveId, liveId));
  if (items.length) await tx.insert(liveAgendaItems).values(items.map((it, i) => ({ liveId, ...it, sort: i + 1 })));
}
