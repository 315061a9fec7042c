// Retention for rows that unauthenticated traffic writes (docs/operations.md): security events of
// anonymous requests and login-throttle counters. Without it a flood of failed sign-ins or cross-site
// requests would grow the database without bound. Events tied to a signed-in action (uploads, grants,
// logouts) are the audit trail and are kept; these are swept by age and capped by count.
import { sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { queryRows } from '../../db/client';
import { rateLimits, securityEvents } from '../../db/schema';
import type { SystemContext } from '../../service-context';
import type { SecurityEventType } from './security-events.service';

/** Events any stranger can cause without an account or a session. */
export const ANONYMOUS_TRAFFIC_EVENTS: readonly SecurityEventType[] = [
  'login_failed',
  'login_throttled',
  'login_lockout',
  'registration_throttled',
  'cross_site_denied',
];

export interface RetentionPolicy {
  /** Anonymous-traffic events older than this are deleted. */
  anonymousEventDays: number;
  /** At most this many anonymous-traffic events are kept; the oldest go first. */
  maxAnonymousEvents: number;
  /** At most this many throttle counters are kept; the ones expiring soonest go first. */
  maxRateLimitRows: number;
}

const anonymousTraffic = sql`(${securityEvents.userId} is null or ${securityEvents.eventType} in (${sql.join(
  ANONYMOUS_TRAFFIC_EVENTS.map((type) => sql`${type}`),
  sql`, `,
)}))`;

export interface RetentionResult {
  expiredEvents: number;
  cappedEvents: number;
  expiredRateLimits: number;
  cappedRateLimits: number;
}

/** Runs a `delete … returning 1` and counts the rows, without shipping them to the process. */
async function countDeleted(db: DbExecutor, deletion: SQL): Promise<number> {
  const [row] = await queryRows<{ deleted: number }>(db, sql`with deleted as (${deletion} returning 1) select count(*)::int as deleted from deleted`);
  return Number(row?.deleted ?? 0);
}

/** A sweep runs for nobody: it needs the database and the time its ages are measured from. */
export type RetentionContext = Pick<SystemContext, 'db' | 'clock'>;

export async function sweepAnonymousTraffic(ctx: RetentionContext, policy: RetentionPolicy): Promise<RetentionResult> {
  const { db } = ctx;
  const now = ctx.clock();
  const cutoff = new Date(now.getTime() - policy.anonymousEventDays * 86_400_000);
  const expiredEvents = await countDeleted(db, sql`delete from ${securityEvents} where ${anonymousTraffic} and ${securityEvents.createdAt} < ${cutoff}`);
  // Keep the newest maxAnonymousEvents: everything older than the Nth newest goes.
  const cappedEvents = await countDeleted(
    db,
    sql`delete from ${securityEvents} where ${anonymousTraffic} and ${securityEvents.id} < (
          select id from ${securityEvents} where ${anonymousTraffic} order by id desc offset ${policy.maxAnonymousEvents - 1} limit 1)`,
  );
  const expiredRateLimits = await countDeleted(db, sql`delete from ${rateLimits} where ${rateLimits.expire} < ${now}`);
  // Counters that never expire sort first (they are not the login throttle's); then the longest-lived stay.
  const cappedRateLimits = await countDeleted(
    db,
    sql`delete from ${rateLimits} where ${rateLimits.key} in (
          select key from ${rateLimits} order by expire desc nulls first offset ${policy.maxRateLimitRows})`,
  );
  return { expiredEvents, cappedEvents, expiredRateLimits, cappedRateLimits };
}
