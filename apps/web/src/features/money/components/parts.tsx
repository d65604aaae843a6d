import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatFen } from '../../../shared/format/price';
import { formatDateTime } from '../../../shared/format/date';
import { useLang } from '../../../shared/hooks/use-lang';
import type { Txn } from '../api/money';

/** "12.50" (yuan, at most two decimals) → 1250 fen; null when it is not such a number. No floating point. */
export function parseYuan(text: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** A signed amount: "+¥12.00" or "−¥3.00", coloured by direction. */
export function SignedAmount({ fen }: { fen: number }) {
  const cls = fen > 0 ? 'money-amount money-amount--in' : fen < 0 ? 'money-amount money-amount--out' : 'money-amount';
  return <span className={cls}>{fen > 0 ? `+${formatFen(fen)}` : formatFen(fen)}</span>;
}

/** Filter buttons (aria-pressed) above a list. */
export function FilterTabs<V extends string>({ label, values, value, onChange, text }: { label: string; values: readonly V[]; value: V; onChange: (v: V) => void; text: (v: V) => string }) {
  return (
    <div className="center-tabs" role="group" aria-label={label}>
      {values.map((v) => (
        <button key={v} type="button" className="course-tab-like" aria-pressed={v === value} onClick={() => onChange(v)}>
          {text(v)}
        </button>
      ))}
    </div>
  );
}

/** One ledger row: what happened, when, the signed change and the balance after it. */
export function TxnRow({ txn }: { txn: Txn }) {
  const { t } = useTranslation('money');
  const lang = useLang();
  const frozen = txn.frozen_delta !== 0;
  return (
    <li className="money-row" data-testid="bill-row" data-type={txn.type}>
      <div className="money-row__main">
        <p className="money-row__title">
          <span className="money-badge">{t(`txnTypes.${txn.type}`)}</span> {txn.title}
        </p>
        <p className="money-row__meta">
          <time dateTime={txn.created_at}>{formatDateTime(txn.created_at, lang)}</time>
          {frozen ? <span>{t('bill.frozenDelta', { amount: (txn.frozen_delta > 0 ? '+' : '') + formatFen(txn.frozen_delta) })}</span> : null}
        </p>
      </div>
      <div className="money-row__side">
        <SignedAmount fen={txn.amount} />
        <p className="money-row__meta">{t('bill.balanceAfter', { amount: formatFen(txn.balance_after) })}</p>
      </div>
    </li>
  );
}

/** A page of the money section: heading, optional back link and actions. */
export function MoneyPage({ title, back, actions, children, testId }: { title: string; back?: { to: string; label: string }; actions?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="center-page money-page" aria-labelledby="center-heading" data-testid={testId}>
      {back ? (
        <p className="money-page__back">
          <Link to={back.to}>← {back.label}</Link>
        </p>
      ) : null}
      <div className="money-page__head">
        <h1 id="center-heading">{title}</h1>
        {actions}
      </div>
      {children}
    </section>
  );
}
