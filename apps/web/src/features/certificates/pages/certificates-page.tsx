import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { residentIdValid } from '@medportal/contract/constants';
import { errorText } from '../../../shared/errors';
import { formatDate } from '../../../shared/format/date';
import { useLang } from '../../../shared/hooks/use-lang';
import { pageParam } from '../../../shared/page-param';
import { ErrorState } from '../../../shared/ui/error-state';
import { PagedList } from '../../../shared/ui/paged-list';
import { Skeleton } from '../../../shared/ui/skeleton';
import { CERT_PAGE_SIZE, certFileHref, type Certificate, idCardQueryKey, type IdCard, type IdCardInput, saveIdCard, useCertificates, useIdCard } from '../api/certificates';
import '../certificates.css';

const credits = (hundredths: number) => (hundredths / 100).toFixed(2).replace(/\.?0+$/, '');

function IdCardForm({ current, onDone }: { current: IdCard; onDone: () => void }) {
  const { t } = useTranslation('member');
  const queryClient = useQueryClient();
  const [name, setName] = useState(current.legal_name);
  const [docType, setDocType] = useState<IdCardInput['doc_type']>(current.doc_type ?? 'cn_resident');
  const [number, setNumber] = useState('');
  const [country, setCountry] = useState(current.doc_type === 'passport' ? current.country : '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cleaned = number.replace(/\s/g, '').toUpperCase();
  const numberBad = docType === 'cn_resident' ? cleaned.length === 18 && !residentIdValid(cleaned) : false;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (name.trim().length < 2) return setError(t('cert.idcard.nameRequired'));
    if (docType === 'cn_resident' && !residentIdValid(cleaned)) return setError(t('cert.idcard.residentInvalid'));
    if (docType === 'passport' && !/^[A-Za-z]{3}$/.test(country.trim())) return setError(t('cert.idcard.countryRequired'));
    setBusy(true);
    setError(null);
    try {
      const saved = await saveIdCard({ legal_name: name.trim(), doc_type: docType, number: cleaned, ...(docType === 'passport' ? { country: country.trim() } : {}) });
      queryClient.setQueryData(idCardQueryKey, saved);
      onDone();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="cert-form" onSubmit={(e) => void submit(e)} noValidate data-testid="idcard-form">
      <div className="form-field">
        <label htmlFor="cert-name" className="form-field__label">
          {t('cert.idcard.name')}
        </label>
        <input id="cert-name" className="input" value={name} onChange={(e) => setName(e.target.value)} maxLength={60} autoComplete="name" />
      </div>
      <div className="form-field">
        <label htmlFor="cert-doc" className="form-field__label">
          {t('cert.idcard.docType')}
        </label>
        <select id="cert-doc" className="input" value={docType} onChange={(e) => setDocType(e.target.value === 'passport' ? 'passport' : 'cn_resident')}>
          <option value="cn_resident">{t('cert.idcard.types.cn_resident')}</option>
          <option value="passport">{t('cert.idcard.types.passport')}</option>
        </select>
      </div>
      <div className={`form-field${numberBad ? ' form-field--invalid' : ''}`}>
        <label htmlFor="cert-number" className="form-field__label">
          {t('cert.idcard.number')}
        </label>
        <input
          id="cert-number"
          className="input"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={numberBad ? true : undefined}
          aria-describedby="cert-number-hint"
        />
        <p id="cert-number-hint" className={numberBad ? 'form-field__error' : 'form-field__hint'} aria-live="polite">
          {numberBad ? t('cert.idcard.residentInvalid') : t('cert.idcard.numberHint')}
        </p>
      </div>
      {docType === 'passport' ? (
        <div className="form-field">
          <label htmlFor="cert-country" className="form-field__label">
            {t('cert.idcard.country')}
          </label>
          <input id="cert-country" className="input" value={country} onChange={(e) => setCountry(e.target.value)} maxLength={3} autoComplete="country" placeholder="GBR" />
        </div>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="cert-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('cert.idcard.save')}
        </button>
        {current.on_file ? (
          <button type="button" className="button" onClick={onDone}>
            {t('cert.idcard.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

function IdCardSection() {
  const { t } = useTranslation('member');
  const card = useIdCard();
  const [editing, setEditing] = useState(false);
  let body;
  if (card.isPending) body = <Skeleton height={96} />;
  else if (card.isError) body = <ErrorState error={card.error} onRetry={() => void card.refetch()} />;
  else if (!card.data.on_file || editing) body = (
    <>
      {card.data.on_file ? null : <p className="cert-note">{t('cert.idcard.required')}</p>}
      <IdCardForm current={card.data} onDone={() => setEditing(false)} />
    </>
  );
  else
    body = (
      <div className="cert-idcard" data-testid="idcard-on-file">
        <dl className="cert-idcard__list">
          <div>
            <dt>{t('cert.idcard.name')}</dt>
            <dd>{card.data.legal_name}</dd>
          </div>
          <div>
            <dt>{card.data.doc_type ? t(`cert.idcard.types.${card.data.doc_type}`) : t('cert.idcard.number')}</dt>
            <dd className="cert-code">{card.data.masked_number}</dd>
          </div>
        </dl>
        <button type="button" className="button" onClick={() => setEditing(true)}>
          {t('cert.idcard.change')}
        </button>
      </div>
    );
  return (
    <section className="cert-section" aria-labelledby="cert-idcard-heading">
      <h2 id="cert-idcard-heading">{t('cert.idcard.title')}</h2>
      <p className="cert-note">{t('cert.idcard.privacy')}</p>
      {body}
    </section>
  );
}

function CertificateItem({ c }: { c: Certificate }) {
  const { t } = useTranslation('member');
  const lang = useLang();
  const start = formatDate(c.starts_at, lang, 'Asia/Shanghai');
  const end = formatDate(c.ends_at, lang, 'Asia/Shanghai');
  return (
    <li className="cert-card" data-testid="certificate">
      <div className="cert-card__body">
        <h3 className="cert-card__title">{c.title}</h3>
        <p className="cert-card__meta">
          <span>{start === end ? start : `${start} – ${end}`}</span>
          {c.credit_hundredths === null ? <span>{t('cert.attendance')}</span> : <span className="center-badge">{t('cert.credit', { credits: credits(c.credit_hundredths), label: c.credit_label })}</span>}
          {c.revoked ? <span className="cert-revoked">{t('cert.revoked')}</span> : null}
        </p>
        <p className="cert-card__meta">
          {c.project_number ? <span>{t('cert.project', { number: c.project_number })}</span> : null}
          <span>
            {t('cert.code')} <span className="cert-code" data-testid="cert-code">{c.code}</span>
          </span>
        </p>
      </div>
      <div className="cert-card__actions">
        <a className="button button--primary" href={certFileHref('pdf', c.id)} download data-testid="cert-pdf">
          {t('cert.downloadPdf')}
        </a>
        <a className="button" href={certFileHref('png', c.id)} download>
          {t('cert.downloadPng')}
        </a>
        {c.revoked ? null : (
          <a className="button" href={certFileHref('credential', c.id)} download>
            {t('cert.downloadCredential')}
          </a>
        )}
        <a className="button--link" href={c.verify_url} target="_blank" rel="noopener" data-testid="cert-verify-link">
          {t('cert.verify')}
        </a>
      </div>
    </li>
  );
}

/** `/user/cert`: my certificates with their files and verification, and the legal name they are issued to. */
export function CertificatesPage() {
  const { t } = useTranslation('member');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const page = pageParam(search);
  const list = useCertificates(page);
  return (
    <section className="center-page" aria-labelledby="center-heading">
      <h1 id="center-heading">{t('center.links.cert')}</h1>
      <IdCardSection />
      <section className="cert-section" aria-labelledby="cert-list-heading">
        <h2 id="cert-list-heading">{t('cert.listTitle')}</h2>
        <PagedList<Certificate>
          query={list}
          page={page}
          pageSize={CERT_PAGE_SIZE}
          onPage={(p) => void navigate({ search: p > 1 ? `?page=${p}` : '' })}
          render={(c) => <CertificateItem key={c.id} c={c} />}
          className="center-list"
          loadingLabel={t('center.loading')}
          emptyClassName="center-empty"
          empty={t('cert.empty')}
          testId="certificates"
        />
      </section>
    </section>
  );
}

export const Component = CertificatesPage;
