import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFen } from '../../../shared/format/price';
import { ErrorState } from '../../../shared/ui/error-state';
import { useOrderPolling, type Order, type OrderPayment } from '../api/payment';
import './payment.css';

/** Seconds left until `iso`, ticking every second (0 when past). */
function useSecondsLeft(iso: string): number {
  const until = Date.parse(iso);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, Math.floor((until - now) / 1000));
}

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

export interface QrPayPanelProps {
  payment: OrderPayment;
  /** Called once when the order turns paid. */
  onPaid: (order: Order) => void;
  /** Start over (a new QR code) after the order expired or was declined. */
  onRestart?: () => void;
}

/**
 * A provider's QR code for an order: amount, channel, time left, and the order's state polled
 * until it is paid; the paid state replaces the code without a reload.
 */
export function QrPayPanel({ payment, onPaid, onRestart }: QrPayPanelProps) {
  const { t } = useTranslation('money');
  const order = useOrderPolling(payment.order_no);
  const left = useSecondsLeft(payment.expires_at);
  const reported = useRef(false);
  const status = order.data?.status ?? payment.status;

  useEffect(() => {
    if (order.data?.status === 'paid' && !reported.current) {
      reported.current = true;
      onPaid(order.data);
    }
  }, [order.data, onPaid]);

  if (status === 'paid') {
    return (
      <div className="qr-pay qr-pay--done" role="status" data-testid="pay-success">
        <p className="qr-pay__done">{t('pay.paid')}</p>
        <p>{t('pay.paidAmount', { amount: formatFen(payment.amount) })}</p>
      </div>
    );
  }
  const over = status === 'closed' || status === 'refunded' || left === 0;
  if (over) {
    return (
      <div className="qr-pay" role="status">
        <p className="qr-pay__expired">{t('pay.expired')}</p>
        {onRestart ? (
          <button type="button" className="button button--primary" onClick={onRestart}>
            {t('pay.newCode')}
          </button>
        ) : null}
      </div>
    );
  }
  const opens = /^https?:\/\//.test(payment.code_url);
  return (
    <div className="qr-pay" data-testid="qr-pay" data-order-no={payment.order_no}>
      <p className="qr-pay__amount">
        {t('pay.amountToPay')} <strong>{formatFen(payment.amount)}</strong>
      </p>
      {payment.qr ? <img className="qr-pay__image" src={payment.qr} alt={t('pay.qrAlt', { channel: t(`channels.${payment.channel}`) })} width={200} height={200} /> : null}
      <p className="qr-pay__hint">{t(`pay.scan.${payment.channel === 'alipay' ? 'alipay' : 'wechat'}`)}</p>
      <p className="qr-pay__timer">{t('pay.expiresIn', { time: clock(left) })}</p>
      {opens ? (
        <p>
          <a href={payment.code_url} target="_blank" rel="noopener noreferrer">
            {t('pay.openPayPage')}
          </a>
        </p>
      ) : null}
      <p className="qr-pay__waiting" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" /> {t('pay.waiting')}
      </p>
      {order.isError ? <ErrorState error={order.error} onRetry={() => void order.refetch()} /> : null}
    </div>
  );
}
