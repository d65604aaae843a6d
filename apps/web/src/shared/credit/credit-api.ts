import { useQuery } from '@tanstack/react-query';
import type { DataOf } from '@medportal/contract';
import { api } from '../api-client';
import { useLang } from '../hooks/use-lang';
import { useSession } from '../session';
import { sharedKeys } from '../query-keys';

export type CreditActivityInfo = DataOf<'creditActivity'>;
export type CreditKind = CreditActivityInfo['kind'];

export const creditActivityKey = (kind: CreditKind, id: number) => sharedKeys.creditActivity(kind, id);

/** An activity's credit designation and, when logged in, my progress toward each requirement. */
export function useCreditActivity(kind: CreditKind, id: number) {
  const lang = useLang();
  const session = useSession();
  return useQuery({
    queryKey: sharedKeys.creditActivityFor(kind, id, lang, session.token ? 'member' : 'visitor'),
    queryFn: ({ signal }) => api.call('creditActivity', { params: { kind, id }, signal }),
    enabled: id > 0 && session.status !== 'pending',
    staleTime: 0,
  });
}

/** Hundredths as a credit figure: 150 → "1.5", 25 → "0.25". */
export const creditText = (hundredths: number): string => String(Number((hundredths / 100).toFixed(2)));
