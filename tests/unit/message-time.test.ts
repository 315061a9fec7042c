// How messaging shows time: clock time today, 'Yesterday', otherwise a short month-day;
// and the thread's day separators. Local calendar days, not 24-hour windows.
import { describe, expect, it } from 'vitest';
import { formatConversationTime, groupByDay } from '../../src/client/features/messaging/message-time';

const local = (year: number, month: number, day: number, hour = 12, minute = 0) => new Date(year, month - 1, day, hour, minute);
const clock = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const monthDay = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

describe('formatConversationTime', () => {
  const now = local(2026, 3, 14, 9, 30);

  it('shows the clock time for a message sent today, even just after midnight', () => {
    const earlyToday = local(2026, 3, 14, 0, 5);
    expect(formatConversationTime(earlyToday.toISOString(), now)).toBe(clock.format(earlyToday));
  });

  it("says 'Yesterday' for the previous calendar day, even less than 24 hours ago", () => {
    expect(formatConversationTime(local(2026, 3, 13, 23, 50).toISOString(), now)).toBe('Yesterday');
    expect(formatConversationTime(local(2026, 3, 13, 0, 1).toISOString(), now)).toBe('Yesterday');
  });

  it('shows a short month-day for anything older', () => {
    const older = local(2026, 3, 12, 23, 59);
    expect(formatConversationTime(older.toISOString(), now)).toBe(monthDay.format(older));
    const lastYear = local(2025, 12, 31);
    expect(formatConversationTime(lastYear.toISOString(), now)).toBe(monthDay.format(lastYear));
  });
});

describe('groupByDay', () => {
  it('groups consecutive messages of one local day under Today, Yesterday or the full date', () => {
    const now = local(2026, 3, 14, 18);
    const messages = [local(2026, 3, 10, 9), local(2026, 3, 10, 17), local(2026, 3, 13, 22), local(2026, 3, 14, 8)].map((date, id) => ({
      id,
      sentAt: date.toISOString(),
    }));
    const groups = groupByDay(messages, now);
    expect(groups.map((group) => [group.heading, group.items.map((item) => item.id)])).toEqual([
      [new Intl.DateTimeFormat(undefined, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(local(2026, 3, 10)), [0, 1]],
      ['Yesterday', [2]],
      ['Today', [3]],
    ]);
  });
});
