import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BodyOf } from '@medportal/contract';
import { ErrorCode } from '@medportal/contract/codes';
import { pointsDeduction, POINTS_MAX_ORDER_PERCENT } from '@medportal/contract/constants';
import { paths } from '../../../config/paths';
import { api, isApiError } from '../../../shared/api-client';
import { errorText } from '../../../shared/errors';
import { formatFen } from '../../../shared/format/price';
import { Dialog } from '../../../shared/ui/dialog';
import { ErrorState } from '../../../shared/ui/error-state';
import { PayPasswordInput } from './pay-password-input';
import { idempotent, newIdempotencyKey, useHasPayPassword, useWalletInfo, type Order, type OrderPayment, type QrChannel } from '../api/payment';
import { QrPayPanel } from './qr-pay-panel';
import './payment.css';
import { sharedKeys } from '../../../shared/query-keys';
import { invalidateAfterOrder } from '../api/keys';
import { FormError } from '../../../shared/forms/form-parts';

type Channel = 'balance' | QrChannel;

export interface BuyDialogCourse {
  id: number;
  title: string;
}

export interface BuyDialogProps {
  course: BuyDialogCourse;
  /** Mount the dialog while it is open: every opening starts afresh. */
  open: boolean;
  onClose: () => void;
  /** The order is paid: the caller refreshes what the purchase unlocks. */
  onPaid: (order: Order) => void;
}

const usePoints = (enabled: boolean) =>
  useQuery({
    // The personal centre's key: signing in or paying refreshes both.
    queryKey: sharedKeys.personalInfo,
    queryFn: ({ signal }) => api.call('personalInfo', { signal }),
    enabled,
    staleTime: 0,
    select: (me) => me.availablescore,
  });

const useUsableCoupons = (courseId: number, enabled: boolean) =>
  useQuery({
    queryKey: sharedKeys.couponUsable(courseId),
    queryFn: ({ signal }) => api.call('couponUsable', { query: { module: 'course', module_id: courseId }, signal }),
    enabled,
    staleTime: 0,
  });

/**
 * Keeps one Idempotency-Key per distinct request body: retrying the same purchase (a double
 * click, a timeout) reuses it and the server charges once; a changed body gets a new key.
 */
function useKeyFor() {
  const last = useRef<{ body: string; key: string } | null>(null);
  return useCallback((body: unknown) => {
    const text = JSON.stringify(body);
    if (last.current?.body !== text) last.current = { body: text, key: newIdempotencyKey() };
    return last.current.key;
  }, []);
}

/**
 * The order dialog of a paid course: price, usable coupons (the best one chosen), the amount to
 * pay, and the way to pay: the balance with the pay password, or a WeChat Pay / Alipay QR code
 * whose order is polled until it is paid.
 */
