import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { sharedKeys } from '../../../shared/query-keys';
import { invalidateAfterOrder, moneyKeys } from './keys';

// The rewards keys are spelt out under their shared root: money does not import the rewards feature.
const keys: Record<string, QueryKey> = {
  orders: moneyKeys.orders('zh', '', 1),
  coupons: moneyKeys.coupons('zh', 'unused', 1),
  wallet: sharedKeys.wallet,
  order: sharedKeys.order('N1'),
  couponUsable: sharedKeys.couponUsable(3),
  scoreLog: [...sharedKeys.rewards, 'score-log', 'zh', 'all', 1],
  signIn: [...sharedKeys.rewards, 'sign-in'],
  cme: [...sharedKeys.credit, 'cme', 'zh', 'now'],
};

async function reachedBy(invalidate: (client: QueryClient) => Promise<unknown>): Promise<string[]> {
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  for (const key of Object.values(keys)) client.setQueryData(key, 1);
  await invalidate(client);
  return Object.entries(keys)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);
}

describe('money query keys', () => {
  it('the money root reaches the wallet pages and the buy dialog, not the rewards pages or the CME card', async () => {
    expect(await reachedBy((c) => c.invalidateQueries({ queryKey: moneyKeys.all, refetchType: 'none' }))).toEqual(['orders', 'coupons', 'wallet', 'order', 'couponUsable']);
  });

  it('a paid or cancelled order also reaches the rewards pages (points are spent by orders), not the CME card', async () => {
    expect(await reachedBy(invalidateAfterOrder)).toEqual(['orders', 'coupons', 'wallet', 'order', 'couponUsable', 'scoreLog', 'signIn']);
  });
});
