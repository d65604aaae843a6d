import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_COUNTRY_CODE } from '@medportal/contract/constants';
import { login, sendSms, type LoginData } from '../api/accounts';
import { useCaptcha } from '../hooks/use-captcha';
import { useCodeSender } from '../hooks/use-code-sender';
import { useForm } from '../hooks/use-form';
import { errorCode } from '../lib/api-errors';
import { ErrorCode } from '@medportal/contract/codes';
import { errorText } from '../../../shared/errors';
import { smsLoginRules } from '../lib/forms';
import { AgreementField } from './agreement-field';
import { CaptchaField } from './captcha-field';
import { CodeField } from './code-field';
import { FormError, SubmitButton } from './field';
import { PhoneField } from './phone-field';

export interface SmsLoginFormProps {
  onLoggedIn: (data: LoginData) => void;
  submitLabel?: string;
}

/** Log in (or sign up) with a mobile number: image captcha, SMS code, then the login call. */
export function SmsLoginForm({ onLoggedIn, submitLabel }: SmsLoginFormProps) {
  const { t } = useTranslation('auth');
  const form = useForm({ country_code: DEFAULT_COUNTRY_CODE, mobile: '', captcha: '', code: '', agree: false }, smsLoginRules);
  const { values, set, setValues, check, errors, setFieldError, setFormError, attachForm, pending, formError, handleSubmit } = form;
  const captcha = useCaptcha();

  const validateTarget = useCallback(() => check(['mobile']), [check]);

  const sendCode = useCodeSender({
    captcha,
    captchaValue: values.captcha,
    validateTarget,
    send: useCallback(
      (c) => sendSms({ mobile: values.mobile.trim(), country_code: values.country_code, scene: 'login', ...c }),
      [values.mobile, values.country_code],
    ),
    setCaptchaError: useCallback((e) => setFieldError('captcha', e), [setFieldError]),
    clearCaptcha: useCallback(() => setValues((v) => ({ ...v, captcha: '' })), [setValues]),
    setFormError,
  });

  const submit = handleSubmit(async () => {
    try {
      const data = await login({ type: 'sms', mobile: values.mobile.trim(), country_code: values.country_code, code: values.code.trim(), agree_terms: true });
      onLoggedIn(data);
    } catch (error) {
      if (errorCode(error) === ErrorCode.CODE_INVALID) {
        setFieldError('code', { text: errorText(error) });
        return;
      }
      if (errorCode(error) === ErrorCode.CONSENT_REQUIRED) {
        setFieldError('agree', { text: errorText(error) });
        return;
      }
      throw error;
    }
  });

  return (
    <form ref={attachForm} className="form" noValidate onSubmit={submit} aria-label={t('login.smsForm')}>
      <PhoneField
        countryCode={values.country_code}
        onCountryCodeChange={(v) => set('country_code', v)}
        mobile={values.mobile}
        onMobileChange={(v) => set('mobile', v)}
        error={errors.mobile}
      />
      <CaptchaField captcha={captcha} value={values.captcha} onChange={(v) => set('captcha', v)} error={errors.captcha} />
      <CodeField value={values.code} onChange={(v) => set('code', v)} error={errors.code} onSend={sendCode} />
      <AgreementField checked={values.agree} onChange={(v) => set('agree', v)} error={errors.agree} />
      <FormError error={formError} />
      <SubmitButton pending={pending}>{submitLabel ?? t('login.smsSubmit')}</SubmitButton>
      <p className="form__note">{t('login.smsNote')}</p>
    </form>
  );
}
