import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { creditText } from '../../../shared/credit/credit-api';
import { formatDate } from '../../../shared/format/date';
import { useLang } from '../../../shared/hooks/use-lang';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { type CmeCard, type CreditClaim, downloadCme, useCmeCard } from '../api/cme';
import '../cme.css';
import { FormError } from '../../../shared/forms/form-parts';

function Tally({ label, earned, need, deficit, testId }: { label: string; earned: number; need: string; deficit: number; testId: string }) {
  const { t } = useTranslation('member');
  return (
    <div className={deficit > 0 ? 'cme-tally cme-tally--short' : 'cme-tally'} data-testid={testId}>
      <p className="cme-tally__label">{label}</p>
      <p className="cme-tally__value">{creditText(earned)}</p>
      <p className="cme-tally__need">{need}</p>
      <p className="cme-tally__state">{deficit > 0 ? t('cme.card.deficit', { credits: creditText(deficit) }) : t('cme.card.ok')}</p>
    </div>
  );
}

function ClaimRow({ c }: { c: CreditClaim }) {
  const { t } = useTranslation(['member', 'common']);
  const lang = useLang();
  return (
    <li className="section-row" data-testid="cme-claim-row">
      <div className="section-row__main">
        <p className="section-row__title">
          <span className="section-badge">
            {t(`common:credit.regime.${c.regime}`)} {t(`common:credit.class.${c.credit_class}`)}
          </span>{' '}
          <Link to={paths.creditActivity.getHref(c.kind, c.activity_id)}>{c.title}</Link>
        </p>
        <p className="section-row__meta">
          <span>{c.project_number}</span>
          <time dateTime={c.claimed_at}>{formatDate(c.claimed_at, lang)}</time>
          <span>{c.certificate_code ? t('cme.card.cert', { code: c.certificate_code }) : t('cme.card.certPending')}</span>
        </p>
      </div>
      <div className="section-row__side">
        <span className="section-amount section-amount--in">{t('cme.card.credits', { credits: creditText(c.hundredths) })}</span>
      </div>
    </li>
  );
}

function Card({ card }: { card: CmeCard }) {
  const { t } = useTranslation('member');
  const lang = useLang();
  const [exporting, setExporting] = useState<'csv' | 'pdf' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const exportAs = async (format: 'csv' | 'pdf') => {
    setExporting(format);
    setError(null);
    try {
      await downloadCme(format, card.year, lang);
    } catch (e) {
      setError(e);
    } finally {
      setExporting(null);
    }
  };
  const band = (x: { min_hundredths: number; max_hundredths: number }) => t('cme.card.band', { min: creditText(x.min_hundredths), max: creditText(x.max_hundredths) });
  return (
    <>
      <p className={card.met ? 'cme-verdict' : 'cme-verdict cme-verdict--short'} data-testid="cme-verdict" role="status">
        {card.met ? t('cme.card.met') : t('cme.card.notMet')}
      </p>
      <div className="cme-tallies">
        <Tally label={t('cme.card.classI')} earned={card.class_i.earned_hundredths} need={band(card.class_i)} deficit={card.class_i.deficit_hundredths} testId="cme-class-i" />
        <Tally label={t('cme.card.classII')} earned={card.class_ii.earned_hundredths} need={band(card.class_ii)} deficit={card.class_ii.deficit_hundredths} testId="cme-class-ii" />
        <Tally
          label={t('cme.card.total')}
          earned={card.total.counted_hundredths}
          need={t('cme.card.min', { min: creditText(card.total.min_hundredths) })}
          deficit={card.total.deficit_hundredths}
          testId="cme-total"
        />
        <Tally
          label={t('cme.card.fiveYear', { from: card.five_year.from_year, to: card.five_year.to_year })}
          earned={card.five_year.national_class_i_hundredths}
          need={t('cme.card.min', { min: creditText(card.five_year.min_hundredths) })}
          deficit={card.five_year.deficit_hundredths}
          testId="cme-five-year"
        />
      </div>
      {card.ama_pra_1_hundredths > 0 ? (
        <p className="cme-ama" data-testid="cme-ama">
          {t('cme.card.ama')}: <strong>{creditText(card.ama_pra_1_hundredths)}</strong>
        </p>
      ) : null}
      <p className="cme-exports">
        <button type="button" className="button" onClick={() => void exportAs('csv')} disabled={exporting !== null} data-testid="cme-export-csv">
          {exporting === 'csv' ? t('cme.card.exporting') : t('cme.card.csv')}
        </button>
        <button type="button" className="button" onClick={() => void exportAs('pdf')} disabled={exporting !== null} data-testid="cme-export-pdf">
          {exporting === 'pdf' ? t('cme.card.exporting') : t('cme.card.pdf')}
        </button>
      </p>
      <FormError error={error} />
      <h2 className="section-page__sub">{t('cme.card.claims')}</h2>
      {card.claims.length === 0 ? (
        <p className="center-empty">{t('cme.card.empty')}</p>
      ) : (
        <ul className="section-list">
          {card.claims.map((c) => (
            <ClaimRow key={c.id} c={c} />
          ))}
        </ul>
      )}
    </>
  );
}

/** The CME tab of `/credit`: the 电子学分卡 of a year against the national requirement. */
export function CmeTab({ year, onYear }: { year: number | undefined; onYear: (y: number) => void }) {
  const { t } = useTranslation('member');
  const card = useCmeCard(year);
  if (card.isPending) return <Skeleton height={240} />;
  if (card.isError) return <ErrorState error={card.error} onRetry={() => void card.refetch()} />;
  const c = card.data;
  const years = [...new Set([c.year, c.year - 1, ...c.years])].sort((a, b) => b - a);
  return (
    <div className="cme" data-testid="cme-card" aria-busy={card.isPlaceholderData}>
      <div className="cme-head">
        <h2 className="section-page__sub">{t('cme.card.title')}</h2>
        <label className="cme-year">
          {t('cme.card.year')}{' '}
          <select value={c.year} onChange={(e) => onYear(Number(e.target.value))} data-testid="cme-year">
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Card card={c} />
    </div>
  );
}
