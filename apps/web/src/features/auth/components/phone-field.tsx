import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_COUNTRY_CODE } from '@medportal/contract/constants';
import { useLang } from '../../../shared/hooks/use-lang';
import { countryCodesQueryOptions, type CountryPhoneCode } from '../api/accounts';
import type { FieldErrorValue } from '../hooks/use-form';
import { fieldAria, FieldShell, useFieldErrorText } from './field';

const FALLBACK: CountryPhoneCode[] = [{ code: DEFAULT_COUNTRY_CODE, iso: 'CN', name: '中国 China' }];

/** Country calling codes from the API (the default +86 alone while they load or if they fail). */
export function useCountryCodes(): CountryPhoneCode[] {
  const query = useQuery(countryCodesQueryOptions(useLang()));
  const items = query.data?.items;
  return items && items.length > 0 ? items : FALLBACK;
}

export interface CountryCodeSelectProps {
  value: string;
  onChange: (code: string) => void;
  disabled?: boolean;
  id?: string;
}

/** The calling-code select, labelled "country/region". */
export function CountryCodeSelect({ value, onChange, disabled, id }: CountryCodeSelectProps) {
  const { t } = useTranslation('auth');
  const codes = useCountryCodes();
  const own = useId();
  const selectId = id ?? own;
  const known = codes.some((c) => c.code === value);
  return (
    <>
      <label htmlFor={selectId} className="visually-hidden">
        {t('fields.countryCode')}
      </label>
      <select id={selectId} className="input phone-field__country" value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
        {known ? null : <option value={value}>+{value}</option>}
        {codes.map((c) => (
          <option key={`${c.iso}-${c.code}`} value={c.code}>
            +{c.code} {c.name}
          </option>
        ))}
      </select>
    </>
  );
}

export interface PhoneFieldProps {
  countryCode: string;
  onCountryCodeChange: (code: string) => void;
  mobile: string;
  onMobileChange: (mobile: string) => void;
  error?: FieldErrorValue | null;
  label?: string;
  hint?: string;
  disabled?: boolean;
}

/** Country code select (fed by the API, default 86) and the mobile number input. */
export function PhoneField({ countryCode, onCountryCodeChange, mobile, onMobileChange, error, label, hint, disabled }: PhoneFieldProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const text = useFieldErrorText()(error);
  return (
    <FieldShell id={id} label={label ?? t('fields.mobile')} error={text} hint={hint}>
      <div className="input-group">
        <CountryCodeSelect value={countryCode} onChange={onCountryCodeChange} disabled={disabled} />
        <input
          className="input"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={15}
          placeholder={t('placeholders.mobile')}
          value={mobile}
          disabled={disabled}
          onChange={(e) => onMobileChange(e.target.value.replace(/[^\d]/g, ''))}
          {...fieldAria(id, { error: text, hint })}
        />
      </div>
    </FieldShell>
  );
}
