import { useId, type ComponentProps, type ReactNode, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton as SharedSubmitButton } from '../../../shared/forms/form-parts';
import type { FieldErrorValue } from '../hooks/use-form';

/** The text of a field error in the current language. */
export function useFieldErrorText() {
  const { t } = useTranslation('auth');
  return (error: FieldErrorValue | null | undefined): string | null => {
    if (!error) return null;
    if (typeof error === 'object') return error.text;
    return t(`validation.${error}`);
  };
}

/** ids and aria attributes tying an input to its error and hint. */
export function fieldAria(id: string, { error, hint }: { error?: string | null; hint?: ReactNode }) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined } as const;
}

export interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  children: ReactNode;
  /** Hides the label visually (it is still the input's accessible name). */
  hideLabel?: boolean;
  className?: string;
}

/** Label, control, hint and the error message next to it. */
export function FieldShell({ id, label, error, hint, children, hideLabel, className }: FieldShellProps) {
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'form-field__label'}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: FieldErrorValue | null;
  hint?: ReactNode;
}

/** A labelled text input with its hint and error. */
export function TextField({ label, value, onChange, error, hint, className, ...input }: TextFieldProps) {
  const id = useId();
  const text = useFieldErrorText()(error);
  return (
    <FieldShell id={id} label={label} error={text} hint={hint} className={className}>
      <input className="input" value={value} onChange={(e) => onChange(e.target.value)} {...fieldAria(id, { error: text, hint })} {...input} />
    </FieldShell>
  );
}

export { FormError } from '../../../shared/forms/form-parts';

/** The account forms' submit button spans the form. */
export function SubmitButton(props: ComponentProps<typeof SharedSubmitButton>) {
  return <SharedSubmitButton block {...props} />;
}
