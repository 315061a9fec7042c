// Calendar days on the client (issue #7): stored as YYYY-MM-DD, shown as MM/dd/yyyy (the
// calendar picker's format), read as local dates so no time zone shifts them.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { format } from 'date-fns';
import { formatDisplayDate, parseCalendarDate, toCalendarDateValue } from '../../src/client/lib/calendar-date';
import { isCalendarDate } from '../../src/shared/contracts/milestones';

describe('calendar dates', () => {
  it('shows a stored day as MM/dd/yyyy', () => {
    expect(formatDisplayDate('2026-12-01')).toBe('12/01/2026');
    expect(formatDisplayDate('2028-02-29')).toBe('02/29/2028');
    expect(formatDisplayDate('')).toBeNull();
    expect(formatDisplayDate(null)).toBeNull();
  });

  it('refuses what is not a real day, like the server does', () => {
    for (const value of ['2026-02-31', '2026-13-01', '12/01/2026', '2026-1-1']) {
      expect(parseCalendarDate(value), value).toBeUndefined();
      expect(isCalendarDate(value), value).toBe(false);
    }
  });

  it('round-trips every day and agrees with date-fns on the display format', () => {
    const day = fc
      .date({ min: new Date(1900, 0, 1), max: new Date(2200, 11, 31), noInvalidDate: true })
      .map((date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()));
    fc.assert(
      fc.property(day, (date) => {
        const stored = toCalendarDateValue(date);
        expect(isCalendarDate(stored)).toBe(true);
        expect(parseCalendarDate(stored)?.getTime()).toBe(date.getTime());
        expect(formatDisplayDate(stored)).toBe(format(date, 'MM/dd/yyyy'));
      }),
    );
  });
});
