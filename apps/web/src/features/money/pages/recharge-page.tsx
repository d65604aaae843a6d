import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { errorText } from '../../../shared/errors';
import { formatFen } from '../../../shared/format/price';
import { parseYuan } from '../api/payment';
import { newIdempotencyKey, useWalletInfo, type OrderPayment, type QrChannel } from '../api/payment';
import { QrPayPanel } from '../components/qr-pay-panel';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { startRecharge, usePayExplain, useRechargeList } from '../api/money';
import { SectionPage } from '../../../shared/ui/section-page';
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
  const [optionId, setOptionId] = useState<number | 'custom' | null>(null);
  const [custom, setCustom] = useState('');
  const [channel, setChannel] = useState<QrChannel>('wechat');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const [payment, setPayment] = useState<OrderPayment | null>(null);
  const [done, setDone] = useState(false);
  const key = useRef<{ body: string; key: string } | null>(null);

  const list = options.data;
  const selected = optionId ?? list?.items[0]?.id ?? 'custom';

  const onPaid = useCallback(() => {
    setDone(true);
    void queryClient.invalidateQueries({ queryKey: moneyKeys.all });
  }, [queryClient]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || !list) return;
    setError(null);
    setFieldError(null);
    let body;
    if (selected === 'custom') {
      const fen = parseYuan(custom);
      if (fen === null || fen < list.min_amount || fen > list.max_amount) {
        setFieldError(t('recharge.range', { min: formatFen(list.min_amount), max: formatFen(list.max_amount) }));
        return;
      }
      body = { amount: fen, channel };
    } else {
      body = { option_id: selected, channel };
    }
    const text = JSON.stringify(body);
    if (key.current?.body !== text) key.current = { body: text, key: newIdempotencyKey() };
    setPending(true);
    try {
      setDone(false);
      setPayment(await startRecharge(body, key.current.key));
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
    }
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
        <form className="recharge" onSubmit={(e) => void submit(e)} noValidate>
          <fieldset className="recharge__options">
            <legend>{t('recharge.amount')}</legend>
            {options.data.items.map((o) => (
              <label key={o.id} className="recharge__option">
                <input type="radio" name="option" checked={selected === o.id} onChange={() => setOptionId(o.id)} />
                <span className="recharge__option-amount">{formatFen(o.amount)}</span>
                {o.label ? <span className="recharge__option-label">{o.label}</span> : null}
              </label>
            ))}
            <label className="recharge__option">
              <input type="radio" name="option" checked={selected === 'custom'} onChange={() => setOptionId('custom')} />
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
                value={custom}
                onChange={(e) => setCustom(e.target.value)}
                placeholder={t('recharge.range', { min: formatFen(options.data.min_amount), max: formatFen(options.data.max_amount) })}
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
                <input type="radio" name="channel" checked={channel === c} onChange={() => setChannel(c)} />
                <span>{t(`channels.${c}`)}</span>
              </label>
            ))}
          </fieldset>
          {error ? (
            <p className="form-error" role="alert">
              {errorText(error)}
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
            {pending ? <span className="spinner" aria-hidden="true" /> : null}
            {t('recharge.submit')}
          </button>
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
