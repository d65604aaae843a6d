import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { SearchData } from '@medportal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { buildTestApp, restartDbConfigs } from '../../../test/build-test-app.ts';
import { call } from '../../../test/factories.ts';

/**
 * A database with content but no search index (an older one: the index migration empties it) is
 * indexed in the background at start; the server is ready at once and searches answer meanwhile
 * (decision record 0073).
 */
describe('search at start', () => {
  const apps: FastifyInstance[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('builds a missing index in the background, ready and answering from the start', async () => {
    const now = new Date();
    const config = await restartDbConfigs(true, now);
    if (config.second.driver === 'pglite' && config.second.dataDir) dirs.push(dirname(config.second.dataDir));
    const first = await buildTestApp({ config: { db: config.first }, now: () => now });
    await first.db.execute(sql`delete from search_documents`);
    await first.close();

    const app = await buildTestApp({ config: { db: config.second }, now: () => now });
    apps.push(app);
    expect((await app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ok', db: 'ok', search: 'ready' });
    const early = await call<unknown>(app, { url: `/v1/pc/search?keyword=${encodeURIComponent('淋巴瘤')}` });
    expect(early.code).toBe(0);
    // Indexed: once the build has swapped its table in and moved the search generation (the
    // answers and counts kept for the empty index are then dropped), the seeded items are found.
    const total = async () => SearchData.parse((await call<unknown>(app, { url: `/v1/pc/search?keyword=${encodeURIComponent('淋巴瘤')}&page_size=20` })).data).total;
    await expect.poll(total, { interval: 50, timeout: 60_000 }).toBeGreaterThan(0);
    const [row] = await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from search_documents`);
    expect(row?.n).toBeGreaterThan(0);
  });
});
