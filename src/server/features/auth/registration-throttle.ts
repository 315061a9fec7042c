// Per-IP throttles for the anonymous doors that send or create something (docs/security.md,
// docs/decisions/0029 and 0038): registration (at most N attempts an hour from one address) and
// "forgot password". Counted in the database like the login throttle, so every instance shares the
// count. Every attempt that passes validation counts, whatever its outcome: otherwise the answers
// for taken names (or known addresses) would be an unlimited way to test which ones exist.
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppDatabase } from '../../db/client';
import { rateLimits } from '../../db/schema';

export interface IpThrottle {
  /** Counts one attempt from `ip`; answers the milliseconds to wait when it is one too many, else 0. */
  take(ip: string): Promise<number>;
}

export type RegistrationThrottle = IpThrottle;

/** At most `maxPerIpPerHour` attempts an hour per address, counted under `keyPrefix`. */
export function createIpThrottle(db: AppDatabase, policy: { keyPrefix: string; maxPerIpPerHour: number }): IpThrottle {
  const byIp = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: policy.keyPrefix,
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

export function createRegistrationThrottle(db: AppDatabase, policy: { maxPerIpPerHour: number }): RegistrationThrottle {
  return createIpThrottle(db, { keyPrefix: 'register-ip', ...policy });
}
