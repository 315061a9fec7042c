// How messaging shows time: clock time today, 'Yesterday', otherwise a short month-day; and the
// thread's day separators ("Today", "Yesterday" or the date). Local calendar days, not 24-hour
// windows; each locale's own order and clock (issue #15), so these name a locale.
import { describe, expect, it } from 'vitest';
import { formatConversationTime, groupByDay } from '../../src/client/features/messaging/message-time';

const local = (year: number, month: number, day: number, hour = 12, minute = 0) => new Date(year, month - 1, day, hour, minute);

describe('formatConversationTime', () => {
  const now = local(2026, 3, 14, 9, 30);

  it('shows the clock time for a message sent today, even just after midnight, in the locale’s clock', () => {
    const earlyToday = local(2026, 3, 14, 0, 5).toISOString();
    expect(formatConversationTime(earlyToday, now, 'en-GB')).toBe('00:05');
    expect(formatConversationTime(earlyToday, now, 'en-US')).toMatch(/^12:05\sAM$/u);
  });

  it("says 'Yesterday' for the previous calendar day, even less than 24 hours ago", () => {
    expect(formatConversationTime(local(2026, 3, 13, 23, 50).toISOString(), now, 'en-GB')).toBe('Yesterday');
    expect(formatConversationTime(local(2026, 3, 13, 0, 1).toISOString(), now, 'en-US')).toBe('Yesterday');
  });

  it('shows a short month-day for anything older, in the locale’s order', () => {
    const older = local(2026, 3, 12, 23, 59).toISOString();
    expect(formatConversationTime(older, now, 'en-US')).toBe('Mar 12');
    expect(formatConversationTime(older, now, 'en-GB')).toBe('12 Mar');
    expect(formatConversationTime(local(2025, 12, 31).toISOString(), now, 'en-US')).toBe('Dec 31');
  });
});

describe('groupByDay', () => {
  it('groups consecutive messages of one local day under Today, Yesterday or the full date', () => {
    const now = local(2026, 3, 14, 18);
    const messages = [local(2026, 3, 10, 9), local(2026, 3, 10, 17), local(2026, 3, 13, 22), local(2026, 3, 14, 8)].map((date, id) => ({
      id,
      sentAt: date.toISOString(),
    }));
    expect(groupByDay(messages, now, 'en-US').map((group) => [group.heading, group.items.map((item) => item.id)])).toEqual([
      ['Tuesday, March 10, 2026', [0, 1]],
      ['Yesterday', [2]],
      ['Today', [3]],
    ]);
    expect(groupByDay(messages, now, 'en-GB')[0]!.heading).toMatch(/^Tuesday,? 10 March 2026$/u);
  });

  it('moves "Today" to "Yesterday" when the clock passes midnight', () => {
    const messages = [{ id: 1, sentAt: local(2026, 3, 14, 23, 50).toISOString() }];
    expect(groupByDay(messages, local(2026, 3, 14, 23, 59), 'en-GB')[0]!.heading).toBe('Today');
    expect(groupByDay(messages, local(2026, 3, 15, 0, 1), 'en-GB')[0]!.heading).toBe('Yesterday');
  });
});
