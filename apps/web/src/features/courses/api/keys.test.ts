import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { sharedKeys } from '../../../shared/query-keys';
import { courseKeys } from './keys';

const filters = { dep_val: '', price_type: '', sort: 'latest', page: 1 } as const;

/** Fills the cache with one entry per key and reports which entries an invalidation reached. */
async function reached(keys: Record<string, readonly unknown[]>, invalidate: readonly unknown[]): Promise<string[]> {
  const client = new QueryClient();
  for (const key of Object.values(keys)) client.setQueryData(key, 1);
  await client.invalidateQueries({ queryKey: invalidate, refetchType: 'none' });
  return Object.entries(keys)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);
}

describe('course query keys', () => {
  const keys = {
    detail1: courseKeys.detail(1, 'zh'),
    chapters1: courseKeys.chapters(1, 'en', true),
    progress1: courseKeys.progress(1),
    chapterProgress1: courseKeys.chapterProgress(1),
    appraisals1: courseKeys.appraisals(1, 'zh', 2),
    detail2: courseKeys.detail(2, 'zh'),
    list: courseKeys.list('zh', filters),
  };

  it("a course's prefix reaches every query about that course and no other course's", async () => {
    expect(await reached(keys, courseKeys.course(1))).toEqual(['detail1', 'chapters1', 'progress1', 'chapterProgress1', 'appraisals1']);
  });

  it('the progress prefix reaches both progress queries (a heartbeat refreshes them)', async () => {
    expect(await reached(keys, courseKeys.progress(1))).toEqual(['progress1', 'chapterProgress1']);
  });

  it("the detail prefix reaches the detail in every language (a favourite patches each)", async () => {
    expect(await reached({ ...keys, detail1en: courseKeys.detail(1, 'en') }, courseKeys.details(1))).toEqual(['detail1', 'detail1en']);
  });

  it('the shared course root, which a purchase elsewhere invalidates, reaches every course query', async () => {
    expect(await reached(keys, sharedKeys.courses)).toEqual(Object.keys(keys));
  });
});
