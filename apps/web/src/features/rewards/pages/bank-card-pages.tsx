import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_COUNTRY_CODE } from '@medportal/contract/constants';
import { paths } from '../../../config/paths';
import { errorText } from '../../../shared/errors';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { addBankCard, checkBankCard, deleteCard, luhnValid, setDefaultCard, useBankCards, type BankCard } from '../api/rewards';
import { rewardsKeys } from '../api/keys';
import { SectionPage } from '../../../shared/ui/section-page';
import { useForm } from '../../../shared/forms/use-form';
import { FormError, SubmitButton } from '../../../shared/forms/form-parts';
import { bankCardRules, type BankCardValues } from '../lib/forms';

/** "6222 0202 0000 1234": digits in groups of four while typing. */
const groupDigits = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

function CardRow({ card }: { card: BankCard }) {
  const { t } = useTranslation('rewards');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: rewardsKeys.bankCards });
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="bank-card" data-testid="bank-card">
      <div className="bank-card__body">
        <p className="bank-card__bank">
          {card.bank_name} <span className="bank-card__type">{t(`cardTypes.${card.card_type}`)}</span>
          {card.is_default ? <span className="section-badge bank-card__default">{t('cards.default')}</span> : null}
        </p>
        <p className="bank-card__number">{card.masked_number}</p>
        <p className="section-row__meta">
          {card.holder_name} · {card.mobile}
        </p>
        <FormError error={error} />
      </div>
      <div className="section-row__actions">
        {card.is_default ? null : (
          <button type="button" className="button" disabled={busy} onClick={() => void run(() => setDefaultCard(card.id))}>
            {t('cards.makeDefault')}
          </button>
        )}
        {confirm ? (
          <button type="button" className="button" disabled={busy} onClick={() => void run(() => deleteCard(card.id))}>
            {t('cards.confirmRemove', { last4: card.last4 })}
          </button>
        ) : (
          <button type="button" className="button--link" onClick={() => setConfirm(true)}>
            {t('cards.remove')}
          </button>
        )}
      </div>
    </li>
  );
}

/** `/wallet/account`: my withdrawal accounts (bank cards, masked), the default first. */
export function BankCardsPage() {
  const { t } = useTranslation('rewards');
  const cards = useBankCards();
  return (
    <SectionPage
      title={t('cards.title')}
      back={{ to: paths.user.wallet.getHref(), label: t('wallet.title') }}
      actions={
        <Link className="button button--primary" to={paths.wallet.addAccount.getHref()}>
          {t('cards.add')}
        </Link>
      }
      testId="cards-page"
    >
      {cards.isPending ? (
        <Skeleton height={96} />
      ) : cards.isError ? (
        <ErrorState error={cards.error} onRetry={() => void cards.refetch()} />
      ) : cards.data.items.length === 0 ? (
        <p className="center-empty" role="status">
          {t('cards.empty')} <Link to={paths.wallet.bind.getHref()}>{t('cards.bindFirst')}</Link>
        </p>
      ) : (
        <ul className="section-list">
          {cards.data.items.map((c) => (
            <CardRow key={c.id} card={c} />
          ))}
        </ul>
      )}
    </SectionPage>
  );
}

type Bank = { bank_name: string; card_type: string; masked_number: string };

/**
 * `/wallet/add_account` and `/wallet/bind`: add a bank card. The number is checked as it is
 * typed (Luhn), then by the server, which names the bank from the card's BIN.
 */
