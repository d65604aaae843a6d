import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorCode } from '@medportal/contract/codes';
import { DEFAULT_COUNTRY_CODE } from '@medportal/contract/constants';
import { paths } from '../../../config/paths';
import { errorText } from '../../../shared/errors';
import { forgetPassword, sendEmailCode, sendSms } from '../api/accounts';
import { AuthCard, ResultState, useBare } from '../components/auth-card';
import { CaptchaField } from '../components/captcha-field';
import { CodeField } from '../components/code-field';
import { EmailField } from '../components/email-field';
import { FormError, SubmitButton } from '../components/field';
import { PasswordField } from '../components/password-field';
import { PhoneField } from '../components/phone-field';
import { useCaptcha } from '../hooks/use-captcha';
import { useCodeSender } from '../hooks/use-code-sender';
import { useForm } from '../hooks/use-form';
import { errorCode } from '../lib/api-errors';
import { accountLoader } from '../lib/loaders';
import { forgetPasswordRules } from '../lib/forms';

type Channel = 'mobile' | 'email';

/**
 * `/forget` and `/forget/w`: a code to the mobile number or email, then a new password. The
 * answer is the same neutral message whichever account it was.
 */
export function ForgetPage() {
  const { t } = useTranslation('auth');
  const bare = useBare();
  const [channel, setChannel] = useState<Channel>('mobile');
  const [done, setDone] = useState(false);
  const captcha = useCaptcha(!done);
  const form = useForm({ country_code: DEFAULT_COUNTRY_CODE, mobile: '', email: '', captcha: '', code: '', password: '', confirm: '' }, forgetPasswordRules(channel));
  const { values, set, setValues, check, errors, setErrors, setFieldError, setFormError, attachForm, pending, formError, handleSubmit } = form;

  const validateTarget = useCallback(() => check([channel]), [channel, check]);

  const sendCode = useCodeSender({
    captcha,
    captchaValue: values.captcha,
    validateTarget,
    send: useCallback(
      (c) =>
        channel === 'mobile'
          ? sendSms({ mobile: values.mobile.trim(), country_code: values.country_code, scene: 'reset', ...c })
          : sendEmailCode({ email: values.email.trim(), scene: 'reset', ...c }),
      [channel, values.mobile, values.country_code, values.email],
    ),
    setCaptchaError: useCallback((e) => setFieldError('captcha', e), [setFieldError]),
    clearCaptcha: useCallback(() => setValues((v) => ({ ...v, captcha: '' })), [setValues]),
    setFormError,
  });

  const submit = handleSubmit(async () => {
    try {
      await forgetPassword(
        channel === 'mobile'
          ? { mobile: values.mobile.trim(), country_code: values.country_code, code: values.code, password: values.password }
          : { email: values.email.trim(), code: values.code, password: values.password },
      );
    } catch (error) {
      if (errorCode(error) === ErrorCode.CODE_INVALID) {
        setFieldError('code', { text: errorText(error) });
        return;
      }
      throw error;
    }
    setDone(true);
  });

  if (done) {
    return (
      <AuthCard title={t('forget.title')} page="forget">
        <ResultState title={t('forget.done')} body={t('forget.doneHint')}>
          {bare ? null : (
            <Link className="button button--primary" to={paths.login.getHref()}>
              {t('forget.toLogin')}
            </Link>
          )}
        </ResultState>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('forget.title')} page="forget">
      <fieldset className="segmented">
        <legend className="visually-hidden">{t('forget.channel')}</legend>
        {(['mobile', 'email'] as const).map((c) => (
          <label key={c} className={`segmented__option${channel === c ? ' segmented__option--active' : ''}`}>
            <input
              type="radio"
              name="forget-channel"
              value={c}
              checked={channel === c}
              onChange={() => {
                setChannel(c);
                setErrors({});
              }}
            />
            {t(`forget.by.${c}`)}
          </label>
        ))}
      </fieldset>
      <form ref={attachForm} className="form" noValidate onSubmit={submit}>
        {channel === 'mobile' ? (
          <PhoneField
            countryCode={values.country_code}
            onCountryCodeChange={(v) => set('country_code', v)}
            mobile={values.mobile}
            onMobileChange={(v) => set('mobile', v)}
            error={errors.mobile}
          />
        ) : (
          <EmailField value={values.email} onChange={(v) => set('email', v)} error={errors.email} />
        )}
        <CaptchaField captcha={captcha} value={values.captcha} onChange={(v) => set('captcha', v)} error={errors.captcha} />
        <CodeField key={channel} value={values.code} onChange={(v) => set('code', v)} error={errors.code} onSend={sendCode} />
        <PasswordField label={t('fields.newPassword')} value={values.password} onChange={(v) => set('password', v)} error={errors.password} isNew />
        <PasswordField label={t('fields.confirmPassword')} value={values.confirm} onChange={(v) => set('confirm', v)} error={errors.confirm} />
        <FormError error={formError} />
        <SubmitButton pending={pending}>{t('forget.submit')}</SubmitButton>
        {bare ? null : (
          <p className="form__links">
            <Link to={paths.login.getHref()}>{t('forget.toLogin')}</Link>
          </p>
        )}
      </form>
    </AuthCard>
  );
}

export const loader = accountLoader;
export const Component = ForgetPage;
