import type { MeetingJoinInfo } from '@medportal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LEARNER, DEMO_MEETING } from '../src/seed/demo-accounts.ts';
import { buildTestApp } from './build-test-app.ts';
import { call, testClock } from './factories.ts';

const clock = testClock();
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
});
afterAll(async () => {
  await app?.close();
});

describe('demo meeting', () => {
  it('the demo learner hosts an upcoming meeting with a password, joinable by its number', async () => {
    const info = await call<MeetingJoinInfo>(app, { url: `/v1/meeting/by_number/${DEMO_MEETING.number}` });
    expect(info.code).toBe(0);
    expect(info.data).toMatchObject({ title: DEMO_MEETING.titleZh, host: DEMO_LEARNER.nickname, has_password: true, status: 'upcoming' });
    expect(new Date(info.data.end_at).getTime() - new Date(info.data.start_at).getTime()).toBe(DEMO_MEETING.durationMin * 60_000);
  });

  it('is unlisted: its room opens by id, but search and the sitemap do not show it', async () => {
    const info = await call<MeetingJoinInfo>(app, { url: `/v1/meeting/by_number/${DEMO_MEETING.number}` });
    const room = await call<{ title: string }>(app, { url: `/v1/live/${info.data.live_id}` });
    expect(room.data.title).toBe(DEMO_MEETING.titleZh);
    const found = await call<{ items: unknown[] }>(app, { url: `/v1/pc/search?keyword=${encodeURIComponent('演示会议')}&type=all` });
    expect(found.code).toBe(0);
    expect(JSON.stringify(found.data)).not.toContain(DEMO_MEETING.titleZh);
    const sitemap = await app.inject({ url: '/sitemap.xml' });
    expect(sitemap.body).toMatch(/\/w\/o\/live\/1[?<]/);
    expect(sitemap.body).not.toMatch(new RegExp(`/w/o/live/${info.data.live_id}[?<]`));
  });
});
