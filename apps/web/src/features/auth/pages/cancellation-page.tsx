import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorCode } from '@medportal/contract/codes';
import { paths } from '../../../config/paths';
import { errorText } from '../../../shared/errors';
import { clearLogin } from '../../../shared/session';
import { Dialog } from '../../../shared/ui/dialog';
import { cancelAccount, type LoginInfo } from '../api/accounts';
import { AuthCard, ResultState } from '../components/auth-card';
import { FormError, SubmitButton } from '../components/field';
import { OwnContactCodeFields, type ContactChannel } from '../components/own-contact-code';
import { WithLoginInfo } from '../components/with-login-info';
import { useForm } from '../hooks/use-form';
import { errorCode } from '../lib/api-errors';
import { protectedAccountLoader } from '../lib/loaders';
import { cancellationRules } from '../lib/forms';
import { useFieldErrorText } from '../components/field';
import { sharedKeys } from '../../../shared/query-keys';

const CONSEQUENCES = ['login', 'data', 'wallet', 'orders', 'irreversible'] as const;

/**
 * `/security/account/cancellation`: what deleting the account means, a tick to confirm, a code
 * to the user's mobile or email (scene cancel), and a last confirmation dialog.
 */
export function CancellationPage() {
  const { t } = useTranslation('auth');
  const [gone, setGone] = useState(false);
  if (gone) {
    return (
      <AuthCard title={t('cancellation.title')} page="cancellation">
        <ResultState tone="info" title={t('cancellation.goodbye')} body={t('cancellation.goodbyeHint')}>
          <Link className="button button--primary" to={paths.home.getHref()}>
            {t('common.backHome')}
          </Link>
        </ResultState>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('cancellation.title')} page="cancellation" wide>
      <div className="notice-box" role="note">
        <p className="notice-box__title">{t('cancellation.consequencesTitle')}</p>
        <ul className="notice-box__list">
          {CONSEQUENCES.map((c) => (
            <li key={c}>{t(`cancellation.consequences.${c}`)}</li>
          ))}
        </ul>
      </div>
      <WithLoginInfo>{(info) => <CancellationForm info={info} onGone={() => setGone(true)} />}</WithLoginInfo>
    </AuthCard>
  );
}

function CancellationForm({ info, onGone }: { info: LoginInfo; onGone: () => void }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const channels: ContactChannel[] = [...(info.mobile ? (['mobile'] as const) : []), ...(info.email ? (['email'] as const) : [])];
  const [channel, setChannel] = useState<ContactChannel | null>(channels[0] ?? null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const tickId = useId();
  const masked = (channel === 'mobile' ? info.mobile : info.email) ?? '';
  const form = useForm({ agreed: false, contact: '', captcha: '', code: '' }, cancellationRules(channel ?? 'mobile', masked, info.country_code));
  const { values, set, setValues, check, errors, setErrors, setFieldError, setFormError, attachForm, pending, formError, handleSubmit } = form;
  const tickError = useFieldErrorText()(errors.agreed);

  if (!channel) return <ResultState tone="warning" title={t('cancellation.noContact')} />;

  const submit = handleSubmit(() => {
    setConfirming(true);
  });

  const confirm = async () => {
    setDeleting(true);
    setFormError(null);
    try {
      await cancelAccount(values.code);
      clearLogin();
      queryClient.removeQueries({ queryKey: sharedKeys.auth });
      queryClient.removeQueries({ queryKey: sharedKeys.profile });
      queryClient.removeQueries({ queryKey: sharedKeys.user });
      onGone();
    } catch (error) {
      setConfirming(false);
      if (errorCode(error) === ErrorCode.CODE_INVALID) setFieldError('code', { text: errorText(error) });
      else setFormError(error);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      <form ref={attachForm} className="form" noValidate onSubmit={submit}>
        {channels.length > 1 ? (
          <fieldset className="segmented">
            <legend className="form-field__label">{t('cancellation.channel')}</legend>
            {channels.map((c) => (
              <label key={c} className={`segmented__option${channel === c ? ' segmented__option--active' : ''}`}>
                <input
                  type="radio"
                  name="cancel-channel"
                  value={c}
                  checked={channel === c}
                  onChange={() => {
                    setChannel(c);
                    setValues((v) => ({ ...v, contact: '', code: '' }));
                    setErrors({});
                  }}
                />
                {t(`cancellation.by.${c}`)}
              </label>
            ))}
          </fieldset>
        ) : null}
        <OwnContactCodeFields
          channel={channel}
          masked={masked}
          countryCode={info.country_code}
          scene="cancel"
          values={values}
          errors={errors}
          set={set}
          setFieldError={setFieldError}
          check={check}
          clearCaptcha={() => setValues((v) => ({ ...v, captcha: '' }))}
          setFormError={setFormError}
        />
        <div className={`form-field checkbox-field${tickError ? ' form-field--invalid' : ''}`}>
          <input
            id={tickId}
            type="checkbox"
            checked={values.agreed}
            onChange={(e) => set('agreed', e.target.checked)}
            aria-invalid={tickError ? true : undefined}
            aria-describedby={tickError ? `${tickId}-error` : undefined}
          />
          <label htmlFor={tickId}>{t('cancellation.tick')}</label>
          {tickError ? (
            <p id={`${tickId}-error`} className="form-field__error">
              {tickError}
            </p>
          ) : null}
        </div>
        <FormError error={formError} />
        <SubmitButton pending={pending || deleting} className="button button--danger button--block">
          {t('cancellation.submit')}
        </SubmitButton>
      </form>
      <Dialog
        open={confirming}
        role="alertdialog"
        title={t('cancellation.confirmTitle')}
        onClose={() => !deleting && setConfirming(false)}
        footer={
          <>
            <button type="button" className="button" data-autofocus onClick={() => setConfirming(false)} disabled={deleting}>
              {t('common.cancel')}
            </button>
            <button type="button" className="button button--danger" onClick={() => void confirm()} disabled={deleting} aria-busy={deleting || undefined}>
              {t('cancellation.confirm')}
            </button>
          </>
        }
      >
        <p>{t('cancellation.confirmBody')}</p>
      </Dialog>
    </>
  );
}

export const loader = protectedAccountLoader;
export const Component = CancellationPage;
