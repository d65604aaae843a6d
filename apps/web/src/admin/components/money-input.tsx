import { useTranslate } from '@refinedev/core';
import { InputNumber } from 'antd';

/** Fen (integers, as the API keeps money) as yuan with two decimals. */
export const fenToYuan = (fen: number): number => fen / 100;
export const yuanToFen = (yuan: number): number => Math.round(yuan * 100);
export const formatFen = (fen: number | null | undefined): string => (fen === null || fen === undefined ? '' : `¥${(fen / 100).toFixed(2)}`);

export interface MoneyInputProps {
  /** Fen. */
  value?: number | null;
  onChange?: (fen: number | null) => void;
  /** Whether a negative amount (a debit) may be entered. */
  signed?: boolean;
  /** Largest amount, in fen. */
  maxFen?: number;
  id?: string;
  'aria-label'?: string;
}

/** An amount: yuan on the screen, integer fen in the form's value. */
export function MoneyInput({ value, onChange, signed = false, maxFen, id, ...rest }: MoneyInputProps) {
  const t = useTranslate();
  return (
    <InputNumber<number>
      id={id}
      aria-label={rest['aria-label']}
      style={{ width: 200 }}
      prefix="¥"
      suffix={t('money.yuan')}
      precision={2}
      step={1}
      min={signed ? (maxFen === undefined ? undefined : -maxFen / 100) : 0}
      max={maxFen === undefined ? undefined : maxFen / 100}
      value={value === null || value === undefined ? null : fenToYuan(value)}
      onChange={(yuan) => onChange?.(yuan === null ? null : yuanToFen(yuan))}
    />
  );
}
