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
});
