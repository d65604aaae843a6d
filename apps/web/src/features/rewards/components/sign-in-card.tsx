import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '@medportal/contract';
import { api } from '../../../shared/api-client';
import { Skeleton } from '../../../shared/ui/skeleton';
import { rewardsKeys } from '../api/keys';
import { sharedKeys } from '../../../shared/query-keys';
import { FormError } from '../../../shared/forms/form-parts';

type SignInResult = DataOf<'signIn'>;
type PersonalInfo = DataOf<'personalInfo'>;

/** Blank cells before the 1st of a YYYY-MM month in a Monday-first week. */
function leadingBlanks(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() + 6) % 7;
}

/** Days of a YYYY-MM month as YYYY-MM-DD strings. */
function monthDays(month: string): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/** Daily sign-in: today's state, the streak, the points the next one earns, and this month's days. */
export function SignInCard() {
  const { t } = useTranslation('rewards');
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: rewardsKeys.signIn,
    queryFn: ({ signal }) => api.call('signInState', { signal }),
    staleTime: 0,
  });
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<SignInResult | null>(null);
  const [error, setError] = useState<unknown>(null);

  if (state.isPending) return <Skeleton height={120} />;
  if (state.isError) return null;
  const s = state.data;
  const signed = new Map(s.days.map((d) => [d.date, d.points]));

  const signIn = async () => {
    setPending(true);
    setError(null);
    try {
      const r = await api.call('signIn');
      // The sidebar's points change with the answer, before the lists reload.
      queryClient.setQueryData<PersonalInfo>(sharedKeys.personalInfo, (me) => (me ? { ...me, availablescore: r.availablescore } : me));
      setResult(r);
      await Promise.all([queryClient.invalidateQueries({ queryKey: rewardsKeys.all }), queryClient.invalidateQueries({ queryKey: sharedKeys.personalInfo })]);
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="sign-in" aria-labelledby="sign-in-heading" data-testid="sign-in">
      <div className="sign-in__head">
        <h2 id="sign-in-heading" className="section-page__sub">
          {t('signIn.title')}
        </h2>
        <p className="sign-in__streak">{t('signIn.streak', { count: s.streak })}</p>
      </div>
      <p role="status" className="sign-in__status">
        {result ? (result.newly ? t('signIn.earned', { points: result.points, bonus: result.bonus, count: result.points }) : t('signIn.already')) : ''}
      </p>
      {s.signed_today ? (
        <p className="sign-in__done">{t('signIn.doneToday', { points: s.next_points })}</p>
      ) : (
        <button type="button" className="button button--primary" onClick={() => void signIn()} disabled={pending} aria-busy={pending || undefined}>
          {t('signIn.action', { points: s.next_points })}
        </button>
      )}
      <FormError error={error} />
      <ol className="sign-in__days" aria-label={t('signIn.month', { month: s.month })}>
        {Array.from({ length: leadingBlanks(s.month) }, (_, i) => (
          <li key={`blank-${i}`} className="sign-in__day sign-in__day--blank" aria-hidden="true" />
        ))}
        {monthDays(s.month).map((d) => {
          const points = signed.get(d);
          const day = Number(d.slice(-2));
          return (
            <li key={d} className={`sign-in__day${points !== undefined ? ' is-signed' : ''}${d === s.today ? ' is-today' : ''}`}>
              <span aria-hidden="true">{day}</span>
              <span className="visually-hidden">{points !== undefined ? t('signIn.daySigned', { day, points }) : t('signIn.day', { day })}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
