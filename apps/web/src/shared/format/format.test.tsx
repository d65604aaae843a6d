import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { learnCountText, formatCount } from './count';
import { formatDate, formatDateTime, formatTime } from './date';
import { doiUrl, linkifyDoi } from './doi';
import { formatMeetingNumber, parseMeetingNumber } from './meeting-number';
import { formatFen, priceDisplay } from './price';
import { browserTimezone, formatUtcOffset } from './timezone';

describe('price', () => {
  it('formats integer fen as yuan with two decimals', () => {
    expect(formatFen(1200)).toBe('¥12.00');
    expect(formatFen(5)).toBe('¥0.05');
    expect(formatFen(123456789)).toBe('¥1,234,567.89');
    expect(formatFen(0)).toBe('¥0.00');
  });

  it('is free for price type 1 or a zero price', () => {
    expect(priceDisplay({ price_type: 1, price: 990, original_price: 1990 })).toEqual({ free: true, price: null, original: null });
    expect(priceDisplay({ price_type: 2, price: 0, original_price: 0 })).toMatchObject({ free: true });
  });

  it('shows the paid price and strikes through a higher original price', () => {
    expect(priceDisplay({ price_type: 2, price: 990, original_price: 1990 })).toEqual({ free: false, price: '¥9.90', original: '¥19.90' });
    expect(priceDisplay({ price_type: 2, price: 990, original_price: 0 })).toEqual({ free: false, price: '¥9.90', original: null });
    expect(priceDisplay({ price_type: 2, price: 990, original_price: 990 }).original).toBeNull();
  });
});

describe('learn count', () => {
  it('shortens large numbers per language', () => {
    expect(formatCount(999, 'zh')).toBe('999');
    expect(formatCount(12_345, 'zh')).toBe('1.2万');
    expect(formatCount(10_000, 'zh')).toBe('1万');
    expect(formatCount(230_000_000, 'zh')).toBe('2.3亿');
    expect(formatCount(999, 'en')).toBe('999');
    expect(formatCount(12_345, 'en')).toBe('12.3k');
    expect(formatCount(1_250_000, 'en')).toBe('1.2M');
  });

  it("prefers the server's learn_count_show", () => {
    expect(learnCountText({ learn_count: 12_345, learn_count_show: '1.2w+' }, 'zh')).toBe('1.2w+');
    expect(learnCountText({ learn_count: 12_345, learn_count_show: '' }, 'en')).toBe('12.3k');
  });
});

describe('meeting number', () => {
  it('groups digits by four with hyphens', () => {
    expect(formatMeetingNumber('123456789012')).toBe('1234-5678-9012');
    expect(formatMeetingNumber(123456789)).toBe('1234-5678-9');
    expect(formatMeetingNumber('1234 5678')).toBe('1234-5678');
    expect(formatMeetingNumber('12')).toBe('12');
    expect(formatMeetingNumber('')).toBe('');
  });

  it('reads a typed number with or without hyphens or spaces, and refuses other characters', () => {
    expect(parseMeetingNumber('1234-5678-9012')).toBe('123456789012');
    expect(parseMeetingNumber(' 1234 5678 9012 ')).toBe('123456789012');
    expect(parseMeetingNumber('123456789012')).toBe('123456789012');
    expect(parseMeetingNumber('1234-abcd-9012')).toBeNull();
    expect(parseMeetingNumber('')).toBeNull();
  });
});

describe('DOI linkify', () => {
  it('turns each DOI into a link and keeps the rest as text', () => {
    const { container } = render(<p>{linkifyDoi('See 10.1056/NEJMoa2034577. Also doi 10.1016/S0140-6736(20)30183-5 here')}</p>);
    const links = Array.from(container.querySelectorAll('a'));
    expect(links.map((a) => a.textContent)).toEqual(['10.1056/NEJMoa2034577', '10.1016/S0140-6736(20)30183-5']);
    expect(links[0]!.getAttribute('href')).toBe('https://doi.org/10.1056/NEJMoa2034577');
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(container.textContent).toBe('See 10.1056/NEJMoa2034577. Also doi 10.1016/S0140-6736(20)30183-5 here');
  });

  it('never injects markup from the text', () => {
    const { container } = render(<p>{linkifyDoi('<img src=x onerror=alert(1)> 10.1000/abc')}</p>);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelectorAll('a')).toHaveLength(1);
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('returns plain text when there is no DOI', () => {
    expect(linkifyDoi('no identifiers')).toEqual(['no identifiers']);
    expect(doiUrl('10.1000/a b')).toBe('https://doi.org/10.1000/a%20b');
  });
});

describe('timezone', () => {
  it('formats UTC offsets like +08:00', () => {
    expect(formatUtcOffset(480)).toBe('+08:00');
    expect(formatUtcOffset(0)).toBe('+00:00');
    expect(formatUtcOffset(-300)).toBe('-05:00');
    expect(formatUtcOffset(330)).toBe('+05:30');
    expect(formatUtcOffset(Number.NaN)).toBe('+08:00');
  });

  it("reads the browser's offset", () => {
    const date = new Date('2025-01-15T00:00:00Z');
    expect(browserTimezone(date)).toBe(formatUtcOffset(-date.getTimezoneOffset()));
  });

  it('formats dates in the given time zone', () => {
    const iso = '2025-03-01T06:30:00Z';
    expect(formatDateTime(iso, 'zh', 'Asia/Shanghai')).toBe('2025-03-01 14:30');
    expect(formatDateTime(iso, 'en', 'America/New_York')).toBe('2025-03-01 01:30');
    expect(formatDate(iso, 'en', 'Pacific/Auckland')).toBe('2025-03-01');
    expect(formatTime(iso, 'zh', 'UTC')).toBe('06:30');
    expect(formatDateTime('not a date', 'zh')).toBe('');
  });

  it("writes the server's zone, UTC and the browser's own as Intl would, and China's summer times of the 1980s", () => {
    const intl = (iso: string, timeZone: string | undefined) => {
      const p = Object.fromEntries(new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
      return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
    };
    for (const iso of ['2025-01-01T15:59:00Z', '2025-06-30T16:00:00Z', '2024-02-29T23:05:00Z', '1999-12-31T23:59:59Z', '2026-03-29T01:30:00+01:00']) {
      for (const zone of ['Asia/Shanghai', 'UTC', undefined]) expect(formatDateTime(iso, 'zh', zone)).toBe(intl(iso, zone));
    }
    // Shanghai kept summer time in 1986–1991: +09:00 on this day.
    expect(formatDateTime('1988-07-01T00:00:00Z', 'en', 'Asia/Shanghai')).toBe('1988-07-01 09:00');
  });

  it('keeps one formatter per language, shape and zone (a reused one never leaks another zone or shape)', () => {
    const iso = '2025-03-01T23:30:00Z';
    expect(formatDateTime(iso, 'zh', 'UTC')).toBe('2025-03-01 23:30');
    expect(formatDateTime(iso, 'zh', 'Asia/Shanghai')).toBe('2025-03-02 07:30');
    expect(formatDate(iso, 'zh', 'Asia/Shanghai')).toBe('2025-03-02');
    expect(formatTime(iso, 'zh', 'Asia/Shanghai')).toBe('07:30');
    expect(formatDateTime(iso, 'zh', 'UTC')).toBe('2025-03-01 23:30');
    expect(formatDateTime(iso, 'en', 'America/New_York')).toBe('2025-03-01 18:30');
    expect(formatDate(iso, 'en', 'UTC')).toBe('2025-03-01');
  });
});
