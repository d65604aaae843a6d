import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { errorText } from '../../../shared/errors';
import { formatDate } from '../../../shared/format/date';
import { formatFen } from '../../../shared/format/price';
import { useLang } from '../../../shared/hooks/use-lang';
import { pageParam } from '../../../shared/page-param';
import { PagedList } from '../../../shared/ui/paged-list';
import { claimCoupon, COUPON_STATUSES, PAGE_SIZE, useCouponRemain, useCoupons, type Coupon, type CouponStatus } from '../api/money';
import { FilterTabs, SectionPage } from '../../../shared/ui/section-page';
import { moneyKeys } from '../api/keys';

type Rule = Pick<Coupon, 'kind' | 'value' | 'max_discount' | 'min_spend' | 'scope'>;

/** "¥20 off" / "15% off, up to ¥30", and the minimum spend. */
function useRuleText() {
  const { t } = useTranslation('money');
  return (r: Rule) => ({
    value: r.kind === 'amount' ? formatFen(r.value) : t('coupons.percent', { value: r.value }),
    line: [
      r.kind === 'discount' && r.max_discount ? t('coupons.upTo', { amount: formatFen(r.max_discount) }) : null,
      r.min_spend > 0 ? t('coupons.minSpend', { amount: formatFen(r.min_spend) }) : t('coupons.noMin'),
      r.scope === 'all' ? t('coupons.allCourses') : t('coupons.someCourses'),
    ]
      .filter(Boolean)
      .join(' · '),
  });
}

function CouponCard({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation('money');
  const lang = useLang();
  const rule = useRuleText()(coupon);
  return (
    <li className={`coupon coupon--${coupon.status}`} data-testid="coupon">
      <div className="coupon__value">{rule.value}</div>
      <div className="coupon__body">
        <p className="coupon__title">{coupon.title}</p>
        <p className="coupon__line">{rule.line}</p>
        <p className="coupon__line">{t('coupons.valid', { from: formatDate(coupon.valid_from, lang), until: formatDate(coupon.valid_until, lang) })}</p>
        {coupon.order_no && coupon.status === 'unused' ? <p className="coupon__line">{t('coupons.held', { order: coupon.order_no })}</p> : null}
      </div>
      <div className="coupon__side">
        {coupon.status === 'unused' ? (
          <Link className="button button--primary" to={paths.course.getHref()}>
            {t('coupons.use')}
          </Link>
        ) : (
          <span className="section-badge">{t(`couponStatus.${coupon.status}`)}</span>
        )}
      </div>
    </li>
  );
}

/** Campaigns open for claiming, each with a claim button. */
function Claimable() {
  const { t } = useTranslation('money');
  const remain = useCouponRemain();
  const queryClient = useQueryClient();
  const ruleText = useRuleText();
  const [busy, setBusy] = useState<number | null>(null);
  const [message, setMessage] = useState<{ id: number; text: string; ok: boolean } | null>(null);
  const campaigns = remain.data?.campaigns ?? [];
  if (campaigns.length === 0) return null;
  const claim = async (id: number) => {
    setBusy(id);
    setMessage(null);
    try {
      await claimCoupon(id);
      setMessage({ id, text: t('coupons.claimed'), ok: true });
      await queryClient.invalidateQueries({ queryKey: moneyKeys.all });
    } catch (e) {
      setMessage({ id, text: errorText(e), ok: false });
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="coupon-claim" aria-labelledby="coupon-claim-heading">
      <h2 id="coupon-claim-heading" className="section-page__sub">
        {t('coupons.toClaim')}
      </h2>
      <ul className="section-list">
        {campaigns.map((c) => {
          const rule = ruleText(c);
          const full = c.claimed >= c.per_user_limit || c.remaining === 0;
          return (
            <li key={c.id} className="coupon coupon--unused">
              <div className="coupon__value">{rule.value}</div>
              <div className="coupon__body">
                <p className="coupon__title">{c.title}</p>
                <p className="coupon__line">{rule.line}</p>
                {message?.id === c.id ? (
                  <p className={message.ok ? 'form__status' : 'form-error'} role={message.ok ? 'status' : 'alert'}>
                    {message.text}
                  </p>
                ) : null}
              </div>
              <div className="coupon__side">
                <button type="button" className="button button--primary" disabled={full || busy === c.id} aria-busy={busy === c.id || undefined} onClick={() => void claim(c.id)}>
                  {full ? t('coupons.claimedAll') : t('coupons.claim')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const isStatus = (v: string | null): v is CouponStatus => (COUPON_STATUSES as readonly string[]).includes(v ?? '');

/** `/user/coupon`: my coupons by tab (unused, used, expired) and campaigns to claim from. */
export function CouponPage() {
  const { t } = useTranslation('money');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const page = pageParam(search);
  const raw = search.get('status');
  const status: CouponStatus = isStatus(raw) ? raw : 'unused';
  const list = useCoupons(page, status);
  const go = (s: CouponStatus, p = 1) => {
    const q = new URLSearchParams();
    if (s !== 'unused') q.set('status', s);
    if (p > 1) q.set('page', String(p));
    void navigate({ search: q.toString() ? `?${q.toString()}` : '' });
  };
  return (
    <SectionPage title={t('coupons.title')} actions={<Link to={paths.voucher.getHref()}>{t('wallet.voucher')}</Link>} testId="coupon-page">
      <FilterTabs label={t('coupons.filter')} values={COUPON_STATUSES} value={status} onChange={(s) => go(s)} text={(s) => t(`couponStatus.${s}`)} />
      <PagedList<Coupon>
        query={list}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={(p) => go(status, p)}
        render={(c) => <CouponCard key={c.id} coupon={c} />}
        className="section-list"
        loadingLabel={t('loading')}
        emptyClassName="center-empty"
        empty={t(`coupons.empty.${status}`)}
        testId="coupon-list"
      />
      {status === 'unused' ? <Claimable /> : null}
    </SectionPage>
  );
}
