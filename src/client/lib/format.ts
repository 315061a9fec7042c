// Display formatting shared by screens: dates, relative times and external links. Everything
// uses the browser's locale through Intl, with English wording as the fallback.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const shortDate = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const shortDateWithYear = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
const longDate = new Intl.DateTimeFormat(undefined, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const clockTime = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const fullDateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "just now", "5 minutes ago", "3 hours ago", "yesterday", then a short date. */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return relativeFormat.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relativeFormat.format(-Math.floor(elapsed / HOUR), 'hour');
  const days = calendarDaysBetween(date, now);
  if (days <= 6) return relativeFormat.format(-Math.max(1, days), 'day');
  return date.getFullYear() === now.getFullYear() ? shortDate.format(date) : shortDateWithYear.format(date);
}

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

function calendarDaysBetween(earlier: Date, later: Date): number {
  return Math.round((startOfDay(later) - startOfDay(earlier)) / DAY);
}

/** The heading for a day of the activity feed: "Today", "Yesterday" or the full date. */
export function formatDayHeading(iso: string, now: Date = new Date()): string {
  const days = calendarDaysBetween(new Date(iso), now);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return longDate.format(new Date(iso));
}

/** A stable key for grouping by local calendar day. */
export function dayKey(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

export function formatClockTime(iso: string): string {
  return clockTime.format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  return fullDateTime.format(new Date(iso));
}

/** A stored calendar date (YYYY-MM-DD) as "Mar 14, 2021", read as a date, not a UTC instant. */
export function formatCalendarDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  return shortDateWithYear.format(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/**
 * Only http(s) addresses become links; anything else (a `javascript:` URL that slipped into old
 * data) is shown as text. Returns the URL to link to and a short label (the host name).
 */
export function safeExternalUrl(value: string | null | undefined): { href: string; label: string } | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
    return { href: url.href, label: `${url.host.replace(/^www\./, '')}${path}` };
  } catch {
    return null;
  }
}
