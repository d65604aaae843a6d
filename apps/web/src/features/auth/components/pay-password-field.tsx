import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrorValue } from '../hooks/use-form';
import { fieldAria, FieldShell, useFieldErrorText } from './field';

const LENGTH = 6;

export interface PayPasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: FieldErrorValue | null;
  disabled?: boolean;
}

/**
 * Six digits in one masked numeric input (one control for keyboards and screen readers), drawn
 * as six boxes that fill as digits are typed.
 */
export function PayPasswordField({ label, value, onChange, error, disabled }: PayPasswordFieldProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const text = useFieldErrorText()(error);
  const hint = t('hints.payPassword');
  return (
    <FieldShell id={id} label={label} error={text} hint={hint}>
      <div className="pin">
        <input
          className="pin__input"
          type="password"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          maxLength={LENGTH}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, LENGTH))}
          {...fieldAria(id, { error: text, hint })}
        />
        <div className="pin__boxes" aria-hidden="true">
          {Array.from({ length: LENGTH }, (_, i) => (
            <span key={i} className={`pin__box${i < value.length ? ' pin__box--filled' : ''}${i === value.length ? ' pin__box--current' : ''}`} />
          ))}
        </div>
      </div>
    </FieldShell>
  );
}
