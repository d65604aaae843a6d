import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorCode } from '@medportal/contract/codes';
import { WITHDRAWAL_LIMITS } from '@medportal/contract/constants';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../shared/api-client';
import { errorText } from '../../../shared/errors';
import { formatDateTime } from '../../../shared/format/date';
import { formatFen } from '../../../shared/format/price';
import { useLang } from '../../../shared/hooks/use-lang';
import { pageParam } from '../../../shared/page-param';
import { newIdempotencyKey, parseYuan, PayPasswordInput, useWalletInfo } from '../../money';
import { sharedKeys } from '../../../shared/query-keys';
import { PagedList } from '../../../shared/ui/paged-list';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { PAGE_SIZE, requestWithdrawal, useBankCards, useWithdrawals, type Withdrawal } from '../api/rewards';
import { SectionPage } from '../../../shared/ui/section-page';
import { rewardsKeys } from '../api/keys';
import { cashRules, type CashProblem, type CashValues } from '../lib/forms';
import { useForm } from '../../../shared/forms/use-form';
import { FormError, SubmitButton } from '../../../shared/forms/form-parts';

/** `/wallet/cash`: withdraw part of the balance to a bank card; the amount is frozen until reviewed. */
export function CashPage() {
  const { t } = useTranslation('rewards');
  const queryClient = useQueryClient();
  const wallet = useWalletInfo();
  const cards = useBankCards();
  const [cardId, setCardId] = useState<number | null>(null);
  const [done, setDone] = useState<Withdrawal | null>(null);
  const key = useRef<{ body: string; key: string } | null>(null);

  const items = cards.data?.items ?? [];
  const chosen = cardId ?? items.find((c) => c.is_default)?.id ?? items[0]?.id ?? null;
  const balance = wallet.data?.balance ?? 0;
  const form = useForm<CashValues, CashProblem>({ amount: '', pay_password: '' }, cashRules(balance));
  const { values, set, errors, setFieldError, attachForm, pending, formError, handleSubmit } = form;
  const problemText = (problem: CashProblem | { text: string } | undefined) => {
    if (problem === undefined) return undefined;
    if (typeof problem === 'object') return problem.text;
    if (problem === 'payPassword') return t('pay.payPasswordFormat');
    return problem === 'over' ? t('cash.over', { amount: formatFen(balance) }) : t('cash.min', { amount: formatFen(WITHDRAWAL_LIMITS.minFen) });
  };
  const amountError = problemText(errors.amount);

  const withdraw = async (v: CashValues) => {
    if (chosen === null) return;
    const body = { amount: parseYuan(v.amount) ?? 0, bankcard_id: chosen, pay_password: v.pay_password };
    // A retry of the same request reuses its key, so the server answers with the first one.
    const text = JSON.stringify(body);
    if (key.current?.body !== text) key.current = { body: text, key: newIdempotencyKey() };
    try {
      setDone(await requestWithdrawal(body, key.current.key));
    } catch (e) {
      if (isApiError(e) && e.code === ErrorCode.WRONG_PAY_PASSWORD) return setFieldError('pay_password', { text: errorText(e) });
      throw e;
    }
    // The amount is frozen in the wallet (money) and the request joins my withdrawals (rewards).
    await Promise.all([queryClient.invalidateQueries({ queryKey: sharedKeys.money }), queryClient.invalidateQueries({ queryKey: rewardsKeys.all })]);
  };

  const back = { to: paths.user.wallet.getHref(), label: t('wallet.title') };
  if (done) {
    return (
      <SectionPage title={t('cash.title')} back={back} testId="cash-page">
        <div className="cash__done" role="status" data-testid="withdrawal-requested">
          <p className="cash__done-title">{t('cash.requested')}</p>
          <p>{t('cash.requestedText', { amount: formatFen(done.amount), card: `${done.bank_name} ${done.masked_number}` })}</p>
          <Link className="button button--primary" to={paths.wallet.withdrawal.getHref()}>
            {t('wallet.withdrawals')}
          </Link>
        </div>
      </SectionPage>
    );
  }
  return (
    <SectionPage title={t('cash.title')} back={back} actions={<Link to={paths.wallet.withdrawal.getHref()}>{t('wallet.withdrawals')}</Link>} testId="cash-page">
      <p className="cash__balance">
        {t('cash.available')} <strong data-testid="wallet-balance">{wallet.data ? formatFen(balance) : '…'}</strong>
      </p>
      {cards.isPending ? (
        <Skeleton height={120} />
      ) : cards.isError ? (
        <ErrorState error={cards.error} onRetry={() => void cards.refetch()} />
      ) : items.length === 0 ? (
        <p className="center-empty" role="status">
          {t('cash.noCard')} <Link to={paths.wallet.bind.getHref()}>{t('cards.bindFirst')}</Link>
        </p>
      ) : (
        <form ref={attachForm} className="section-form" onSubmit={(e) => handleSubmit(withdraw)(e)} noValidate>
          <fieldset className="cash__cards">
            <legend>{t('cash.toCard')}</legend>
            {items.map((c) => (
              <label key={c.id} className="cash__card">
                <input type="radio" name="card" checked={chosen === c.id} onChange={() => setCardId(c.id)} />
                <span>
                  {c.bank_name} {c.masked_number}
                </span>
              </label>
            ))}
          </fieldset>
          <div className={`form-field${amountError ? ' form-field--invalid' : ''}`}>
            <label htmlFor="cash-amount" className="form-field__label">
              {t('cash.amount')}
            </label>
            <input id="cash-amount" className="input" inputMode="decimal" value={values.amount} onChange={(e) => set('amount', e.target.value)} aria-invalid={amountError ? true : undefined} aria-describedby="cash-amount-hint" />
            <p id="cash-amount-hint" className={amountError ? 'form-field__error' : 'form-field__hint'}>
              {amountError ?? t('cash.limits', { min: formatFen(WITHDRAWAL_LIMITS.minFen), max: formatFen(WITHDRAWAL_LIMITS.dailyMaxFen), count: WITHDRAWAL_LIMITS.dailyMaxCount })}
            </p>
          </div>
          <PayPasswordInput value={values.pay_password} onChange={(v) => set('pay_password', v)} error={problemText(errors.pay_password)} disabled={pending} />
          <FormError error={formError} />
          <SubmitButton pending={pending}>{t('cash.submit')}</SubmitButton>
        </form>
      )}
    </SectionPage>
  );
}

