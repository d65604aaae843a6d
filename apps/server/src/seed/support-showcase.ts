import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import * as s from '../db/schema/index.ts';

/** The demo pre-event landing page (`/pre_act/1`). */
export const DEMO_PRE_ACT_ID = 1;

/**
 * Demo content of the online service's neighbours: lives tagged with sister products (their
 * landing pages list them), a pre-event landing page, and one anonymous visitor's conversation so
 * the agents' page is not empty.
 */
export async function seedSupportShowcase(tx: Tx, now: Date): Promise<void> {
  const published = eq(s.lives.status, 'published');
  const hemonc = await tx
    .select({ id: s.lives.id })
    .from(s.lives)
    .where(and(published, or(ilike(s.lives.titleZh, '%淋巴%'), ilike(s.lives.titleZh, '%白血病%'), ilike(s.lives.titleZh, '%骨髓%'), ilike(s.lives.titleZh, '%血液%'))))
    .orderBy(asc(s.lives.id));
  const onc = await tx
    .select({ id: s.lives.id })
    .from(s.lives)
    .where(and(published, or(ilike(s.lives.titleZh, '%癌%'), ilike(s.lives.titleZh, '%肿瘤%'))))
    .orderBy(asc(s.lives.id));
  const all = await tx.select({ id: s.lives.id }).from(s.lives).where(published).orderBy(asc(s.lives.id));
  // Every demo product lists some lives even if the titles hold none of the words.
  const pickOr = (rows: Array<{ id: number }>, from: number) => (rows.length >= 3 ? rows : all.slice(from, from + 6));
  const tags = [
    ...pickOr(hemonc, 0).map((r) => ({ liveId: r.id, product: 'vjhemonc', createdAt: now })),
    ...pickOr(onc, 3).map((r) => ({ liveId: r.id, product: 'vjoncology', createdAt: now })),
    ...all.slice(0, 8).map((r) => ({ liveId: r.id, product: 'meeting', createdAt: now })),
  ];
  if (tags.length > 0) await tx.insert(s.liveProducts).values(tags).onConflictDoNothing();

  const startsAt = new Date(now.getTime() + 14 * 86_400_000);
  await tx
    .insert(s.preActs)
    .values({
      id: DEMO_PRE_ACT_ID,
      banner: '/media/cover/banner/pre-act-1.svg',
      startsAt,
      colors: { primary: '#0f766e', background: '#ecfdf5', text: '#0f172a' },
      textsZh: {
        title: '2026 血液肿瘤前沿论坛 · 会前预热',
        subtitle: '淋巴瘤、骨髓瘤与白血病诊疗新进展，专家提前解读，报名即可收到开播提醒。',
        buttons: [
          { text: '预约直播', url: '/live', style: 'primary' },
          { text: '查看往期回放', url: '/live/history', style: 'secondary' },
        ],
      },
      textsEn: {
        title: '2026 Hematologic Oncology Forum · Preview',
        subtitle: 'New advances in lymphoma, myeloma and leukaemia, previewed by the faculty. Sign up to be reminded when it starts.',
        buttons: [
          { text: 'Book the live', url: '/live', style: 'primary' },
          { text: 'Past recordings', url: '/live/history', style: 'secondary' },
        ],
      },
      status: 'published',
      createdAt: now,
    })
    .onConflictDoNothing();
  await tx.execute(
    // The id is explicit: move the identity past it.
    sql.raw(`select setval(pg_get_serial_sequence('"pre_acts"', 'id'), coalesce((select max(id) from "pre_acts"), 0) + 1, false)`),
  );

  const [conv] = await tx
    .insert(s.supportConversations)
    .values({ visitorKey: 'demo-visitor-conversation', agentUnread: 1, lastMessageAt: now, createdAt: new Date(now.getTime() - 600_000) })
    .onConflictDoNothing()
    .returning({ id: s.supportConversations.id });
  if (conv) {
    await tx.insert(s.supportMessages).values([
      { conversationId: conv.id, sender: 'visitor', kind: 'text', body: '您好，继续教育学分申请后多久可以在学分卡里看到？', createdAt: new Date(now.getTime() - 600_000) },
      { conversationId: conv.id, sender: 'visitor', kind: 'text', body: 'Hello, how long until a claimed CME credit shows on my credit card?', createdAt: now },
    ]);
  }
}
