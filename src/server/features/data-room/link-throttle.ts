// Throttles of a secure link's anonymous doors (docs/data-room.md, "Secure links"): wrong codes and
// wrong passwords per link and per IP, and code emails per address and per IP. Counted in the
// database with rate-limiter-flexible (like the login throttle), so every instance shares the
// counts. A guess is refused before it is checked once its bucket is full, so a full bucket
// cannot be used to learn whether a guess was right.
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppDatabase } from '../../db/client';
import { rateLimits } from '../../db/schema';

const MINUTE_S = 60;

/**
 * The limits. A link's own bucket stops a guesser who changes address; the IP's stops one who
 * tries many links; the session's (MAX_WRONG_CODES_PER_CODE in link-rules.ts) spends the code itself.
 */
export const LINK_THROTTLE_LIMITS = {
  wrongGuessesPerLink: { points: 20, minutes: 15 },
  wrongGuessesPerIp: { points: 30, minutes: 15 },
  codeEmailsPerAddress: { points: 5, minutes: 60 },
  codeEmailsPerIp: { points: 20, minutes: 60 },
} as const;

export type GuessKind = 'code' | 'password';

export interface LinkThrottle {
  /** Milliseconds until this IP may guess again at this link, or 0. */
  guessWaitMs(input: { kind: GuessKind; linkId: number; ip: string }): Promise<number>;
  /** Counts a wrong guess against the link and the IP. */
  recordWrongGuess(input: { kind: GuessKind; linkId: number; ip: string }): Promise<void>;
  /** Counts one code email; answers the milliseconds to wait when it is one too many, else 0. */
  takeCodeEmail(input: { email: string; ip: string }): Promise<number>;
}

function limiter(db: AppDatabase, keyPrefix: string, limit: { points: number; minutes: number }): RateLimiterDrizzle {
  return new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix,
    points: limit.points,
    duration: limit.minutes * MINUTE_S,
    clearExpiredByTimeout: false,
  });
}

const waitOf = (res: RateLimiterRes | null, points: number) => (res && res.consumedPoints >= points ? Math.max(res.msBeforeNext, 1000) : 0);

async function consumeOrWait(bucket: RateLimiterDrizzle, key: string): Promise<number> {
  try {
    await bucket.consume(key);
    return 0;
  } catch (error) {
    // consume() rejects with the counter itself when the limit is passed, and with an Error when the store fails.
    if (error instanceof RateLimiterRes) return Math.max(error.msBeforeNext, 1000);
    throw error;
  }
}

function createLinkThrottle(db: AppDatabase): LinkThrottle {
  const { wrongGuessesPerLink, wrongGuessesPerIp, codeEmailsPerAddress, codeEmailsPerIp } = LINK_THROTTLE_LIMITS;
  const guesses = {
    code: { link: limiter(db, 'link-code-link', wrongGuessesPerLink), ip: limiter(db, 'link-code-ip', wrongGuessesPerIp) },
    password: { link: limiter(db, 'link-password-link', wrongGuessesPerLink), ip: limiter(db, 'link-password-ip', wrongGuessesPerIp) },
  };
  const emailsPerAddress = limiter(db, 'link-email-address', codeEmailsPerAddress);
  const emailsPerIp = limiter(db, 'link-email-ip', codeEmailsPerIp);
  return {
    async guessWaitMs({ kind, linkId, ip }) {
      const [byLink, byIp] = await Promise.all([guesses[kind].link.get(String(linkId)), guesses[kind].ip.get(ip)]);
      return Math.max(waitOf(byLink, wrongGuessesPerLink.points), waitOf(byIp, wrongGuessesPerIp.points));
    },
    async recordWrongGuess({ kind, linkId, ip }) {
      // penalty() counts without rejecting: the limit is enforced by guessWaitMs before each guess.
      await Promise.all([guesses[kind].link.penalty(String(linkId)), guesses[kind].ip.penalty(ip)]);
    },
    async takeCodeEmail({ email, ip }) {
      const byIp = await consumeOrWait(emailsPerIp, ip);
      if (byIp > 0) return byIp;
      return consumeOrWait(emailsPerAddress, email.toLowerCase());
    },
  };
}

// One throttle per database: the counters live in its rate_limits table.
const throttles = new WeakMap<AppDatabase, LinkThrottle>();

/** The link throttle counting in this database (pass the app's database, not a transaction). */
export function linkThrottleFor(db: AppDatabase): LinkThrottle {
  let throttle = throttles.get(db);
  if (!throttle) {
    throttle = createLinkThrottle(db);
    throttles.set(db, throttle);
  }
  return throttle;
}
