import { type AdminArea, type AdminDashboard, ErrorCode } from '@medportal/contract';
import { and, count, gte, lt } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { endpointRoute, ok } from '../../lib/endpoint.ts';
import { addDays, dayStart, localDate } from '../../lib/local-time.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { LiveRoomPort } from '../live-room/index.ts';
import { livesOverlapping } from '../lives/index.ts';
import { pendingModeration } from '../moderation/index.ts';
import { paidOrdersBetween } from '../money/index.ts';
import { newContactCount } from '../pages/index.ts';
import { pendingWithdrawalCount } from '../rewards/index.ts';
import { areasOf, rolesOf } from '../staff/index.ts';

/** The business day of the figures: the operators' day in China. */
const BUSINESS_TZ = 'Asia/Shanghai';

async function newUsersBetween(db: Db, from: Date, to: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(and(gte(users.createdAt, from), lt(users.createdAt, to)));
  return row?.n ?? 0;
}

/**
 * Today's figures, for any staff member: each only when the caller's roles reach the area it
 * belongs to (lives; users; money for orders, revenue and withdrawals; moderation; service), so
 * the page needs no area of its own and shows nobody a figure their role does not cover. A user
 * without a staff role is refused.
 */
export async function dashboard(db: Db, room: LiveRoomPort, areas: readonly AdminArea[], now: Date): Promise<AdminDashboard> {
  const day = localDate(now, BUSINESS_TZ);
  const from = dayStart(day, BUSINESS_TZ);
  const to = dayStart(addDays(day, 1), BUSINESS_TZ);
  const has = (a: AdminArea) => areas.includes(a);
  const [lives, newUsers, orders, moderation, withdrawals, contact] = await Promise.all([
    has('lives')
      ? livesOverlapping(db, from, to).then(async (rows) => {
          const onAir = rows.filter((l) => l.startAt <= now && now < l.endAt);
          const viewers = await Promise.all(onAir.map((l) => room.viewers(l.id)));
          return { today: rows.length, live_now: onAir.length, viewers: viewers.reduce((a, b) => a + b, 0) };
        })
      : null,
    has('users') ? newUsersBetween(db, from, to) : null,
    has('money') ? paidOrdersBetween(db, from, to) : null,
    has('moderation') ? pendingModeration(db) : null,
    has('money') ? pendingWithdrawalCount(db) : null,
    has('service') ? newContactCount(db) : null,
  ]);
  return {
    day,
    lives,
    users: newUsers === null ? null : { new_today: newUsers },
    orders: orders === null ? null : { paid_today: orders.paid, revenue_fen: orders.revenueFen },
    moderation: moderation === null ? null : { pending: moderation.comment + moderation.question, comments: moderation.comment, questions: moderation.question },
    withdrawals: withdrawals === null ? null : { pending: withdrawals },
    service: contact === null ? null : { contact_new: contact },
  };
}

const dashboardRoutes: FastifyPluginAsync<{ now: () => Date }> = async (instance, opts) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.route({
    ...endpointRoute('adminDashboard'),
    handler: async (req) => {
      const areas = areasOf(await rolesOf(app.db, currentUser(req).id));
      if (areas.length === 0) throw new AppError(ErrorCode.FORBIDDEN);
      return ok(await dashboard(app.db, app.liveRoom, areas, opts.now()));
    },
  });
};

export default dashboardRoutes;
