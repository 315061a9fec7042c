// How messaging shows time, in the browser's locale and time zone. A conversation's last-message
// time is the clock time if it is today, 'Yesterday', or a short month-day; the thread's day
// separators read "Today", "Yesterday" or the full date.
import { calendarDaysBetween, dayKey, formatClockTime, formatDayHeading, formatMonthDay } from '@/lib/format';

/** "9:41 AM" (en-US) or "09:41" (en-GB) today, "Yesterday", otherwise "Mar 14" or "14 Mar". */
export function formatConversationTime(iso: string, now: Date = new Date(), locale?: string): string {
  const days = calendarDaysBetween(new Date(iso), now);
  if (days <= 0) return formatClockTime(iso, locale);
  if (days === 1) return 'Yesterday';
  return formatMonthDay(iso, locale);
}

export interface DayGroup<T> {
  key: string;
  /** "Today", "Yesterday" or the full date. */
  heading: string;
  items: T[];
}

/**
 * Consecutive items of one local calendar day, for the thread's day separators. Pass `now` from
 * useNow() (lib/relative-time) so "Today" becomes "Yesterday" after midnight without a reload.
 */
export function groupByDay<T extends { sentAt: string }>(items: readonly T[], now: Date = new Date(), locale?: string): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const key = dayKey(item.sentAt);
    const last = groups.at(-1);
    if (last?.key === key) last.items.push(item);
    else groups.push({ key, heading: formatDayHeading(item.sentAt, now, locale), items: [item] });
  }
  return groups;
}
