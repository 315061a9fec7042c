// Who is connected with whom: an accepted match unlocks sharing, messages and milestones.
// Kept apart from matching.service so features that gate on it do not import all of matching.
import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { investorProfiles, matches } from '../../db/schema';

/** Whether a startup and an investor have an accepted match (what unlocks sharing, messages, milestones). */
export async function hasAcceptedMatch(db: DbExecutor, startupId: number, investorId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.startupId, startupId), eq(matches.investorId, investorId), eq(matches.status, 'accepted')))
    .limit(1);
  return Boolean(row);
}

/** The investors a startup is connected with (accepted matches), by firm name. */
export async function listConnectedInvestors(db: DbExecutor, startupId: number): Promise<Array<{ userId: number; firmName: string }>> {
  const rows = await db
    .select({ userId: matches.investorId, firmName: investorProfiles.firmName })
    .from(matches)
    .innerJoin(investorProfiles, eq(investorProfiles.userId, matches.investorId))
    .where(and(eq(matches.startupId, startupId), eq(matches.status, 'accepted')))
    .orderBy(investorProfiles.firmName);
  return rows;
}
