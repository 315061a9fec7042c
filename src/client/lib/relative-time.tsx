// Relative times ("3 minutes ago") and day headings ("Today") that stay true while a screen is
// open. One shared clock for the whole app ticks while anything shows such a time, instead of a
// timer per row; it stops when the last subscriber leaves, and ticks at once when the tab comes
// back (background tabs' timers are throttled, so the last tick may be long ago).
import { useMemo, useSyncExternalStore } from 'react';
import { formatDateTime, formatRelativeTime } from './format';

/** Often enough that "just now" turns into "1 minute ago" close to the minute. */
const TICK_MS = 30_000;

let nowMs = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function tick(): void {
  nowMs = Date.now();
  for (const listener of listeners) listener();
}

function onVisibilityChange(): void {
  if (document.visibilityState === 'visible') tick();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    // The clock was idle: start from the current time, not from when it last stopped.
    tick();
    timer = setInterval(tick, TICK_MS);
    document.addEventListener('visibilitychange', onVisibilityChange);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    clearInterval(timer);
    timer = undefined;
    document.removeEventListener('visibilitychange', onVisibilityChange);
  };
}

function currentNow(): number {
  // An idle clock is refreshed on the first read, so a screen never renders an old time first.
  // It changes at most once per tick, as React requires of a snapshot.
  if (listeners.size === 0 && Date.now() - nowMs >= TICK_MS) nowMs = Date.now();
  return nowMs;
}

/** The current time, re-rendering the caller on every tick of the shared clock. */
export function useNow(): Date {
  const ms = useSyncExternalStore(subscribe, currentNow);
  return useMemo(() => new Date(ms), [ms]);
}

/** "5 minutes ago" that keeps counting, with the full date and time on hover. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const now = useNow();
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className={className}>
      {formatRelativeTime(iso, now)}
    </time>
  );
}
