import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactFormBody, DataOf } from '@medportal/contract';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, CONTACT_VALUE_MAX } from '@medportal/contract/constants';
import { api } from '../../../shared/api-client';
import { errorText } from '../../../shared/errors';

/** Outside working hours: a message for the team, stored with the contact form's messages (`contact_form`). */
export function OfflineForm() {
  const { t } = useTranslation('pages');
  const [values, setValues] = useState<ContactFormBody>({ name: '', contact: '', message: '' });
  const [sent, setSent] = useState<DataOf<'contactForm'> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    api.call('contactForm', { body: { ...values } }).then(setSent, (err: unknown) => setError(errorText(err)));
  };
  if (sent) {
    return (
      <p role="status" data-offline-sent>
        {t('contact.sent.title')} {t('contact.sent.reference')} <strong>{sent.reference}</strong>
      </p>
    );
  }
  const field = (name: keyof ContactFormBody, max: number) => (
    <label className="support-offline__field">
      {t(`contact.form.${name}` as 'contact.form.name')}
      {name === 'message' ? (
        <textarea required name={name} maxLength={max} value={values[name]} onChange={(e) => setValues({ ...values, [name]: e.target.value })} />
      ) : (
        <input required name={name} maxLength={max} value={values[name]} onChange={(e) => setValues({ ...values, [name]: e.target.value })} />
      )}
    </label>
  );
  return (
    <form className="support-offline__form" onSubmit={submit} data-offline-form>
      {field('name', CONTACT_NAME_MAX)}
      {field('contact', CONTACT_VALUE_MAX)}
      {field('message', CONTACT_MESSAGE_MAX)}
      {error ? <p role="alert">{error}</p> : null}
      <button type="submit" className="button button--primary">
        {t('contact.form.submit')}
      </button>
    </form>
  );
}
