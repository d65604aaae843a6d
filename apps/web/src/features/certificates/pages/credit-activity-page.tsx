import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@medportal/contract/codes';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { creditActivityKey, creditText, type CreditKind, useCreditActivity } from '../../../shared/credit/credit-api';
import { CreditPanel } from '../../../shared/credit/credit-panel';
import { isApiError } from '../../../shared/api-client';
import { errorText } from '../../../shared/errors';
import { formatDate } from '../../../shared/format/date';
import { useLang } from '../../../shared/hooks/use-lang';
import { loadNamespaces } from '../../../shared/i18n';
import { ErrorState } from '../../../shared/ui/error-state';
import { Skeleton } from '../../../shared/ui/skeleton';
import { type CreditTestResult, type EvaluationBody, submitClaim, submitEvaluation, submitTest, useCreditTest } from '../api/cme';
import '../cme.css';
import { SectionPage } from '../../../shared/ui/section-page';
import { certificateKeys } from '../api/keys';
import { FormError } from '../../../shared/forms/form-parts';

const KINDS: readonly CreditKind[] = ['live', 'meeting', 'course', 'series', 'recording'];
type Rating = keyof EvaluationBody['ratings'];
/** The evaluation's rating items, in the order asked (the contract's CREDIT_EVALUATION_ITEMS). */
const CREDIT_EVALUATION_ITEMS = ['content', 'teaching', 'relevance', 'unbiased'] as const satisfies readonly Rating[];

function TestSection({ kind, id, onDone }: { kind: CreditKind; id: number; onDone: () => void }) {
  const { t } = useTranslation('member');
  const test = useCreditTest(kind, id, true);
  const [answers, setAnswers] = useState<Record<number, number[]>>({});
  const [result, setResult] = useState<CreditTestResult | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const headingId = useId();
  if (test.isPending) return <Skeleton height={160} />;
  if (test.isError) return <ErrorState error={test.error} onRetry={() => void test.refetch()} />;
  const q = test.data;
  const left = q.max_attempts - q.attempts_used;
  const toggle = (qid: number, option: number, multiple: boolean, on: boolean) =>
    setAnswers((old) => {
      const mine = old[qid] ?? [];
      return { ...old, [qid]: multiple ? (on ? [...mine, option] : mine.filter((o) => o !== option)) : [option] };
    });
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setPending(true);
    setError(null);
    try {
      const r = await submitTest(
        kind,
        id,
        q.questions.map((x) => ({ question_id: x.id, options: answers[x.id] ?? [] })),
      );
      setResult(r);
      await test.refetch();
      onDone();
    } catch (err) {
      setError(err);
    } finally {
      setPending(false);
    }
  };
  return (
    <section className="cme-section" aria-labelledby={headingId} data-testid="cme-test">
      <h2 id={headingId} className="section-page__sub">
        {t('cme.activity.testTitle')}
      </h2>
      {result ? (
        <p className="cme-result" role="status" data-testid="cme-test-result">
          {t('cme.activity.testResult', { score: result.score_pct, verdict: result.passed ? t('cme.activity.pass') : t('cme.activity.fail'), left: result.attempts_left })}
        </p>
      ) : null}
      {q.passed ? (
        <p>{t('cme.activity.testPassed', { score: q.best_score_pct })}</p>
      ) : left <= 0 ? (
        <p>{t('cme.activity.noAttempts')}</p>
      ) : (
        <form className="cme-form" onSubmit={(e) => void submit(e)}>
          <p>{t('cme.activity.testIntro', { count: q.questions.length, pass: q.pass_mark_pct, max: q.max_attempts, used: q.attempts_used })}</p>
          {q.questions.map((x, n) => (
            <fieldset key={x.id} className="cme-question">
              <legend>
                {n + 1}. {x.stem}
                {x.multiple ? t('cme.activity.multiple') : ''}
              </legend>
              {x.options.map((o, i) => (
                <label key={o}>
                  <input
                    type={x.multiple ? 'checkbox' : 'radio'}
                    name={`q-${x.id}`}
                    checked={(answers[x.id] ?? []).includes(i)}
                    onChange={(e) => toggle(x.id, i, x.multiple, e.target.checked)}
                  />
                  {o}
                </label>
              ))}
            </fieldset>
          ))}
          <FormError error={error} />
          <button type="submit" className="button button--primary" disabled={pending} data-testid="cme-submit-test">
            {t('cme.activity.submitTest')}
          </button>
        </form>
      )}
    </section>
  );
}

