import { useTranslation } from 'react-i18next';
import { formatFen } from '../../../shared/format/price';
import { formatDateTime } from '../../../shared/format/date';
import { useLang } from '../../../shared/hooks/use-lang';
import type { Txn } from '../api/money';

/** A signed amount: "+¥12.00" or "−¥3.00", coloured by direction. */
export function SignedAmount({ fen }: { fen: number }) {
  const cls = fen > 0 ? 'section-amount section-amount--in' : fen < 0 ? 'section-amount section-amount--out' : 'section-amount';
  return <span className={cls}>{fen > 0 ? `+${formatFen(fen)}` : formatFen(fen)}</span>;
}

/** One ledger row: what happened, when, the signed change and the balance after it. */
export function TxnRow({ txn }: { txn: Txn }) {
  const { t } = useTranslation('money');
  const lang = useLang();
  const frozen = txn.frozen_delta !== 0;
  return (
    <li className="section-row" data-testid="bill-row" data-type={txn.type}>
      <div className="section-row__main">
        <p className="section-row__title">
          <span className="section-badge">{t(`txnTypes.${txn.type}`)}</span> {txn.title}
        </p>
        <p className="section-row__meta">
          <time dateTime={txn.created_at}>{formatDateTime(txn.created_at, lang)}</time>
          {frozen ? <span>{t('bill.frozenDelta', { amount: (txn.frozen_delta > 0 ? '+' : '') + formatFen(txn.frozen_delta) })}</span> : null}
        </p>
      </div>
      <div className="section-row__side">
        <SignedAmount fen={txn.amount} />
        <p className="section-row__meta">{t('bill.balanceAfter', { amount: formatFen(txn.balance_after) })}</p>
      </div>
    </li>
  );
}
