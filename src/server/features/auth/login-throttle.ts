// Failed-login throttling (docs/security.md, docs/decisions/0005 and 0029). Counters live in the
// database (rate-limiter-flexible's Drizzle store), so every app instance sees the same counts.
//
// Attempts from a browser that has signed in to the account before (a known device) are counted
// in that device's own bucket and nowhere else: strangers failing on a username, from anywhere,
// cannot lock its owner out of the browser they already use. Every other attempt counts per
// username and per IP. A bucket that fills is blocked for one window, and each further time it
// fills within a day the block doubles (up to 16 windows). Blocks always end: no permanent lockout.
import { RateLimiterDrizzle, type RateLimiterRes } from 'rate-limiter-flexible';
import type { AppDatabase } from '../../db/client';
import { rateLimits } from '../../db/schema';

export interface ThrottlePolicy {
  maxFailuresPerUsername: number;
  maxFailuresPerIp: number;
  /** A known device's own bucket: more generous than the username's, since it already proved itself once. */
  maxFailuresPerDevice: number;
  windowMinutes: number;
}

export type ThrottleScope = 'username' | 'ip' | 'device';

/** One sign-in attempt, as the throttle sees it. `deviceId` is set when the browser is a known device of that account. */
export interface LoginAttempt {
  username: string;
  ip: string;
  deviceId: string | null;
}

/** A bucket that filled with this failure, and how long it is now blocked. */
export interface ThrottleTrip {
  scope: ThrottleScope;
  blockSeconds: number;
  /** How many times this bucket has filled within the last day, this time included. */
  strike: number;
}

export interface LoginThrottle {
  /** Milliseconds until another attempt is allowed, or 0 when not throttled. */
  retryAfterMs(attempt: LoginAttempt): Promise<number>;
  /** Counts a failure; answers the buckets it made full (for the security log). */
  recordFailure(attempt: LoginAttempt): Promise<ThrottleTrip[]>;
  /** A successful sign-in forgives its username's or its device's failures (the IP's count stays). */
  recordSuccess(attempt: LoginAttempt): Promise<void>;
}

// How long a bucket remembers that it filled, so the next block can be longer.
const STRIKE_MEMORY_SECONDS = 24 * 60 * 60;
const MAX_BLOCK_WINDOWS = 16;

/** Failures counted under one key, with blocks that double each time they recur within a day. */
function escalatingBucket(db: AppDatabase, keyPrefix: string, limit: number, windowSeconds: number) {
  const failures = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix,
    points: limit,
    duration: windowSeconds,
    clearExpiredByTimeout: false,
  });
  const strikes = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: `${keyPrefix}-strikes`,
    points: 1,
    duration: STRIKE_MEMORY_SECONDS,
    clearExpiredByTimeout: false,
  });
  const waitFor = (res: RateLimiterRes | null) => (res && res.consumedPoints >= limit ? Math.max(res.msBeforeNext, 1000) : 0);
  return {
    async retryAfterMs(key: string): Promise<number> {
      return waitFor(await failures.get(key));
    },
    /** Counts one failure; when it fills the bucket, blocks it and answers for how long. */
    async fail(key: string): Promise<{ blockSeconds: number; strike: number } | null> {
      // penalty() counts without rejecting: the limit is enforced by retryAfterMs before each attempt.
      const res = await failures.penalty(key);
      // Only the failure that fills the bucket blocks it; racing ones past the limit change nothing.
      if (res.consumedPoints !== limit) return null;
      const strike = (await strikes.penalty(key)).consumedPoints;
      const blockSeconds = Math.min(windowSeconds * 2 ** (strike - 1), windowSeconds * MAX_BLOCK_WINDOWS, STRIKE_MEMORY_SECONDS);
      await failures.block(key, blockSeconds);
      return { blockSeconds, strike };
    },
    /** Forgives the failures; the strikes stay, so an attacker's next block is still longer. */
    async forgive(key: string): Promise<void> {
      await failures.delete(key);
    },
  };
}

export function createLoginThrottle(db: AppDatabase, policy: ThrottlePolicy): LoginThrottle {
  const window = policy.windowMinutes * 60;
  const buckets: Record<ThrottleScope, ReturnType<typeof escalatingBucket>> = {
    username: escalatingBucket(db, 'login-user', policy.maxFailuresPerUsername, window),
    ip: escalatingBucket(db, 'login-ip', policy.maxFailuresPerIp, window),
    device: escalatingBucket(db, 'login-device', policy.maxFailuresPerDevice, window),
  };
  // Usernames are case-insensitive, so "Alice" and "alice" share one counter.
  const keysOf = (attempt: LoginAttempt): Array<[ThrottleScope, string]> =>
    attempt.deviceId
      ? [['device', attempt.deviceId]]
      : [
          ['username', attempt.username.trim().toLowerCase()],
          ['ip', attempt.ip],
        ];

  return {
    async retryAfterMs(attempt) {
      const waits = await Promise.all(keysOf(attempt).map(([scope, key]) => buckets[scope].retryAfterMs(key)));
      return Math.max(0, ...waits);
    },
    async recordFailure(attempt) {
      const trips = await Promise.all(
        keysOf(attempt).map(async ([scope, key]) => {
          const trip = await buckets[scope].fail(key);
          return trip ? { scope, ...trip } : null;
        }),
      );
      return trips.filter((trip) => trip !== null);
    },
    async recordSuccess(attempt) {
      const [scope, key] = keysOf(attempt)[0]!;
      await buckets[scope].forgive(key);
    },
  };
}

/** "5 minutes", "1 minute", "4 hours": how long to wait, in a sentence's words. */
export function waitInWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 90) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}
