import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorCode } from '@medportal/contract/codes';
import { DEFAULT_COUNTRY_CODE } from '@medportal/contract/constants';
import { paths } from '../../../config/paths';
import { login, type LoginData } from '../api/accounts';
import { useCaptcha } from '../hooks/use-captcha';
import { useForm } from '../hooks/use-form';
import { errorCode } from '../lib/api-errors';
import { errorText } from '../../../shared/errors';
import { passwordLoginRules } from '../lib/forms';
import { CaptchaField } from './captcha-field';
import { fieldAria, FieldShell, FormError, SubmitButton, useFieldErrorText } from './field';
import { PasswordField } from './password-field';
import { CountryCodeSelect } from './phone-field';

export interface PasswordLoginFormProps {
  onLoggedIn: (data: LoginData) => void;
}

/**
 * Log in with a mobile number or email and a password. After repeated failures the server
 * answers CAPTCHA_REQUIRED: the image captcha then appears and goes with every later try.
 */
export function PasswordLoginForm({ onLoggedIn }: PasswordLoginFormProps) {
  const { t } = useTranslation('auth');
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const form = useForm({ country_code: DEFAULT_COUNTRY_CODE, account: '', password: '', captcha: '' }, passwordLoginRules(needsCaptcha));
  const { values, set, setValues, errors, setFieldError, attachForm, pending, formError, handleSubmit } = form;
  const accountId = useId();
  const captcha = useCaptcha(needsCaptcha);
  const errorTextOf = useFieldErrorText();
  const accountError = errorTextOf(errors.account);
  const isEmail = values.account.includes('@');

  const submit = handleSubmit(async () => {
    try {
      const data = await login({
        type: 'password',
        account: values.account.trim(),
        country_code: values.country_code,
        password: values.password,
        ...(needsCaptcha && captcha.key ? { captcha_key: captcha.key, captcha_code: values.captcha.trim() } : {}),
      });
      onLoggedIn(data);
    } catch (error) {
      const code = errorCode(error);
      if (needsCaptcha) {
        captcha.refresh();
        setValues((v) => ({ ...v, captcha: '' }));
      }
      if (code === ErrorCode.CAPTCHA_REQUIRED) {
        setNeedsCaptcha(true);
        setFieldError('captcha', { text: errorText(error) });
        return;
      }
      if (code === ErrorCode.CAPTCHA_INVALID) {
        setFieldError('captcha', { text: errorText(error) });
        return;
      }
      throw error;
    }
  });

  return (
    <form ref={attachForm} className="form" noValidate onSubmit={submit} aria-label={t('login.passwordForm')}>
      <FieldShell id={accountId} label={t('fields.account')} error={accountError} hint={t('hints.account')}>
        <div className="input-group">
          {isEmail ? null : <CountryCodeSelect value={values.country_code} onChange={(v) => set('country_code', v)} />}
          <input
            className="input"
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={254}
            placeholder={t('placeholders.account')}
            value={values.account}
            onChange={(e) => set('account', e.target.value)}
            {...fieldAria(accountId, { error: accountError, hint: t('hints.account') })}
          />
        </div>
      </FieldShell>
      <PasswordField label={t('fields.password')} value={values.password} onChange={(v) => set('password', v)} error={errors.password} />
      {needsCaptcha ? (
        <CaptchaField captcha={captcha} value={values.captcha} onChange={(v) => set('captcha', v)} error={errors.captcha} />
      ) : null}
      <FormError error={formError} />
      <SubmitButton pending={pending}>{t('login.passwordSubmit')}</SubmitButton>
      <p className="form__links">
        <Link to={paths.forget.getHref()}>{t('login.forgot')}</Link>
      </p>
    </form>
  );
}
