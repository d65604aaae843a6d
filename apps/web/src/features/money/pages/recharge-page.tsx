import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { formatFen } from '../../../shared/format/price';
import { newIdempotencyKey, parseYuan, useWalletInfo, type OrderPayment } from '../api/payment';
import { QrPayPanel } from '../components/qr-pay-panel';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { startRecharge, usePayExplain, useRechargeList } from '../api/money';
import { SectionPage } from '../../../shared/ui/section-page';
import { rechargeRules, type RechargeValues } from '../lib/forms';
import { useForm } from '../../../shared/forms/use-form';
import { FormError, SubmitButton } from '../../../shared/forms/form-parts';
import { moneyKeys } from '../api/keys';

/**
 * `/wallet/recharge`: an option or a custom amount, WeChat Pay or Alipay; the QR code's order is
 * polled until paid and the balance above changes without a reload.
 */
export function RechargePage() {
  const { t } = useTranslation('money');
  const queryClient = useQueryClient();
  const wallet = useWalletInfo();
  const options = useRechargeList();
  const explain = usePayExplain();
  const [payment, setPayment] = useState<OrderPayment | null>(null);
  const [done, setDone] = useState(false);
  const key = useRef<{ body: string; key: string } | null>(null);

  const list = options.data;
  // No choice yet: the first option (or a custom amount when the list has none).
  const first = String(list?.items[0]?.id ?? 'custom');
  const form = useForm<RechargeValues, 'range'>({ option: '', custom: '', channel: 'wechat' }, rechargeRules(list?.min_amount ?? 0, list?.max_amount ?? 0, first));
  const { values, set, errors, attachForm, pending, formError, handleSubmit } = form;
  const selected = values.option || first;
  const range = list ? t('recharge.range', { min: formatFen(list.min_amount), max: formatFen(list.max_amount) }) : '';
  const fieldError = errors.custom ? range : null;
  const channel = values.channel;

  const onPaid = useCallback(() => {
    setDone(true);
    void queryClient.invalidateQueries({ queryKey: moneyKeys.all });
  }, [queryClient]);

  const recharge = async (v: RechargeValues) => {
    if (!list) return;
    const option = v.option || selected;
    const body = option === 'custom' ? { amount: parseYuan(v.custom) ?? 0, channel: v.channel } : { option_id: Number(option), channel: v.channel };
    // A retry of the same choice reuses its key, so the server answers with the first order.
    const text = JSON.stringify(body);
    if (key.current?.body !== text) key.current = { body: text, key: newIdempotencyKey() };
    setDone(false);
    setPayment(await startRecharge(body, key.current.key));
  };

  const restart = () => {
    key.current = null;
    setPayment(null);
    setDone(false);
  };

  return (
    <SectionPage title={t('recharge.title')} back={{ to: paths.user.wallet.getHref(), label: t('wallet.title') }} testId="recharge-page">
      <p className="recharge__balance" aria-live="polite">
        {t('wallet.balance')}{' '}
        <strong data-testid="wallet-balance">{wallet.data ? formatFen(wallet.data.balance) : '…'}</strong>
      </p>
      {payment ? (
        <div className="recharge__pay">
          <QrPayPanel key={payment.order_no} payment={payment} onPaid={onPaid} onRestart={restart} />
          <button type="button" className="button" onClick={restart}>
            {done ? t('recharge.again') : t('recharge.change')}
          </button>
        </div>
      ) : options.isPending ? (
        <Skeleton height={160} />
      ) : options.isError ? (
        <ErrorState error={options.error} onRetry={() => void options.refetch()} />
      ) : (
        <form ref={attachForm} className="recharge" onSubmit={(e) => handleSubmit(recharge)(e)} noValidate>
          <fieldset className="recharge__options">
            <legend>{t('recharge.amount')}</legend>
            {options.data.items.map((o) => (
              <label key={o.id} className="recharge__option">
                <input type="radio" name="option" checked={selected === String(o.id)} onChange={() => set('option', String(o.id))} />
                <span className="recharge__option-amount">{formatFen(o.amount)}</span>
                {o.label ? <span className="recharge__option-label">{o.label}</span> : null}
              </label>
            ))}
            <label className="recharge__option">
              <input type="radio" name="option" checked={selected === 'custom'} onChange={() => set('option', 'custom')} />
              <span className="recharge__option-amount">{t('recharge.custom')}</span>
            </label>
          </fieldset>
          {selected === 'custom' ? (
            <div className={`form-field${fieldError ? ' form-field--invalid' : ''}`}>
              <label htmlFor="recharge-custom" className="form-field__label">
                {t('recharge.customLabel')}
              </label>
              <input
                id="recharge-custom"
                className="input"
                inputMode="decimal"
                value={values.custom}
                onChange={(e) => set('custom', e.target.value)}
                placeholder={range}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? 'recharge-custom-error' : undefined}
              />
              {fieldError ? (
                <p id="recharge-custom-error" className="form-field__error">
                  {fieldError}
                </p>
              ) : null}
            </div>
          ) : null}
          <fieldset className="recharge__channels">
            <legend>{t('buy.payWith')}</legend>
            {(['wechat', 'alipay'] as const).map((c) => (
              <label key={c} className="buy-form__option">
                <input type="radio" name="channel" checked={channel === c} onChange={() => set('channel', c)} />
                <span>{t(`channels.${c}`)}</span>
              </label>
            ))}
          </fieldset>
          <FormError error={formError} />
          <SubmitButton pending={pending}>{t('recharge.submit')}</SubmitButton>
        </form>
      )}
      {explain.data ? (
        <aside className="money-explain" aria-label={explain.data.title}>
          <h2 className="section-page__sub">{explain.data.title}</h2>
          {explain.data.paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </aside>
      ) : null}
    </SectionPage>
  );
}
