// Failed-login throttling by username and by IP (docs/security.md). Counters live in the database
// (rate-limiter-flexible's Drizzle store), so every app instance sees the same counts. Blocking is
// temporary: the window expires and the user can try again; there is no permanent lockout.
import { RateLimiterDrizzle, type RateLimiterRes } from 'rate-limiter-flexible';
import type { AppDatabase } from '../../db/client';
import { rateLimits } from '../../db/schema';

export interface ThrottlePolicy {
  maxFailuresPerUsername: number;
  maxFailuresPerIp: number;
  windowMinutes: number;
}

export interface LoginThrottle {
  /** Milliseconds until another attempt is allowed, or 0 when not throttled. */
  retryAfterMs(username: string, ip: string): Promise<number>;
  recordFailure(username: string, ip: string): Promise<void>;
  /** A successful login forgives that username's failures (the IP's count stays). */
  recordSuccess(username: string): Promise<void>;
}

export function createLoginThrottle(db: AppDatabase, policy: ThrottlePolicy): LoginThrottle {
  const duration = policy.windowMinutes * 60;
  const byUsername = new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix: 'login-user', points: policy.maxFailuresPerUsername, duration, clearExpiredByTimeout: false });
  const byIp = new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix: 'login-ip', points: policy.maxFailuresPerIp, duration, clearExpiredByTimeout: false });
  // Usernames are case-insensitive, so "Alice" and "alice" share one counter.
  const userKey = (username: string) => username.trim().toLowerCase();

  const waitFor = (res: RateLimiterRes | null, limit: number) => (res && res.consumedPoints >= limit ? Math.max(res.msBeforeNext, 1000) : 0);

  return {
    async retryAfterMs(username, ip) {
      const [userRes, ipRes] = await Promise.all([byUsername.get(userKey(username)), byIp.get(ip)]);
      return Math.max(waitFor(userRes, policy.maxFailuresPerUsername), waitFor(ipRes, policy.maxFailuresPerIp));
    },
    async recordFailure(username, ip) {
      // penalty() counts without rejecting: the limit is enforced by retryAfterMs before each attempt.
      await Promise.all([byUsername.penalty(userKey(username)), byIp.penalty(ip)]);
    },
    async recordSuccess(username) {
      await byUsername.delete(userKey(username));
    },
  };
}
