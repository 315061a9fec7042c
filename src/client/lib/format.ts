// Display formatting shared by screens: dates, relative times, money and external links.
// Everything follows the browser's locale through Intl (24/11/2026 in en-GB, 11/24/2026 in
// en-US); the words around it ("Today", "just now") are English, like the rest of the app.
// Every formatter takes an optional `locale` last: screens leave it out (the browser's locale),
// tests pass one so they do not depend on the machine's.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Amounts are in US dollars unless a profile says otherwise; none has a currency field yet. */
export const DEFAULT_CURRENCY = 'USD';

type Locale = string | undefined;

// Intl formatters are costly to build and lists format hundreds of values: one per locale and options.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(kind: string, locale: Locale, options: object, build: () => F): F {
  const key = `${kind}|${locale ?? ''}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = build();
    formatters.set(key, formatter);
  }
  return formatter;
}

const dateFormat = (locale: Locale, options: Intl.DateTimeFormatOptions) => cached('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
const numberFormat = (locale: Locale, options: Intl.NumberFormatOptions) => cached('number', locale, options, () => new Intl.NumberFormat(locale, options));
const relativeFormat = (locale: Locale) => cached('relative', locale, {}, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));

const SHORT_DATE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
const SHORT_DATE_WITH_YEAR: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
const NUMERIC_DATE: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
const LONG_DATE: Intl.DateTimeFormatOptions = { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' };
const CLOCK_TIME: Intl.DateTimeFormatOptions = { timeStyle: 'short' };
const FULL_DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** "just now", "5 minutes ago", "3 hours ago", "yesterday", then a short date. */
export function formatRelativeTime(iso: string, now: Date = new Date(), locale?: string): string {
  const date = new Date(iso);
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return relativeFormat(locale).format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relativeFormat(locale).format(-Math.floor(elapsed / HOUR), 'hour');
  const days = calendarDaysBetween(date, now);
  if (days <= 6) return relativeFormat(locale).format(-Math.max(1, days), 'day');
  return dateFormat(locale, date.getFullYear() === now.getFullYear() ? SHORT_DATE : SHORT_DATE_WITH_YEAR).format(date);
}

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Whole local calendar days from `earlier` to `later` (DST-safe by rounding). */
export function calendarDaysBetween(earlier: Date, later: Date): number {
  return Math.round((startOfDay(later) - startOfDay(earlier)) / DAY);
}

/** The heading for a day of a feed or a thread: "Today", "Yesterday" or the full date. */
export function formatDayHeading(iso: string, now: Date = new Date(), locale?: string): string {
  const days = calendarDaysBetween(new Date(iso), now);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return dateFormat(locale, LONG_DATE).format(new Date(iso));
}

/** A stable key for grouping by local calendar day. */
export function dayKey(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** "2:05 PM" in en-US, "14:05" in en-GB (and "00:05", not "0:05", after midnight). */
export function formatClockTime(iso: string, locale?: string): string {
  return dateFormat(locale, CLOCK_TIME).format(new Date(iso));
}

export function formatDateTime(iso: string, locale?: string): string {
  return dateFormat(locale, FULL_DATE_TIME).format(new Date(iso));
}

/** An instant's local day without the year: "Mar 14" in en-US, "14 Mar" in en-GB. */
export function formatMonthDay(iso: string, locale?: string): string {
  return dateFormat(locale, SHORT_DATE).format(new Date(iso));
}

/** A stored calendar date (YYYY-MM-DD) as a local midnight, so no time zone shifts the day. */
function calendarDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

/** A stored calendar date (YYYY-MM-DD) as "Mar 14, 2021" (en-US) or "14 Mar 2021" (en-GB). */
export function formatCalendarDate(value: string | null | undefined, locale?: string): string | null {
  if (!value) return null;
  const day = calendarDay(value);
  return day ? dateFormat(locale, SHORT_DATE_WITH_YEAR).format(day) : value;
}

/** A stored calendar date (YYYY-MM-DD) in digits: 11/24/2026 in en-US, 24/11/2026 in en-GB. */
export function formatNumericDate(value: string | null | undefined, locale?: string): string | null {
  if (!value) return null;
  const day = calendarDay(value);
  return day ? dateFormat(locale, NUMERIC_DATE).format(day) : value;
}

/** A stored calendar date (YYYY-MM-DD) without the year: "Nov 24" (en-US), "24 Nov" (en-GB). */
export function formatCalendarMonthDay(value: string, locale?: string): string {
  const day = calendarDay(value);
  return day ? dateFormat(locale, SHORT_DATE).format(day) : value;
}

export interface MoneyOptions {
  /** ISO 4217 code; US dollars unless the amount's owner says otherwise. */
  currency?: string;
  /** "$2.5M" for cards and summaries, instead of "$2,500,000". */
  isCompact?: boolean;
  locale?: string;
}

/**
 * A whole amount of money in the browser's locale, always with its currency: "$2,500,000" or
 * "$2.5M" in en-US, "US$2,500,000" or "US$2.5m" in en-GB (where "$" alone would be ambiguous).
 * Amounts are whole units (the API stores whole dollars), so no cents are shown.
 */
export function formatMoney(amount: number, { currency = DEFAULT_CURRENCY, isCompact = false, locale }: MoneyOptions = {}): string {
  const options: Intl.NumberFormatOptions = isCompact
    ? { style: 'currency', currency, notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 }
    : { style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 0 };
  return numberFormat(locale, options).format(amount);
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
