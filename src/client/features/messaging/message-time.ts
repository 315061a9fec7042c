// How messaging shows time. A conversation's last-message time is the clock time if it
// is today, 'Yesterday', or a short month-day. All in the browser's locale and time zone.
import { dayKey, formatClockTime, formatDayHeading } from '@/lib/format';

const monthDay = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Whole calendar days from `earlier` to `later` in local time (DST-safe by rounding). */
function calendarDaysBetween(earlier: Date, later: Date): number {
  return Math.round((startOfDay(later) - startOfDay(earlier)) / 86_400_000);
}

/** "9:41 AM" today, "Yesterday", otherwise "Mar 14". */
export function formatConversationTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const days = calendarDaysBetween(date, now);
  if (days <= 0) return formatClockTime(iso);
  if (days === 1) return 'Yesterday';
  return monthDay.format(date);
}

export interface DayGroup<T> {
  key: string;
  /** "Today", "Yesterday" or the full date. */
  heading: string;
  items: T[];
}

/** Consecutive items of one local calendar day, for the thread's day separators. */
export function groupByDay<T extends { sentAt: string }>(items: readonly T[], now: Date = new Date()): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const key = dayKey(item.sentAt);
    const last = groups.at(-1);
    if (last?.key === key) last.items.push(item);
    else groups.push({ key, heading: formatDayHeading(item.sentAt, now), items: [item] });
  }
  return groups;
}
