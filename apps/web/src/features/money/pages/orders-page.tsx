import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorCode } from '@medportal/contract/codes';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../shared/api-client';
import { errorText } from '../../../shared/errors';
import { formatDateTime } from '../../../shared/format/date';
import { formatFen } from '../../../shared/format/price';
import { useLang } from '../../../shared/hooks/use-lang';
import { pageParam } from '../../../shared/page-param';
import { PayPasswordInput } from '../components/pay-password-input';
import { newIdempotencyKey, payOrder, type OrderPayment } from '../api/payment';
import { QrPayPanel } from '../components/qr-pay-panel';
import { Dialog } from '../../../shared/ui/dialog';
import { PagedList } from '../../../shared/ui/paged-list';
import { cancelOrder, ORDER_STATUSES, PAGE_SIZE, useOrders, type Order, type OrderStatus } from '../api/money';
import { FilterTabs, SectionPage } from '../../../shared/ui/section-page';
import { invalidateAfterOrder } from '../api/keys';
import { sharedKeys } from '../../../shared/query-keys';
import { FormError } from '../../../shared/forms/form-parts';

type Tab = OrderStatus | 'all';
const TABS: readonly Tab[] = ['all', ...ORDER_STATUSES];
const isTab = (v: string | null): v is Tab => (TABS as readonly string[]).includes(v ?? '');

/** Pays a pending order: by QR code, or from the balance with the pay password. */
function PayDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation('money');
  const queryClient = useQueryClient();
  const [channel, setChannel] = useState<'balance' | 'wechat' | 'alipay'>(order.channel === 'alipay' ? 'alipay' : 'wechat');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const [payment, setPayment] = useState<OrderPayment | null>(null);
  const [paid, setPaid] = useState(false);
  const key = useRef<{ body: string; key: string } | null>(null);

  const onPaid = useCallback(() => {
    setPaid(true);
    void invalidateAfterOrder(queryClient);
    void queryClient.invalidateQueries({ queryKey: sharedKeys.courses });
  }, [queryClient]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setError(null);
    setPasswordError(null);
    if (channel === 'balance' && !/^\d{6}$/.test(password)) return setPasswordError(t('pay.payPasswordFormat'));
    const body = channel === 'balance' ? { channel, pay_password: password } : { channel };
    const text = JSON.stringify(body);
    if (key.current?.body !== text) key.current = { body: text, key: newIdempotencyKey() };
    setPending(true);
    try {
      const result = await payOrder(order.order_no, body, key.current.key);
      if (result.status === 'paid') onPaid();
      else setPayment(result);
    } catch (e) {
      if (isApiError(e) && e.code === ErrorCode.WRONG_PAY_PASSWORD) setPasswordError(errorText(e));
      else setError(e);
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open title={t('orders.payTitle')} onClose={onClose}>
      {paid ? (
        <div className="qr-pay qr-pay--done" role="status" data-testid="pay-success">
          <p className="qr-pay__done">{t('pay.paid')}</p>
          <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
            {t('close')}
          </button>
        </div>
      ) : payment ? (
        <QrPayPanel payment={payment} onPaid={onPaid} onRestart={() => setPayment(null)} />
      ) : (
        <form className="buy-form" onSubmit={(e) => void submit(e)} noValidate>
          <p className="buy-form__total">
            {order.title} <strong>{formatFen(order.amount)}</strong>
          </p>
          <fieldset className="buy-form__group">
            <legend>{t('buy.payWith')}</legend>
            {(['balance', 'wechat', 'alipay'] as const).map((c) => (
              <label key={c} className="buy-form__option">
                <input type="radio" name="order-channel" checked={channel === c} onChange={() => setChannel(c)} />
                <span>{t(`channels.${c}`)}</span>
              </label>
            ))}
          </fieldset>
          {channel === 'balance' ? <PayPasswordInput value={password} onChange={setPassword} error={passwordError} disabled={pending} /> : null}
          <FormError error={error} />
          <button type="submit" className="button button--primary button--block" disabled={pending} aria-busy={pending || undefined}>
            {channel === 'balance' ? t('buy.payNow') : t('buy.showQr')}
          </button>
        </form>
      )}
    </Dialog>
  );
}

