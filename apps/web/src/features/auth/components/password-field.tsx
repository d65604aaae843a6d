import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@medportal/contract/constants';
import type { FieldErrorValue } from '../hooks/use-form';
import { fieldAria, FieldShell, useFieldErrorText } from './field';

export interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: FieldErrorValue | null;
  /** A new password: shows the strength rule and asks the browser to suggest one. */
  isNew?: boolean;
  disabled?: boolean;
}

/** A password input with a show/hide toggle and, for new passwords, the strength rule. */
export function PasswordField({ label, value, onChange, error, isNew, disabled }: PasswordFieldProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const [visible, setVisible] = useState(false);
  const text = useFieldErrorText()(error);
  const hint = isNew ? t('hints.password', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }) : undefined;
  return (
    <FieldShell id={id} label={label} error={text} hint={hint}>
      <div className="input-group input-group--affix">
        <input
          className="input"
          type={visible ? 'text' : 'password'}
          autoComplete={isNew ? 'new-password' : 'current-password'}
          maxLength={PASSWORD_MAX_LENGTH}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          {...fieldAria(id, { error: text, hint })}
        />
        <button
          type="button"
          className="input-affix link-button"
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? t('actions.hidePassword') : t('actions.showPassword')}
        </button>
      </div>
    </FieldShell>
  );
}
