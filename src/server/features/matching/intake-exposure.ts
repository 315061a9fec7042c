// Congestion from intake (issue #19; ../shared/guides/matching.md §8, docs/intake.md): an investor
// at capacity still scores the same, but ranks lower in startups' lists, so attention spreads
// instead of piling onto the most popular few. Generation multiplies its rank value by the factor
// here (generation.service.ts pickSuggestions, startups' runs only); the directory's "best match"
// sort can do the same. The score shown and stored never changes.
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { investorProfiles, matches } from '../../db/schema';
import { nextWeekStartOf, weekStartOf } from './intake';

/**
 * The rank multiplier for an investor's intake, in (0, 1]: 1 while they have room this week;
 * at capacity (closed to new deals, cap reached, or requests already queued) it is
 * (1 + load / cap)^−½, the guide's congestion form, where the load is this week's delivered
 * requests plus the queue (a closed investor counts as full). So reaching the cap ranks an
 * investor at 1/√2, and every queued request lowers them further.
 */
export function intakeExposureFactor(intake: { openToNewDeals: boolean; weeklyRequestCap: number; deliveredThisWeek: number; queued: number }): number {
  const cap = Math.max(1, intake.weeklyRequestCap);
  const delivered = intake.openToNewDeals ? intake.deliveredThisWeek : Math.max(cap, intake.deliveredThisWeek);
  const isAtCapacity = !intake.openToNewDeals || delivered >= cap || intake.queued > 0;
  if (!isAtCapacity) return 1;
  return (1 + (delivered + intake.queued) / cap) ** -0.5;
}

/**
 * The factor of each of these investors (absent: 1), read in one statement: their settings, this
 * week's delivered startup requests (counted as intake.ts counts them) and their queue.
 */
export async function intakeExposureFactors(db: DbExecutor, input: { investorIds: number[]; now: Date }): Promise<Map<number, number>> {
  const factors = new Map<number, number>();
  if (input.investorIds.length === 0) return factors;
  const start = weekStartOf(input.now);
  const end = nextWeekStartOf(input.now);
  const rows = await db
    .select({
      investorId: investorProfiles.userId,
      openToNewDeals: investorProfiles.openToNewDeals,
      weeklyRequestCap: investorProfiles.weeklyRequestCap,
      deliveredThisWeek: sql<number>`count(${matches.id}) filter (where ${matches.startupDecision} = 'accepted'
        and ${matches.requestDeliveredAt} >= ${start} and ${matches.requestDeliveredAt} < ${end})`.mapWith(Number),
      queued: sql<number>`count(${matches.id}) filter (where ${matches.status} = 'pending' and ${matches.requestQueuedUntil} is not null)`.mapWith(Number),
    })
    .from(investorProfiles)
    // Only rows with a request on them matter; the join keeps investors with none (counts of 0).
    .leftJoin(matches, and(eq(matches.investorId, investorProfiles.userId), or(isNotNull(matches.requestedAt), isNotNull(matches.requestDeliveredAt))))
    .where(inArray(investorProfiles.userId, input.investorIds))
    .groupBy(investorProfiles.userId, investorProfiles.openToNewDeals, investorProfiles.weeklyRequestCap);
  for (const row of rows) {
    const factor = intakeExposureFactor(row);
    if (factor < 1) factors.set(row.investorId, factor);
  }
  return factors;
}
