import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { sharedKeys } from '../../../shared/query-keys';
import { rewardsKeys } from './keys';

describe('rewards query keys', () => {
  it('the rewards root reaches the points, sign-in, bank card and withdrawal pages, not the wallet or the CME card', async () => {
    const keys = {
      scoreLog: rewardsKeys.scoreLog('zh', 'all', 1),
      signIn: rewardsKeys.signIn,
      creditRule: rewardsKeys.creditRule,
      bankCards: rewardsKeys.bankCards,
      withdrawals: rewardsKeys.withdrawals(1),
      wallet: sharedKeys.wallet,
      cme: [...sharedKeys.credit, 'cme', 'zh', 'now'],
    };
    const client = new QueryClient();
    for (const key of Object.values(keys)) client.setQueryData(key, 1);
    await client.invalidateQueries({ queryKey: rewardsKeys.all, refetchType: 'none' });
    const reached = Object.entries(keys).filter(([, key]) => client.getQueryState(key)?.isInvalidated).map(([name]) => name);
    expect(reached).toEqual(['scoreLog', 'signIn', 'creditRule', 'bankCards', 'withdrawals']);
  });

  it('every key starts from the shared root a payment invalidates', () => {
    const all = [rewardsKeys.signIn, rewardsKeys.scoreLog('en', 'spent', 2), rewardsKeys.creditRule, rewardsKeys.bankCards, rewardsKeys.withdrawals(3)];
    for (const key of all) expect(key[0]).toBe(sharedKeys.rewards[0]);
  });
});
