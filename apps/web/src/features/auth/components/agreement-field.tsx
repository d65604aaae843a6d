import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import type { FieldErrorValue } from '../hooks/use-form';
import { useFieldErrorText } from './field';

export interface AgreementFieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: FieldErrorValue | null;
}

/**
 * "I have read and agree to the User Agreement and the Privacy Policy": unticked until the visitor
 * ticks it, required before an account can be created. The documents open in a new tab so the
 * form keeps what was typed.
 */
export function AgreementField({ checked, onChange, error }: AgreementFieldProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const text = useFieldErrorText()(error);
  // Trans puts the translated link text in place of these children.
  const link = (href: string) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {href}
    </a>
  );
  return (
    <div className={`form-field checkbox-field agreement-field${text ? ' form-field--invalid' : ''}`}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-invalid={text ? true : undefined}
        aria-describedby={text ? `${id}-error` : undefined}
        data-testid="agree-terms"
      />
      <label htmlFor={id}>
        <Trans t={t} i18nKey="agreement.label" components={{ contract: link(paths.contract.getHref()), privacy: link(paths.privacy.getHref()) }} />
      </label>
      {text ? (
        <p id={`${id}-error`} className="form-field__error">
          {text}
        </p>
      ) : null}
    </div>
  );
}
