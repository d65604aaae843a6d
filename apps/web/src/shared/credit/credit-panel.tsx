import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { formatDate } from '../format/date';
import { useLang } from '../hooks/use-lang';
import { creditText, type CreditKind, useCreditActivity } from './credit-api';
import './credit.css';

function Check({ ok, children }: { ok: boolean; children: string }) {
  const { t } = useTranslation('common');
  return (
    <li className={ok ? 'credit-check credit-check--ok' : 'credit-check'}>
      <span aria-hidden="true">{ok ? '✓' : '○'}</span> {children} <span className="visually-hidden">({ok ? t('credit.met') : t('credit.unmet')})</span>
    </li>
  );
}

/**
 * The credit box of a designated live, course or recording: what it gives, its requirements and
 * my progress toward each, and the way to the test, evaluation and claim. Nothing when the
 * activity gives no credit (or its answer fails: the page works without it).
 */
export function CreditPanel({ kind, id, link = true }: { kind: CreditKind; id: number; link?: boolean }) {
  const { t } = useTranslation('common');
  const lang = useLang();
  const headingId = useId();
  const info = useCreditActivity(kind, id);
  const d = info.data?.designation;
  if (!d) return null;
  const p = info.data?.progress ?? null;
  const r = d.requirements;
  return (
    <section className="credit-panel" aria-labelledby={headingId} data-testid="credit-panel">
      <h2 id={headingId} className="credit-panel__title">
        {t('credit.heading')}
        <span className="credit-badge">
          {t(`credit.regime.${d.regime}`)} {t(`credit.class.${d.credit_class}`)}
        </span>
      </h2>
      <p className="credit-panel__meta">
        <span>{t('credit.max', { credits: creditText(d.max_hundredths) })}</span>
        <span>{t('credit.project', { number: d.project_number })}</span>
      </p>
      <p className="credit-panel__meta">{d.rule.name}</p>
      <p className="credit-panel__meta">{t('credit.window', { from: formatDate(d.claim_opens_at, lang), to: formatDate(d.claim_closes_at, lang) })}</p>
      {p ? (
        <>
          <ul className="credit-checks">
            {p.role === 'trainee' ? <Check ok={p.attendance_pct >= r.attendance_pct}>{t('credit.attendance', { pct: p.attendance_pct, need: r.attendance_pct })}</Check> : null}
            {p.role === 'trainee' && p.presence.asked > 0 ? (
              <Check ok={!p.unmet.includes('presence')}>{t('credit.presence', { answered: p.presence.answered, asked: p.presence.asked, need: r.presence_pct })}</Check>
            ) : null}
            {p.role === 'trainee' && r.test_questions > 0 ? <Check ok={p.test.passed}>{p.test.passed ? t('credit.testPassed') : t('credit.testPending', { left: p.test.attempts_left })}</Check> : null}
            {p.role === 'trainee' && r.evaluation ? <Check ok={p.evaluated}>{p.evaluated ? t('credit.evaluated') : t('credit.notEvaluated')}</Check> : null}
          </ul>
          <p className="credit-panel__amount" data-testid="credit-estimate">
            {p.claim ? t('credit.claimed', { credits: creditText(p.claim.hundredths) }) : t('credit.estimated', { credits: creditText(p.estimated_hundredths) })}
          </p>
        </>
      ) : (
        <p className="credit-panel__meta">{t('credit.loginToSee')}</p>
      )}
      {link ? (
        <p>
          <Link className="button button--primary credit-panel__go" to={paths.creditActivity.getHref(kind, id)}>
            {p?.claim ? t('credit.openClaimed') : t('credit.open')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
