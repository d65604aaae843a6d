import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VERIFY_CODE_LENGTH } from '@medportal/contract/constants';
import { useCountdown } from '../hooks/use-countdown';
import type { FieldErrorValue } from '../hooks/use-form';
import { fieldAria, FieldShell, useFieldErrorText } from './field';

export interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: FieldErrorValue | null;
  /**
   * Sends a code; resolves to the seconds to wait before the next one (the answer's
   * `resend_after`, or a RATE_LIMITED `retry_after`), or null when nothing was sent.
   */
  onSend: () => Promise<{ wait: number; sent: boolean } | null>;
  disabled?: boolean;
  label?: string;
}

/** The verification-code input with its "get code" button and resend countdown. */
export function CodeField({ value, onChange, error, onSend, disabled, label }: CodeFieldProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const text = useFieldErrorText()(error);

  const send = async () => {
    if (sending || remaining > 0) return;
    setSending(true);
    try {
      const result = await onSend();
      if (result) {
        start(result.wait);
        if (result.sent) setSent(true);
      }
    } finally {
      setSending(false);
    }
  };

  const hint = sent ? t('code.sent') : undefined;
  return (
    <FieldShell id={id} label={label ?? t('fields.code')} error={text} hint={hint}>
      <div className="input-group">
        <input
          className="input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={VERIFY_CODE_LENGTH}
          placeholder={t('placeholders.code', { count: VERIFY_CODE_LENGTH })}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, VERIFY_CODE_LENGTH))}
          {...fieldAria(id, { error: text, hint })}
        />
        <button
          type="button"
          className="button code-button"
          data-testid="send-code"
          disabled={disabled || sending || remaining > 0}
          aria-busy={sending || undefined}
          onClick={() => void send()}
        >
          {remaining > 0 ? t('code.resendIn', { count: remaining }) : sent ? t('code.resend') : t('code.send')}
        </button>
      </div>
      <span className="visually-hidden" aria-live="polite">
        {sent && remaining > 0 ? t('code.sent') : ''}
      </span>
    </FieldShell>
  );
}
