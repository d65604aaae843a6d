import type { Course } from '@medportal/contract';
import { PriceType } from '@medportal/contract/codes';

/** Integer fen as yuan with two decimals: 1200 → "¥12.00". No floating point involved. */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  // Thousands separators without Intl: toLocaleString builds a number formatter on every call.
  const yuan = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = String(abs % 100).padStart(2, '0');
  return `${sign}¥${yuan}.${cents}`;
}

export interface PriceDisplay {
  free: boolean;
  /** "¥12.00" when paid. */
  price: string | null;
  /** The struck-through price before discount, when higher than the price. */
  original: string | null;
}

/** How a course price shows: free (price type 1 or zero), or the price and the original price. */
export function priceDisplay(course: Pick<Course, 'price_type' | 'price' | 'original_price'>): PriceDisplay {
  if (course.price_type === PriceType.FREE || course.price <= 0) return { free: true, price: null, original: null };
  return {
    free: false,
    price: formatFen(course.price),
    original: course.original_price > course.price ? formatFen(course.original_price) : null,
  };
}
