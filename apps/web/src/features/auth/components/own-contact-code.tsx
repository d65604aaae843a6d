import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_COUNTRY_CODE } from '@medportal/contract/constants';
import { sendEmailCode, sendSms, type SmsScene } from '../api/accounts';
import { useCaptcha } from '../hooks/use-captcha';
import { useCodeSender } from '../hooks/use-code-sender';
import type { FieldErrorValue } from '../hooks/use-form';
import { CaptchaField } from './captcha-field';
import { CodeField } from './code-field';
import { TextField } from './field';

export type ContactChannel = 'mobile' | 'email';

type Field = 'contact' | 'captcha' | 'code';

export interface OwnContactCodeFieldsProps {
  channel: ContactChannel;
  /** Masked address from login_info: 138****8000 or d***@example.com. */
  masked: string;
  countryCode: string | null;
  scene: SmsScene;
  values: Record<Field, string>;
  errors: Partial<Record<Field, FieldErrorValue>>;
  set: (name: Field, value: string) => void;
  setFieldError: (name: Field, error: FieldErrorValue | null) => void;
  /** The form's schema check of some fields (`useForm().check`): the address, before a code is sent. */
  check: (names: Field[]) => boolean;
  clearCaptcha: () => void;
  setFormError: (error: unknown) => void;
  disabled?: boolean;
}

/** Full address (checked against the masked one), image captcha, and the code sent to it. */
export function OwnContactCodeFields(props: OwnContactCodeFieldsProps) {
  const { channel, masked, countryCode, scene, values, errors, set, setFieldError, check, clearCaptcha, setFormError, disabled } = props;
  const { t } = useTranslation('auth');
  const captcha = useCaptcha();

  const validateTarget = useCallback(() => check(['contact']), [check]);

  const sendCode = useCodeSender({
    captcha,
    captchaValue: values.captcha,
    validateTarget,
    send: useCallback(
      (c) =>
        channel === 'mobile'
          ? sendSms({ mobile: values.contact.trim(), country_code: countryCode ?? DEFAULT_COUNTRY_CODE, scene, ...c })
          : sendEmailCode({ email: values.contact.trim(), scene, ...c }),
      [channel, values.contact, countryCode, scene],
    ),
    setCaptchaError: useCallback((e) => setFieldError('captcha', e), [setFieldError]),
    clearCaptcha,
    setFormError,
  });

  return (
    <>
      <TextField
        label={channel === 'mobile' ? t('own.mobileLabel') : t('own.emailLabel')}
        hint={channel === 'mobile' ? t('own.mobileHint', { masked }) : t('own.emailHint', { masked })}
        type={channel === 'mobile' ? 'tel' : 'email'}
        inputMode={channel === 'mobile' ? 'numeric' : 'email'}
        autoComplete={channel === 'mobile' ? 'tel-national' : 'email'}
        maxLength={channel === 'mobile' ? 15 : 254}
        value={values.contact}
        onChange={(v) => set('contact', channel === 'mobile' ? v.replace(/\D/g, '') : v.trim())}
        error={errors.contact}
        disabled={disabled}
      />
      <CaptchaField captcha={captcha} value={values.captcha} onChange={(v) => set('captcha', v)} error={errors.captcha} disabled={disabled} />
      <CodeField key={channel} value={values.code} onChange={(v) => set('code', v)} error={errors.code} onSend={sendCode} disabled={disabled} />
    </>
  );
}