export function BuyDialog({ course, open, onClose, onPaid }: BuyDialogProps) {
  const { t } = useTranslation('money');
  const queryClient = useQueryClient();
  const usable = useUsableCoupons(course.id, open);
  const wallet = useWalletInfo(open);
  const hasPassword = useHasPayPassword(open);
  const available = usePoints(open);
  const [usePointsChecked, setUsePoints] = useState(false);
  const [couponId, setCouponId] = useState<number | null | undefined>(undefined);
  const [channel, setChannel] = useState<Channel>('balance');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const [qr, setQr] = useState<OrderPayment | null>(null);
  const [paid, setPaid] = useState<Order | null>(null);
  const keyFor = useKeyFor();

  // The best coupon is chosen once the list arrives; the buyer may change it.
  const chosen = couponId === undefined ? (usable.data?.best_coupon_id ?? null) : couponId;
  const choice = useMemo(() => usable.data?.items.find((i) => i.coupon.id === chosen) ?? null, [usable.data, chosen]);
  const price = usable.data?.price ?? 0;
  const afterCoupon = choice ? choice.amount : price;
  // Points may pay part of what is left after the coupon, as the server computes it.
  const points = pointsDeduction(afterCoupon, available.data ?? 0);
  const spent = usePointsChecked ? points : { points: 0, fen: 0 };
  const toPay = afterCoupon - spent.fen;
  const balance = wallet.data?.balance ?? 0;
  const short = channel === 'balance' && wallet.data !== undefined && balance < toPay;

  const finish = useCallback(
    (order: Order) => {
      setPaid(order);
      void invalidateAfterOrder(queryClient);
      void queryClient.invalidateQueries({ queryKey: sharedKeys.personalInfo });
      onPaid(order);
    },
    [onPaid, queryClient],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setError(null);
    setPasswordError(null);
    if (channel === 'balance') {
      if (!/^\d{6}$/.test(password)) {
        setPasswordError(t('pay.payPasswordFormat'));
        return;
      }
      const body: BodyOf<'walletPurchase'> = { module: 'course', module_id: course.id, coupon_id: chosen, points: spent.points, pay_password: password };
      setPending(true);
      try {
        const result = await api.call('walletPurchase', { body, ...idempotent(keyFor(body)) });
        finish(result.order);
      } catch (e) {
        if (isApiError(e) && e.code === ErrorCode.WRONG_PAY_PASSWORD) setPasswordError(errorText(e));
        else setError(e);
      } finally {
        setPending(false);
      }
      return;
    }
    const body: BodyOf<'createOrder'> = { module: 'course', module_id: course.id, coupon_id: chosen, points: spent.points, channel };
    setPending(true);
    try {
      setQr(await api.call('createOrder', { body, ...idempotent(keyFor(body)) }));
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
    }
  };

  let body;
  if (paid) {
    body = (
      <div className="qr-pay qr-pay--done" role="status" data-testid="pay-success">
        <p className="qr-pay__done">{t('pay.paid')}</p>
        <p>{t('buy.unlocked', { title: course.title })}</p>
        <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
          {t('buy.startLearning')}
        </button>
      </div>
    );
  } else if (qr) {
    body = (
      <>
        <QrPayPanel
          payment={qr}
          onPaid={finish}
          onRestart={() => {
            keyFor(null);
            setQr(null);
          }}
        />
        <button type="button" className="button button--link" onClick={() => setQr(null)}>
          {t('buy.otherWay')}
        </button>
      </>
    );
  } else if (usable.isPending) {
    body = <p role="status">{t('loading')}</p>;
  } else if (usable.isError) {
    body = <ErrorState error={usable.error} onRetry={() => void usable.refetch()} />;
  } else {
    const u = usable.data;
    body = (
      <form className="buy-form" onSubmit={(e) => void submit(e)} noValidate aria-label={t('buy.title')}>
        <dl className="buy-form__lines">
          <div>
            <dt>{t('buy.course')}</dt>
            <dd>{course.title}</dd>
          </div>
          <div>
            <dt>{t('buy.price')}</dt>
            <dd>
              {formatFen(u.price)}
              {u.original_price > u.price ? <s className="price__original">{formatFen(u.original_price)}</s> : null}
            </dd>
          </div>
        </dl>
        <fieldset className="buy-form__group">
          <legend>{t('buy.coupon')}</legend>
          {u.items.length === 0 ? <p className="buy-form__none">{t('buy.noCoupon')}</p> : null}
          {u.items.map((i) => (
            <label key={i.coupon.id} className="buy-form__option">
              <input type="radio" name="coupon" checked={chosen === i.coupon.id} onChange={() => setCouponId(i.coupon.id)} />
              <span>
                {i.coupon.title} <strong className="buy-form__minus">−{formatFen(i.discount)}</strong>
              </span>
            </label>
          ))}
          {u.items.length > 0 ? (
            <label className="buy-form__option">
              <input type="radio" name="coupon" checked={chosen === null} onChange={() => setCouponId(null)} />
              <span>{t('buy.withoutCoupon')}</span>
            </label>
          ) : null}
        </fieldset>
        {points.points > 0 ? (
          <label className="buy-form__option buy-form__points">
            <input type="checkbox" checked={usePointsChecked} onChange={(e) => setUsePoints(e.target.checked)} data-testid="use-points" />
            <span>
              {t('buy.usePoints', { count: points.points, available: available.data ?? 0 })}{' '}
              <strong className="buy-form__minus">−{formatFen(points.fen)}</strong>
            </span>
          </label>
        ) : available.data ? (
          <p className="buy-form__none">{t('buy.pointsNone', { available: available.data, percent: POINTS_MAX_ORDER_PERCENT })}</p>
        ) : null}
        <fieldset className="buy-form__group">
          <legend>{t('buy.payWith')}</legend>
          {(['balance', 'wechat', 'alipay'] as const).map((c) => (
            <label key={c} className="buy-form__option">
              <input type="radio" name="channel" value={c} checked={channel === c} onChange={() => setChannel(c)} />
              <span>
                {t(`channels.${c}`)}
                {c === 'balance' && wallet.data ? <span className="buy-form__balance"> {t('buy.balance', { amount: formatFen(balance) })}</span> : null}
              </span>
            </label>
          ))}
        </fieldset>
        {channel === 'balance' ? (
          short ? (
            <p className="buy-form__short" role="alert">
              {t('buy.short')} <Link to={paths.wallet.recharge.getHref()}>{t('buy.recharge')}</Link>
            </p>
          ) : (
            <PayPasswordInput value={password} onChange={setPassword} error={passwordError} disabled={pending} />
          )
        ) : null}
        <p className="buy-form__total">
          {t('buy.toPay')} <strong data-testid="amount-to-pay">{formatFen(toPay)}</strong>
        </p>
        <FormError error={error} />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={pending || (channel === 'balance' && (short || hasPassword.data?.has_pay_password === false))}
          aria-busy={pending || undefined}
        >
          {pending ? <span className="spinner" aria-hidden="true" /> : null}
          {channel === 'balance' ? t('buy.payNow') : t('buy.showQr')}
        </button>
      </form>
    );
  }

  return (
    <Dialog open={open} title={t('buy.title')} onClose={onClose}>
      <div data-testid="buy-dialog">{body}</div>
    </Dialog>
  );
}
