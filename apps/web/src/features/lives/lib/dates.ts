/** Calendar arithmetic on YYYY-MM-DD strings (days already in the caller's timezone: no zone here). */

const parse = (date: string) => new Date(`${date}T00:00:00Z`);

export const isDate = (value: string | null | undefined): value is string =>
  !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(parse(value).getTime()) && parse(value).toISOString().slice(0, 10) === value;

export const isMonth = (value: string | null | undefined): value is string => !!value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

/** 0 = Sunday. */
export const weekday = (date: string): number => parse(date).getUTCDay();

/** "03-10" */
export const monthDay = (date: string): string => date.slice(5);

export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** The date `n` days after `date` (before it when negative). */
export function addDays(date: string, n: number): string {
  const d = parse(date);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The same day of the month `n` months on, or that month's last day when it is shorter. */
export function sameDayInMonth(date: string, n: number): string {
  const month = addMonths(date.slice(0, 7), n);
  const last = monthGrid(month).flat().filter(Boolean).at(-1) as string;
  const day = `${month}-${date.slice(8)}`;
  return day > last ? last : day;
}

/** The month's days as weeks of seven (null pads the first and last week). */
export function monthGrid(month: string): Array<Array<string | null>> {
  const first = parse(`${month}-01`);
  const days: Array<string | null> = Array.from({ length: first.getUTCDay() }, () => null);
  for (const d = new Date(first); d.getUTCMonth() === first.getUTCMonth(); d.setUTCDate(d.getUTCDate() + 1)) days.push(d.toISOString().slice(0, 10));
  while (days.length % 7) days.push(null);
  const weeks: Array<Array<string | null>> = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}