function OrderRow({ order, onPay }: { order: Order; onPay: (o: Order) => void }) {
  const { t } = useTranslation('money');
  const lang = useLang();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [cancelling, setCancelling] = useState(false);
  const detailId = `order-${order.order_no}`;

  const cancel = async () => {
    setCancelling(true);
    setError(null);
    try {
      await cancelOrder(order.order_no);
      setConfirming(false);
      await invalidateAfterOrder(queryClient);
    } catch (e) {
      setError(e);
    } finally {
      setCancelling(false);
    }
  };

  const target = order.module === 'course' ? paths.courseDetail.getHref(order.module_id) : paths.user.wallet.getHref();
  return (
    <li className="section-row section-row--order" data-testid="order-row" data-status={order.status}>
      <div className="section-row__main">
        <p className="section-row__title">
          <span className={`section-badge section-badge--${order.status}`}>{t(`orderStatus.${order.status}`)}</span>{' '}
          <Link to={target}>{order.title}</Link>
        </p>
        <p className="section-row__meta">
          <time dateTime={order.created_at}>{formatDateTime(order.created_at, lang)}</time>
          <span>{t(`channels.${order.channel}`)}</span>
        </p>
        <button type="button" className="button--link section-row__toggle" aria-expanded={open} aria-controls={detailId} onClick={() => setOpen(!open)}>
          {open ? t('orders.hideDetail') : t('orders.detail')}
        </button>
        {open ? (
          <dl id={detailId} className="money-detail">
            <div>
              <dt>{t('orders.orderNo')}</dt>
              <dd>{order.order_no}</dd>
            </div>
            <div>
              <dt>{t('orders.original')}</dt>
              <dd>{formatFen(order.original_amount)}</dd>
            </div>
            {order.coupon_discount > 0 ? (
              <div>
                <dt>{t('orders.coupon')}</dt>
                <dd>−{formatFen(order.coupon_discount)}</dd>
              </div>
            ) : null}
            {order.points_deduction > 0 ? (
              <div>
                <dt>{t('orders.points', { count: order.points_used })}</dt>
                <dd>−{formatFen(order.points_deduction)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('orders.amount')}</dt>
              <dd>{formatFen(order.amount)}</dd>
            </div>
            {order.status === 'pending' ? (
              <div>
                <dt>{t('orders.expiresAt')}</dt>
                <dd>{formatDateTime(order.expires_at, lang)}</dd>
              </div>
            ) : null}
            {order.paid_at ? (
              <div>
                <dt>{t('orders.paidAt')}</dt>
                <dd>{formatDateTime(order.paid_at, lang)}</dd>
              </div>
            ) : null}
            {order.closed_at ? (
              <div>
                <dt>{t('orders.closedAt')}</dt>
                <dd>{formatDateTime(order.closed_at, lang)}</dd>
              </div>
            ) : null}
            {order.refunded_at ? (
              <div>
                <dt>{t('orders.refundedAt')}</dt>
                <dd>{formatDateTime(order.refunded_at, lang)}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}
        <FormError error={error} />
      </div>
      <div className="section-row__side">
        <span className="section-amount">{formatFen(order.amount)}</span>
        {order.status === 'pending' ? (
          <div className="section-row__actions">
            <button type="button" className="button button--primary" onClick={() => onPay(order)}>
              {t('orders.pay')}
            </button>
            {confirming ? (
              <>
                <button type="button" className="button" onClick={() => void cancel()} disabled={cancelling} aria-busy={cancelling || undefined}>
                  {t('orders.confirmCancel')}
                </button>
                <button type="button" className="button--link" onClick={() => setConfirming(false)}>
                  {t('orders.keep')}
                </button>
              </>
            ) : (
              <button type="button" className="button" onClick={() => setConfirming(true)}>
                {t('orders.cancel')}
              </button>
            )}
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** `/user/order`: my orders by status, with their detail; a pending order can be paid or cancelled. */
export function OrdersPage() {
  const { t } = useTranslation('money');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const page = pageParam(search);
  const raw = search.get('status');
  const tab: Tab = isTab(raw) ? raw : 'all';
  const list = useOrders(page, tab === 'all' ? '' : tab);
  const [paying, setPaying] = useState<Order | null>(null);
  const go = (next: { tab?: Tab; page?: number }) => {
    const q = new URLSearchParams();
    const s = next.tab ?? tab;
    if (s !== 'all') q.set('status', s);
    if ((next.page ?? 1) > 1) q.set('page', String(next.page));
    void navigate({ search: q.toString() ? `?${q.toString()}` : '' });
  };
  return (
    <SectionPage title={t('orders.title')} testId="orders-page">
      <FilterTabs label={t('orders.filter')} values={TABS} value={tab} onChange={(v) => go({ tab: v })} text={(v) => (v === 'all' ? t('orders.all') : t(`orderStatus.${v}`))} />
      <PagedList<Order>
        query={list}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={(p) => go({ page: p })}
        render={(o) => <OrderRow key={o.order_no} order={o} onPay={setPaying} />}
        className="section-list"
        loadingLabel={t('loading')}
        emptyClassName="center-empty"
        empty={
          <>
            {t('orders.empty')} <Link to={paths.course.getHref()}>{t('orders.browse')}</Link>
          </>
        }
        testId="order-list"
      />
      {paying ? <PayDialog order={paying} onClose={() => setPaying(null)} /> : null}
    </SectionPage>
  );
}
