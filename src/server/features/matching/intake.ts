// Fair intake (issue #19, docs/intake.md): the rules a connection request meets when it is made.
// A startup holds at most OUTGOING_REQUEST_LIMIT requests waiting for an answer; a startup's request
// reaches the investor only while they are open to new deals and under their weekly cap, and waits
// in their queue until the next week otherwise. decideMatch asks here, inside its transaction, which
// request columns a decision writes; the weekly release and the expiry live in intake.service.ts.
import { and, count, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { DEFAULT_WEEKLY_REQUEST_CAP, OUTGOING_REQUEST_LIMIT, OUTGOING_REQUEST_LIMIT_MESSAGE } from '../../../shared/contracts/intake';
import type { MatchDecision, UserType } from '../../../shared/enums';
import { conflict } from '../../app-error';
import type { DbExecutor } from '../../db/client';
import { investorProfiles, matches } from '../../db/schema';

type MatchRow = Omit<typeof matches.$inferSelect, 'breakdown'>;

const DAY_MS = 24 * 60 * 60_000;
const WEEK_MS = 7 * DAY_MS;

/** The start of the intake week `now` falls in: Monday 00:00 UTC. */
export function weekStartOf(now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // getUTCDay: Sunday 0 … Saturday 6; days since Monday: Monday 0 … Sunday 6.
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

/** When the week `now` falls in ends, and queued requests are next released: the next Monday 00:00 UTC. */
export const nextWeekStartOf = (now: Date): Date => new Date(weekStartOf(now).getTime() + WEEK_MS);

// Transaction-scoped advisory locks (released at commit) that order the checks of one party's
// requests: two accepts at once would both count "29 open" or "24 delivered" and both pass.
// Taken after the match's row lock, always startup before investor; the release job takes only
// the investor's and never waits on a match row (SKIP LOCKED), so no two orders can deadlock.
const STARTUP_REQUESTS_LOCK = 19_001;
const INVESTOR_INTAKE_LOCK = 19_002;
export const lockInvestorIntake = (db: DbExecutor, investorId: number) => db.execute(sql`select pg_advisory_xact_lock(${INVESTOR_INTAKE_LOCK}, ${investorId})`);
const lockStartupRequests = (db: DbExecutor, startupId: number) => db.execute(sql`select pg_advisory_xact_lock(${STARTUP_REQUESTS_LOCK}, ${startupId})`);

/** A startup's requests waiting for an answer: their accept while the investor has not answered (queued ones included). */
export async function openRequestsOf(db: DbExecutor, startupId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(matches)
    .where(
      and(eq(matches.startupId, startupId), eq(matches.status, 'pending'), eq(matches.startupDecision, 'accepted'), eq(matches.investorDecision, 'pending')),
    );
  return row?.value ?? 0;
}

/**
 * Startup requests that reached the investor in the week `now` falls in, answered or not: the cap
 * counts what arrived, so answering a request does not make room for another the same week. A
 * startup's request keeps its delivery time when it is answered (requestColumnsFor), an investor's
 * does not, and an open investor's request has the startup's answer pending: so "the startup asked"
 * is a delivery time with the startup's answer accepted.
 */
export async function deliveredThisWeek(db: DbExecutor, investorId: number, now: Date): Promise<number> {
  const start = weekStartOf(now);
  const [row] = await db
    .select({ value: count() })
    .from(matches)
    .where(
      and(
        eq(matches.investorId, investorId),
        eq(matches.startupDecision, 'accepted'),
        gte(matches.requestDeliveredAt, start),
        lt(matches.requestDeliveredAt, nextWeekStartOf(now)),
      ),
    );
  return row?.value ?? 0;
}

/** Startup requests waiting in the investor's queue for a later week. */
export async function queuedRequestsOf(db: DbExecutor, investorId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(matches)
    .where(and(eq(matches.investorId, investorId), eq(matches.status, 'pending'), isNotNull(matches.requestQueuedUntil)));
  return row?.value ?? 0;
}

/** What the investor set: open to new deals, and their weekly cap (the defaults if they have no profile yet). */
export async function investorIntakeOf(db: DbExecutor, investorId: number): Promise<{ openToNewDeals: boolean; weeklyRequestCap: number }> {
  const [row] = await db
    .select({ openToNewDeals: investorProfiles.openToNewDeals, weeklyRequestCap: investorProfiles.weeklyRequestCap })
    .from(investorProfiles)
    .where(eq(investorProfiles.userId, investorId));
  return row ?? { openToNewDeals: true, weeklyRequestCap: DEFAULT_WEEKLY_REQUEST_CAP };
}

/** Whether a startup request arriving now waits in the queue: the investor is not open, or already got their cap this week. Call under lockInvestorIntake. */
export async function mustQueue(db: DbExecutor, investorId: number, now: Date): Promise<boolean> {
  const intake = await investorIntakeOf(db, investorId);
  return !intake.openToNewDeals || (await deliveredThisWeek(db, investorId, now)) >= intake.weeklyRequestCap;
}

export interface RequestColumns {
  requestedAt: Date | null;
  requestDeliveredAt: Date | null;
  requestQueuedUntil: Date | null;
}

/**
 * The request columns a decision leaves (docs/intake.md, rule 1), checking the startup's outgoing
 * limit (a 409) and the investor's weekly cap on the way:
 * - an accept the other side has not answered makes a request: requested now, and delivered now,
 *   unless it is a startup's and must wait in the investor's queue until next Monday;
 * - any other decision (the accept that connects, a decline) ends the request. A startup's
 *   delivered request keeps its delivery time, which the weekly cap counts; the rest clears.
 * Call inside the decision's transaction, with the match row locked.
 */
export async function requestColumnsFor(
  db: DbExecutor,
  change: { row: MatchRow; side: UserType; decision: MatchDecision; theirs: MatchDecision; now: Date },
): Promise<RequestColumns> {
  const { row, side, decision, theirs, now } = change;
  const makesRequest = decision === 'accepted' && theirs === 'pending';
  if (!makesRequest) {
    const startupAsked = row.status === 'pending' && row.startupDecision === 'accepted' && row.investorDecision === 'pending';
    return { requestedAt: null, requestQueuedUntil: null, requestDeliveredAt: startupAsked ? row.requestDeliveredAt : null };
  }
  if (side === 'investor') return { requestedAt: now, requestDeliveredAt: now, requestQueuedUntil: null };
  await lockStartupRequests(db, row.startupId);
  // This match is not among them: the startup's own answer here is pending or a decline.
  if ((await openRequestsOf(db, row.startupId)) >= OUTGOING_REQUEST_LIMIT) throw conflict(OUTGOING_REQUEST_LIMIT_MESSAGE);
  await lockInvestorIntake(db, row.investorId);
  return (await mustQueue(db, row.investorId, now))
    ? { requestedAt: now, requestDeliveredAt: null, requestQueuedUntil: nextWeekStartOf(now) }
    : { requestedAt: now, requestDeliveredAt: now, requestQueuedUntil: null };
}
