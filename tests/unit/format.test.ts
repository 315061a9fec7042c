// Dates, times and money in the user's locale (issue #15): every formatter follows the browser's
// locale through Intl; these run with a fixed locale so they do not depend on the machine's.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatDollars } from '../../src/shared/enums';
import {
  formatCalendarDate,
  formatCalendarMonthDay,
  formatClockTime,
  formatDateTime,
  formatDayHeading,
  formatMoney,
  formatMonthDay,
  formatNumericDate,
  formatRelativeTime,
} from '../../src/client/lib/format';

const local = (year: number, month: number, day: number, hour = 12, minute = 0) => new Date(year, month - 1, day, hour, minute);
const iso = (...parts: Parameters<typeof local>) => local(...parts).toISOString();

describe('dates follow the locale', () => {
  it('writes a stored day in digits in each locale’s order', () => {
    expect(formatNumericDate('2026-11-24', 'en-GB')).toBe('24/11/2026');
    expect(formatNumericDate('2026-11-24', 'en-US')).toBe('11/24/2026');
    expect(formatNumericDate('2026-03-04', 'en-US')).toBe('03/04/2026');
    expect(formatNumericDate(null, 'en-US')).toBeNull();
    expect(formatNumericDate('', 'en-US')).toBeNull();
  });

  it('writes a stored day with its month name, never shifted by the time zone', () => {
    expect(formatCalendarDate('2026-11-24', 'en-GB')).toBe('24 Nov 2026');
    expect(formatCalendarDate('2026-11-24', 'en-US')).toBe('Nov 24, 2026');
    expect(formatCalendarMonthDay('2026-11-24', 'en-GB')).toBe('24 Nov');
    expect(formatCalendarMonthDay('2026-11-24', 'en-US')).toBe('Nov 24');
  });

  it('writes instants in the locale’s clock and order', () => {
    const afternoon = iso(2026, 11, 24, 14, 5);
    expect(formatClockTime(afternoon, 'en-GB')).toBe('14:05');
    expect(formatClockTime(afternoon, 'en-US')).toMatch(/^2:05\sPM$/u);
    expect(formatMonthDay(afternoon, 'en-GB')).toBe('24 Nov');
    expect(formatMonthDay(afternoon, 'en-US')).toBe('Nov 24');
    expect(formatDateTime(afternoon, 'en-GB')).toMatch(/^24 Nov 2026,? 14:05$/u);
    expect(formatDateTime(afternoon, 'en-US')).toMatch(/^Nov 24, 2026,? 2:05\sPM$/u);
  });

  it('heads a day "Today", "Yesterday", or with its full date in the locale', () => {
    const now = local(2026, 11, 26, 9);
    expect(formatDayHeading(iso(2026, 11, 26, 0, 1), now, 'en-GB')).toBe('Today');
    expect(formatDayHeading(iso(2026, 11, 25, 23, 59), now, 'en-GB')).toBe('Yesterday');
    expect(formatDayHeading(iso(2026, 11, 24), now, 'en-GB')).toMatch(/^Tuesday,? 24 November 2026$/u);
    expect(formatDayHeading(iso(2026, 11, 24), now, 'en-US')).toBe('Tuesday, November 24, 2026');
  });

  it('counts relative times, then falls back to the locale’s short date', () => {
    const now = local(2026, 11, 24, 15);
    expect(formatRelativeTime(iso(2026, 11, 24, 14, 59), now, 'en-GB')).toBe('1 minute ago');
    expect(formatRelativeTime(iso(2026, 11, 24, 12), now, 'en-US')).toBe('3 hours ago');
    expect(formatRelativeTime(iso(2026, 11, 23, 10), now, 'en-US')).toBe('yesterday');
    expect(formatRelativeTime(iso(2026, 10, 2), now, 'en-GB')).toBe('2 Oct');
    expect(formatRelativeTime(iso(2025, 10, 2), now, 'en-US')).toBe('Oct 2, 2025');
  });
});

describe('money follows the locale and names its currency', () => {
  it('shows whole amounts with the currency, in the locale’s digits', () => {
    expect(formatMoney(2_500_000, { locale: 'en-US' })).toBe('$2,500,000');
    // In en-GB "$" alone would not say which dollars.
    expect(formatMoney(2_500_000, { locale: 'en-GB' })).toBe('US$2,500,000');
    expect(formatMoney(2_500_000, { locale: 'de-DE' })).toBe('2.500.000\u00a0$');
    expect(formatMoney(2_500_000, { currency: 'EUR', locale: 'en-GB' })).toBe('€2,500,000');
  });

  it('has a compact form for cards', () => {
    expect(formatMoney(2_500_000, { isCompact: true, locale: 'en-US' })).toBe('$2.5M');
    expect(formatMoney(2_500_000, { isCompact: true, locale: 'en-GB' })).toBe('US$2.5m');
    expect(formatMoney(750_000, { isCompact: true, locale: 'en-US' })).toBe('$750K');
    expect(formatMoney(999_999, { isCompact: true, locale: 'en-US' })).toBe('$1M');
  });

  it('in en-US, the compact form is the spec’s "$2.5M" for every amount a portfolio allows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000_000 }), (amount) => {
        expect(formatMoney(amount, { isCompact: true, locale: 'en-US' })).toBe(formatDollars(amount));
      }),
      { numRuns: 2000 },
    );
  });
});
