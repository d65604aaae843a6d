import { useCallback } from 'react';
import { ErrorCode } from '@medportal/contract/codes';
import { errorText } from '../../../shared/errors';
import type { SendCodeData } from '../api/accounts';
import { errorCode, retryAfter } from '../lib/api-errors';
import { checkCaptcha } from '../lib/validate';
import type { Captcha } from './use-captcha';
import type { FieldErrorValue } from './use-form';

export interface CodeSenderOptions {
  captcha: Captcha;
  captchaValue: string;
  /** Checks the recipient fields (showing their errors); false stops the send. */
  validateTarget: () => boolean;
  send: (captcha: { captcha_key: string; captcha_code: string }) => Promise<SendCodeData>;
  setCaptchaError: (error: FieldErrorValue | null) => void;
  clearCaptcha: () => void;
  setFormError: (error: unknown) => void;
}

/**
 * The "get code" action of a form: checks the recipient and the image captcha, sends, and tells
 * the code button how long to wait. A captcha is single-use, so it is replaced after each try.
 */
export function useCodeSender(options: CodeSenderOptions) {
  const { captcha, captchaValue, validateTarget, send, setCaptchaError, clearCaptcha, setFormError } = options;
  return useCallback(async (): Promise<{ wait: number; sent: boolean } | null> => {
    setFormError(null);
    const targetOk = validateTarget();
    const captchaCheck = checkCaptcha(captchaValue);
    if (captchaCheck) setCaptchaError(captchaCheck);
    if (!targetOk || captchaCheck) return null;
    if (!captcha.key) {
      captcha.refresh();
      setCaptchaError('required');
      return null;
    }
    try {
      const data = await send({ captcha_key: captcha.key, captcha_code: captchaValue.trim() });
      return { wait: data.resend_after, sent: true };
    } catch (error) {
      const code = errorCode(error);
      if (code === ErrorCode.CAPTCHA_INVALID || code === ErrorCode.CAPTCHA_REQUIRED) {
        setCaptchaError({ text: errorText(error) });
        return null;
      }
      setFormError(error);
      const wait = retryAfter(error);
      return wait ? { wait, sent: false } : null;
    } finally {
      clearCaptcha();
      captcha.refresh();
    }
  }, [captcha, captchaValue, validateTarget, send, setCaptchaError, clearCaptcha, setFormError]);
}
