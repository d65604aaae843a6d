import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { sharedKeys } from '../../../shared/query-keys';
import { moneyKeys } from './keys';

describe('money query keys', () => {
  it('the money root, which every payment invalidates, reaches the wallet pages and the buy dialog, not the CME card', async () => {
    const keys = {
      orders: moneyKeys.orders('zh', '', 1),
      bankCards: moneyKeys.bankCards,
      signIn: moneyKeys.signIn,
      wallet: sharedKeys.wallet,
      order: sharedKeys.order('N1'),
      couponUsable: sharedKeys.couponUsable(3),
      cme: moneyKeys.cme('zh', undefined),
    };
    const client = new QueryClient();
    for (const key of Object.values(keys)) client.setQueryData(key, 1);
    await client.invalidateQueries({ queryKey: moneyKeys.all, refetchType: 'none' });
    const reached = Object.entries(keys).filter(([, key]) => client.getQueryState(key)?.isInvalidated).map(([name]) => name);
    expect(reached).toEqual(['orders', 'bankCards', 'signIn', 'wallet', 'order', 'couponUsable']);
  });
});
