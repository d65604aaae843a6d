import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactFormBody } from '@medportal/contract';
import { ErrorCode } from '@medportal/contract/codes';
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, CONTACT_NAME_MAX, CONTACT_VALUE_MAX, isContactValue } from '@medportal/contract/constants';
import { isApiError } from '../../../shared/api-client';
import { errorText } from '../../../shared/errors';
import { type ContactFormResult, useContactForm } from '../api/site-pages';

type Field = keyof ContactFormBody;
type Problems = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ['name', 'contact', 'message'];

/** What the server reported per field (`data.fields` of a VALIDATION envelope). */
function serverProblems(error: unknown): Problems | null {
  if (!isApiError(error) || error.code !== ErrorCode.VALIDATION) return null;
  const fields = (error.data as { fields?: Array<{ field: string; message: string }> } | undefined)?.fields ?? [];
  const out: Problems = {};
  for (const f of fields) if ((FIELDS as readonly string[]).includes(f.field)) out[f.field as Field] = f.message;
  return Object.keys(out).length ? out : null;
}

/** The contact form: checked here as the server checks it, sent, then confirmed with a reference. */
export function ContactForm() {
  const { t } = useTranslation('pages');
  const ids = { name: useId(), contact: useId(), message: useId() };
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ContactFormBody>({ name: '', contact: '', message: '' });
  const [problems, setProblems] = useState<Problems>({});
  const [sent, setSent] = useState<ContactFormResult | null>(null);
  const mutation = useContactForm();

  const check = (v: ContactFormBody): Problems => {
    const p: Problems = {};
    const name = v.name.trim();
    const contact = v.contact.trim();
    const message = v.message.trim();
    if (!name) p.name = t('contact.errors.nameRequired');
    if (!contact) p.contact = t('contact.errors.contactRequired');
    else if (!isContactValue(contact)) p.contact = t('contact.errors.contactInvalid');
    if (!message) p.message = t('contact.errors.messageRequired');
    else if (message.length < CONTACT_MESSAGE_MIN) p.message = t('contact.errors.messageShort', { min: CONTACT_MESSAGE_MIN });
    return p;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = check(values);
    setProblems(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    mutation.mutate(
      { name: values.name.trim(), contact: values.contact.trim(), message: values.message.trim() },
      {
        onSuccess: (result) => setSent(result),
        onError: (error) => {
          const fromServer = serverProblems(error);
          if (fromServer) setProblems(fromServer);
        },
      },
    );
  };

  if (sent) {
    return (
      <div className="contact-form contact-form--sent" role="status" data-contact-form="sent">
        <h2>{t('contact.sent.title')}</h2>
        <p>{t('contact.sent.body')}</p>
        <p>
          {t('contact.sent.reference')} <strong data-contact-reference>{sent.reference}</strong>
        </p>
        <button
          type="button"
          className="button"
          onClick={() => {
            setSent(null);
            setValues({ name: values.name, contact: values.contact, message: '' });
            mutation.reset();
          }}
        >
          {t('contact.sent.again')}
        </button>
      </div>
    );
  }

  const field = (name: Field) => ({
    id: ids[name],
    name,
    value: values[name],
    'aria-invalid': problems[name] ? true : undefined,
    'aria-describedby': problems[name] ? `${ids[name]}-error` : undefined,
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      if (problems[name]) setProblems((p) => ({ ...p, [name]: undefined }));
    },
  });
  const error = (name: Field) =>
    problems[name] ? (
      <p id={`${ids[name]}-error`} className="contact-form__error">
        {problems[name]}
      </p>
    ) : null;
  const formError = mutation.isError && !serverProblems(mutation.error) ? errorText(mutation.error) : null;

  return (
    <form ref={formRef} className="contact-form" noValidate onSubmit={submit} aria-labelledby={headingId} data-contact-form="open">
      <h2 id={headingId}>{t('contact.form.title')}</h2>
      <div className="contact-form__field">
        <label htmlFor={ids.name}>{t('contact.form.name')}</label>
        <input {...field('name')} type="text" autoComplete="name" maxLength={CONTACT_NAME_MAX} required />
        {error('name')}
      </div>
      <div className="contact-form__field">
        <label htmlFor={ids.contact}>{t('contact.form.contact')}</label>
        <input {...field('contact')} type="text" inputMode="email" autoComplete="email" maxLength={CONTACT_VALUE_MAX} placeholder={t('contact.form.contactHint')} required />
        {error('contact')}
      </div>
      <div className="contact-form__field">
        <label htmlFor={ids.message}>{t('contact.form.message')}</label>
        <textarea {...field('message')} rows={6} maxLength={CONTACT_MESSAGE_MAX} placeholder={t('contact.form.messageHint')} required />
        <p className="contact-form__count" aria-live="polite">
          {t('contact.form.count', { count: values.message.length, max: CONTACT_MESSAGE_MAX })}
        </p>
        {error('message')}
      </div>
      {formError ? (
        <p className="contact-form__error contact-form__error--form" role="alert">
          {formError}
        </p>
      ) : null}
      <p className="contact-form__privacy">{t('contact.form.privacy')}</p>
      <button type="submit" className="button button--primary" disabled={mutation.isPending} aria-busy={mutation.isPending || undefined}>
        {mutation.isPending ? t('contact.form.sending') : t('contact.form.submit')}
      </button>
    </form>
  );
}