export function AddBankCardPage() {
  const { t } = useTranslation('rewards');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [bank, setBank] = useState<Bank | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
  const form = useForm<BankCardValues, 'holder' | 'number' | 'mobile'>({ holder_name: '', card_number: '', mobile: '', is_default: true }, bankCardRules(luhnValid));
  const { values, set, attachForm, pending, formError, handleSubmit } = form;
  const errors = {
    holder: form.errors.holder_name ? t('cards.errors.holder') : undefined,
    number: form.errors.card_number ? t('cards.errors.number') : undefined,
    mobile: form.errors.mobile ? t('cards.errors.mobile') : undefined,
  };

  const digits = values.card_number;
  const luhn = digits.length >= 12 ? luhnValid(digits) : null;

  const check = async () => {
    setBank(null);
    setCheckError(null);
    if (!luhn) return;
    try {
      setBank(await checkBankCard(digits));
    } catch (e) {
      setCheckError(errorText(e));
    }
  };

  const save = async (v: BankCardValues) => {
    await addBankCard({ holder_name: v.holder_name.trim(), card_number: v.card_number, mobile: v.mobile, country_code: DEFAULT_COUNTRY_CODE, is_default: v.is_default });
    await queryClient.invalidateQueries({ queryKey: rewardsKeys.bankCards });
    void navigate(paths.wallet.account.getHref());
  };

  const numberHint =
    luhn === false ? t('cards.luhnBad') : bank ? `${bank.bank_name} · ${t(`cardTypes.${bank.card_type}`, { defaultValue: bank.card_type })}` : luhn ? t('cards.luhnOk') : t('cards.numberHint');

  return (
    <SectionPage title={t('cards.addTitle')} back={{ to: paths.wallet.account.getHref(), label: t('cards.title') }} testId="add-card-page">
      <form ref={attachForm} className="section-form" onSubmit={(e) => handleSubmit(save)(e)} noValidate>
        <div className={`form-field${errors.holder ? ' form-field--invalid' : ''}`}>
          <label htmlFor="card-holder" className="form-field__label">
            {t('cards.holder')}
          </label>
          <input id="card-holder" className="input" value={values.holder_name} onChange={(e) => set('holder_name', e.target.value)} maxLength={40} autoComplete="cc-name" aria-invalid={errors.holder ? true : undefined} aria-describedby={errors.holder ? 'card-holder-error' : undefined} />
          {errors.holder ? <p id="card-holder-error" className="form-field__error">{errors.holder}</p> : null}
        </div>
        <div className={`form-field${errors.number || luhn === false || checkError ? ' form-field--invalid' : ''}`}>
          <label htmlFor="card-number" className="form-field__label">
            {t('cards.number')}
          </label>
          <input
            id="card-number"
            className="input"
            inputMode="numeric"
            autoComplete="cc-number"
            value={groupDigits(digits)}
            maxLength={23}
            onChange={(e) => {
              set('card_number', e.target.value.replace(/\D/g, '').slice(0, 19));
              setBank(null);
              setCheckError(null);
            }}
            onBlur={() => void check()}
            aria-invalid={errors.number || luhn === false ? true : undefined}
            aria-describedby="card-number-hint"
          />
          <p id="card-number-hint" className={luhn === false || checkError || errors.number ? 'form-field__error' : 'form-field__hint'} aria-live="polite" data-testid="card-check">
            {errors.number ?? checkError ?? numberHint}
          </p>
        </div>
        <div className={`form-field${errors.mobile ? ' form-field--invalid' : ''}`}>
          <label htmlFor="card-mobile" className="form-field__label">
            {t('cards.mobile')}
          </label>
          <input id="card-mobile" className="input" type="tel" inputMode="numeric" autoComplete="tel-national" value={values.mobile} maxLength={15} onChange={(e) => set('mobile', e.target.value.replace(/\D/g, ''))} aria-invalid={errors.mobile ? true : undefined} aria-describedby={errors.mobile ? 'card-mobile-error' : undefined} />
          {errors.mobile ? <p id="card-mobile-error" className="form-field__error">{errors.mobile}</p> : null}
        </div>
        <label className="checkbox-field">
          <input type="checkbox" checked={values.is_default} onChange={(e) => set('is_default', e.target.checked)} /> {t('cards.setDefault')}
        </label>
        <FormError error={formError} />
        <SubmitButton pending={pending}>{t('cards.save')}</SubmitButton>
      </form>
    </SectionPage>
  );
}
