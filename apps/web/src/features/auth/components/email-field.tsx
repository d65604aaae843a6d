import { useTranslation } from 'react-i18next';
import type { FieldErrorValue } from '../hooks/use-form';
import { TextField } from './field';

export interface EmailFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: FieldErrorValue | null;
  label?: string;
  hint?: string;
  disabled?: boolean;
}

/** An email input, checked with the contract's EMAIL_PATTERN by the form. */
export function EmailField({ value, onChange, error, label, hint, disabled }: EmailFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={label ?? t('fields.email')}
      type="email"
      autoComplete="email"
      inputMode="email"
      maxLength={254}
      placeholder={t('placeholders.email')}
      value={value}
      onChange={(v) => onChange(v.trim())}
      error={error}
      hint={hint}
      disabled={disabled}
    />
  );
}
