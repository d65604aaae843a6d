import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useHasPayPassword } from '../api/payment';
import './payment.css';

export interface PayPasswordInputProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  disabled?: boolean;
}

/**
 * The six-digit pay password for paying from the balance, or a link to set one when the
 * account has none yet (GET /v1/user/pay/has_pay_password).
 */
export function PayPasswordInput({ value, onChange, error, disabled }: PayPasswordInputProps) {
  const { t } = useTranslation('money');
  const id = useId();
  const has = useHasPayPassword();
  if (has.isPending) return <p role="status">{t('loading')}</p>;
  if (has.data && !has.data.has_pay_password) {
    return (
      <p className="pay-password pay-password--missing" data-testid="no-pay-password">
        {t('pay.noPayPassword')} <Link to={paths.payPassword.getHref()}>{t('pay.setPayPassword')}</Link>
      </p>
    );
  }
  return (
    <div className={`form-field pay-password${error ? ' form-field--invalid' : ''}`}>
      <label htmlFor={id} className="form-field__label">
        {t('pay.payPassword')}
      </label>
      <input
        id={id}
        className="input pay-password__input"
        type="password"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        maxLength={6}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      ) : (
        <Link className="pay-password__forgot" to={paths.forgetPayPassword.getHref()}>
          {t('pay.forgotPayPassword')}
        </Link>
      )}
    </div>
  );
}
