// Registration throttling per IP (docs/security.md, docs/decisions/0029): at most N registration
// attempts an hour from one address, counted in the database like the login throttle, so every
// instance shares the count. Every attempt that passes validation counts, taken names included:
// otherwise the 409s would be an unlimited way to test which usernames and emails exist.
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppDatabase } from '../../db/client';
import { rateLimits } from '../../db/schema';

export interface RegistrationThrottle {
  /** Counts one attempt from `ip`; answers the milliseconds to wait when it is one too many, else 0. */
  take(ip: string): Promise<number>;
}

export function createRegistrationThrottle(db: AppDatabase, policy: { maxPerIpPerHour: number }): RegistrationThrottle {
  const byIp = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: 'register-ip',
    points: policy.maxPerIpPerHour,
    duration: 60 * 60,
    clearExpiredByTimeout: false,
  });
  return {
    async take(ip) {
      try {
        await byIp.consume(ip);
        return 0;
      } catch (error) {
        // consume() rejects with the counter itself when the limit is passed, and with an Error when the store fails.
        if (error instanceof RateLimiterRes) return Math.max(error.msBeforeNext, 1000);
        throw error;
      }
    },
  };
}