function EvaluationSection({ kind, id, done, onDone }: { kind: CreditKind; id: number; done: boolean; onDone: () => void }) {
  const { t } = useTranslation('member');
  const headingId = useId();
  const [ratings, setRatings] = useState<Partial<Record<Rating, number>>>({});
  const [comment, setComment] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const complete = CREDIT_EVALUATION_ITEMS.every((k) => ratings[k] !== undefined);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!complete) return;
    setPending(true);
    setError(null);
    try {
      await submitEvaluation(kind, id, { ratings: ratings as Record<Rating, number>, comment });
      onDone();
    } catch (err) {
      setError(err);
    } finally {
      setPending(false);
    }
  };
  return (
    <section className="cme-section" aria-labelledby={headingId} data-testid="cme-evaluation">
      <h2 id={headingId} className="section-page__sub">
        {t('cme.activity.evalTitle')}
      </h2>
      {done ? (
        <p role="status">{t('cme.activity.evalDone')}</p>
      ) : (
        <form className="cme-form" onSubmit={(e) => void submit(e)}>
          <p>{t('cme.activity.ratingHint')}</p>
          {CREDIT_EVALUATION_ITEMS.map((k) => (
            <fieldset key={k} className="cme-rating">
              <legend>{t(`cme.activity.rating.${k}`)}</legend>
              <div className="cme-rating__options">
                {[1, 2, 3, 4, 5].map((v) => (
                  <label key={v}>
                    <input type="radio" name={`rating-${k}`} value={v} checked={ratings[k] === v} onChange={() => setRatings((old) => ({ ...old, [k]: v }))} />
                    {v}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          <label htmlFor={`${headingId}-comment`}>{t('cme.activity.comment')}</label>
          <textarea id={`${headingId}-comment`} maxLength={500} value={comment} onChange={(e) => setComment(e.target.value)} />
          <FormError error={error} />
          <button type="submit" className="button button--primary" disabled={pending || !complete} data-testid="cme-submit-evaluation">
            {t('cme.activity.submitEval')}
          </button>
        </form>
      )}
    </section>
  );
}

/** `/credit/cme/:kind/:id`: an activity's credit — requirements and progress, post-test, evaluation, claim. */
export function CreditActivityPage() {
  const { t } = useTranslation('member');
  const lang = useLang();
  const params = useParams();
  const kind = (KINDS as readonly string[]).includes(params.kind ?? '') ? (params.kind as CreditKind) : 'live';
  const id = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : 0;
  const info = useCreditActivity(kind, id);
  const queryClient = useQueryClient();
  const claimHeading = useId();
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: creditActivityKey(kind, id) });
  const back = { to: `${paths.credit.getHref()}?tab=cme`, label: t('cme.activity.back') };

  if (info.isPending) {
    return (
      <SectionPage title={t('cme.activity.title')} back={back}>
        <Skeleton height={240} />
      </SectionPage>
    );
  }
  if (info.isError) {
    return (
      <SectionPage title={t('cme.activity.title')} back={back}>
        <ErrorState error={info.error} onRetry={() => void info.refetch()} />
      </SectionPage>
    );
  }
  const d = info.data.designation;
  const p = info.data.progress;
  if (!d || !p) {
    return (
      <SectionPage title={t('cme.activity.title')} back={back} testId="credit-activity">
        <p className="center-empty">{t('cme.activity.notDesignated')}</p>
      </SectionPage>
    );
  }
  const claim = async () => {
    setPending(true);
    setError(null);
    try {
      await submitClaim(kind, id);
      refresh();
      await queryClient.invalidateQueries({ queryKey: certificateKeys.allCme });
    } catch (err) {
      setError(err);
      refresh();
    } finally {
      setPending(false);
    }
  };
  return (
    <SectionPage title={d.title} back={back} testId="credit-activity">
      <CreditPanel kind={kind} id={id} link={false} />
      {p.role === 'trainee' && d.requirements.test_questions > 0 ? <TestSection kind={kind} id={id} onDone={refresh} /> : null}
      {p.role === 'trainee' && d.requirements.evaluation ? <EvaluationSection kind={kind} id={id} done={p.evaluated} onDone={refresh} /> : null}
      <section className="cme-section" aria-labelledby={claimHeading} data-testid="cme-claim-section">
        <h2 id={claimHeading} className="section-page__sub">
          {t('cme.activity.claimTitle')}
        </h2>
        {p.claim ? (
          <>
            <p className="cme-result" data-testid="cme-claimed">
              {t('cme.activity.claimed', { credits: creditText(p.claim.hundredths), date: formatDate(p.claim.claimed_at, lang) })}
            </p>
            <p data-testid="cme-certificate">
              {p.claim.certificate_code ? (
                <Link to={paths.user.cert.getHref()}>{t('cme.activity.certificateIssued')}</Link>
              ) : (
                <>
                  {t('cme.activity.certificatePending')} <Link to={paths.user.cert.getHref()}>{t('cme.activity.myCertificates')}</Link>
                </>
              )}
            </p>
            {p.claim.lines.length > 1 ? (
              <>
                <h3 className="section-page__sub">{t('cme.activity.lines')}</h3>
                <ul>
                  {p.claim.lines.map((l) => (
                    <li key={l.session_key}>
                      {l.title}: {creditText(l.hundredths)}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </>
        ) : (
          <>
            {p.unmet.length > 0 ? (
              <>
                <p>{t('cme.activity.unmetTitle')}</p>
                <ul className="cme-unmet" data-testid="cme-unmet">
                  {p.unmet.map((u) => (
                    <li key={u}>{t(`cme.activity.unmet.${u}`)}</li>
                  ))}
                </ul>
              </>
            ) : null}
            {error ? (
              <p className="form-error" role="alert">
                {errorText(error)}
                {/* The certificate is issued with the claim: its holder's legal name comes first. */}
                {isApiError(error) && error.code === ErrorCode.CERT_IDCARD_REQUIRED ? (
                  <>
                    {' '}
                    <Link to={paths.user.cert.getHref()}>{t('cme.activity.addIdcard')}</Link>
                  </>
                ) : null}
              </p>
            ) : null}
            <button type="button" className="button button--primary" disabled={!p.claimable || pending} onClick={() => void claim()} data-testid="cme-claim">
              {t('cme.activity.claim', { credits: creditText(p.estimated_hundredths) })}
            </button>
          </>
        )}
      </section>
    </SectionPage>
  );
}

/** The texts (`member`, like the certificates page) arrive with the route. */
export async function loader(): Promise<null> {
  await loadNamespaces('member');
  return null;
}

export const Component = CreditActivityPage;
