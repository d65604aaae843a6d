import { type Order, type Page, PriceType } from '@medportal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, orders } from '../../db/schema/index.ts';
import { call, bearer, makeUser, type MadeUser } from '../../../test/factories.ts';
import { moneyApp } from '../../../test/money.helpers.ts';
import { countingDb } from '../../../test/statements.ts';
import { orderPage } from './money.repository.ts';

let app: FastifyInstance;
let buyer: MadeUser;
const COURSE_ORDERS = 40;
const RECHARGES = 5;

beforeAll(async () => {
  ({ app } = await moneyApp());
  buyer = await makeUser(app);
  const made = await app.db
    .insert(courses)
    .values(
      Array.from({ length: COURSE_ORDERS }, (_, i) => ({
        courseType: 1,
        titleZh: `列表课程 ${i}`,
        titleEn: `Listed course ${i}`,
        cover: `/covers/list-${i}.svg`,
        priceType: PriceType.PAID,
        price: 1_000 + i,
        status: 'published' as const,
        publishedAt: new Date('2020-01-01T00:00:00Z'),
      })),
    )
    .returning({ id: courses.id, price: courses.price });
  const at = new Date('2026-01-01T00:00:00Z');
  const order = (n: number, module: 'course' | 'recharge', moduleId: number, amount: number) => ({
    orderNo: `T${String(buyer.id).padStart(6, '0')}${String(n).padStart(8, '0')}`,
    userId: buyer.id,
    module,
    moduleId,
    title: `订单 ${n}`,
    originalAmount: amount,
    amount,
    channel: 'wechat',
    expiresAt: at,
  });
  // Course and recharge orders interleaved, one course per order.
  await app.db.insert(orders).values([
    ...made.map((c, i) => order(i, 'course', c.id, c.price)),
    ...Array.from({ length: RECHARGES }, (_, i) => order(COURSE_ORDERS + i, 'recharge', 0, 5_000)),
  ]);
});
afterAll(async () => {
  await app?.close();
});

describe('the order list', () => {
  it('reads a page of many course orders, each with its own course cover, in two statements (rows with covers, and the count)', async () => {
    const { db, statements } = countingDb(app.db);
    const { rows, total } = await orderPage(db, { userId: buyer.id, page: 1, page_size: 50 });
    expect(total).toBe(COURSE_ORDERS + RECHARGES);
    expect(rows).toHaveLength(COURSE_ORDERS + RECHARGES);
    for (const o of rows) expect(o.cover).toBe(o.module === 'course' ? `/covers/list-${o.title.replace('订单 ', '')}.svg` : '');
    expect(statements).toHaveLength(2);
  });

  it('answers the same covers through the API, page by page', async () => {
    const seen: Order[] = [];
    for (let page = 1; ; page += 1) {
      const res = await call<Page<Order>>(app, { url: `/v1/user/order?page=${page}&page_size=20`, headers: bearer(buyer.access) });
      expect(res.code, JSON.stringify(res)).toBe(0);
      seen.push(...res.data.items);
      if (!res.data.has_more) break;
    }
    expect(seen).toHaveLength(COURSE_ORDERS + RECHARGES);
    expect(seen.filter((o) => o.module === 'course').map((o) => o.cover)).toEqual(
      Array.from({ length: COURSE_ORDERS }, (_, i) => `/covers/list-${COURSE_ORDERS - 1 - i}.svg`),
    );
    expect(seen.filter((o) => o.module === 'recharge').every((o) => o.cover === '')).toBe(true);
  });
});