function WithdrawalRow({ w }: { w: Withdrawal }) {
  const { t } = useTranslation('rewards');
  const lang = useLang();
  return (
    <li className="section-row" data-testid="withdrawal-row" data-status={w.status}>
      <div className="section-row__main">
        <p className="section-row__title">
          <span className={`section-badge withdrawal--${w.status}`}>{t(`withdrawalStatus.${w.status}`)}</span> {w.bank_name} {w.masked_number}
        </p>
        <p className="section-row__meta">
          <time dateTime={w.created_at}>{formatDateTime(w.created_at, lang)}</time>
          <span>{w.withdrawal_no}</span>
          {w.paid_at ? <span>{t('withdrawals.paidAt', { date: formatDateTime(w.paid_at, lang) })}</span> : null}
        </p>
        {w.reject_reason ? <p className="section-row__meta">{t('withdrawals.reason', { reason: w.reject_reason })}</p> : null}
      </div>
      <div className="section-row__side">
        <span className="section-amount">{formatFen(w.amount)}</span>
      </div>
    </li>
  );
}

/** `/wallet/withdrawal`: my withdrawals with their state (pending review, approved, paid, rejected, failed). */
export function WithdrawalsPage() {
  const { t } = useTranslation('rewards');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const page = pageParam(search);
  const list = useWithdrawals(page);
  return (
    <SectionPage title={t('wallet.withdrawals')} back={{ to: paths.user.wallet.getHref(), label: t('wallet.title') }} testId="withdrawals-page">
      <PagedList<Withdrawal>
        query={list}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={(p) => void navigate({ search: p > 1 ? `?page=${p}` : '' })}
        render={(w) => <WithdrawalRow key={w.id} w={w} />}
        className="section-list"
        loadingLabel={t('loading')}
        emptyClassName="center-empty"
        empty={t('withdrawals.empty')}
        testId="withdrawal-list"
      />
    </SectionPage>
  );
}
