import type { Lang } from '../../../shared/i18n';
import { sharedKeys } from '../../../shared/query-keys';

/** Query keys of the points, sign-in, bank card and withdrawal pages; `all` is also reached by every order payment. */
export const rewardsKeys = {
  all: sharedKeys.rewards,
  signIn: [...sharedKeys.rewards, 'sign-in'] as const,
  scoreLog: (lang: Lang, type: string, page: number) => [...sharedKeys.rewards, 'score-log', lang, type, page] as const,
  creditRule: [...sharedKeys.rewards, 'credit-rule'] as const,
  bankCards: [...sharedKeys.rewards, 'bankcards'] as const,
  withdrawals: (page: number) => [...sharedKeys.rewards, 'withdrawals', page] as const,
};
