import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatFen } from '../../../shared/format/price';
import { useWalletInfo } from '../api/payment';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useTransactions } from '../api/money';
import { SectionPage } from '../../../shared/ui/section-page';
import { TxnRow } from '../components/parts';

/** `/user/wallet`: balance and frozen amount in yuan, the ways in and out, and the latest bill rows. */
export function WalletPage() {
  const { t } = useTranslation('money');
  const wallet = useWalletInfo();
  const recent = useTransactions(1, '');
  return (
    <SectionPage title={t('wallet.title')} testId="wallet-page">
      {wallet.isPending ? (
        <Skeleton height={120} />
      ) : wallet.isError ? (
        <ErrorState error={wallet.error} onRetry={() => void wallet.refetch()} />
      ) : (
        <div className="wallet-card">
          <div>
            <p className="wallet-card__label">{t('wallet.balance')}</p>
            <p className="wallet-card__balance" data-testid="wallet-balance">
              {formatFen(wallet.data.balance)}
            </p>
            <p className="wallet-card__frozen">{t('wallet.frozen', { amount: formatFen(wallet.data.frozen) })}</p>
          </div>
          <div className="wallet-card__actions">
            <Link className="button button--primary" to={paths.wallet.recharge.getHref()}>
              {t('wallet.recharge')}
            </Link>
            <Link className="button" to={paths.wallet.cash.getHref()}>
              {t('wallet.withdraw')}
            </Link>
          </div>
        </div>
      )}
      <ul className="wallet-links">
        <li>
          <Link to={paths.bill.getHref()}>{t('wallet.bill')}</Link>
        </li>
        <li>
          <Link to={paths.wallet.account.getHref()}>{t('wallet.accounts')}</Link>
        </li>
        <li>
          <Link to={paths.wallet.withdrawal.getHref()}>{t('wallet.withdrawals')}</Link>
        </li>
        <li>
          <Link to={paths.user.coupon.getHref()}>{t('wallet.coupons')}</Link>
        </li>
        <li>
          <Link to={paths.voucher.getHref()}>{t('wallet.voucher')}</Link>
        </li>
        <li>
          <Link to={paths.credit.getHref()}>{t('wallet.credit')}</Link>
        </li>
        <li>
          <Link to={paths.payPassword.getHref()}>{t('wallet.payPassword')}</Link>
        </li>
      </ul>
      <h2 className="section-page__sub">{t('wallet.recent')}</h2>
      {recent.isPending ? (
        <Skeleton height={72} />
      ) : recent.isError ? (
        <ErrorState error={recent.error} onRetry={() => void recent.refetch()} />
      ) : recent.data.items.length === 0 ? (
        <p className="center-empty">{t('bill.empty')}</p>
      ) : (
        <>
          <ul className="section-list">
            {recent.data.items.slice(0, 5).map((txn) => (
              <TxnRow key={txn.id} txn={txn} />
            ))}
          </ul>
          <p>
            <Link to={paths.bill.getHref()}>{t('wallet.allBill')}</Link>
          </p>
        </>
      )}
    </SectionPage>
  );
}
