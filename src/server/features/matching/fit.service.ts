// The caller's fit with one person of the other role, for that person's public profile (issue #19,
// "Public profiles that help decide"): the score and every component of its explanation, and the
// match with its state when there is one, so the profile offers the right action (Connect, Accept,
// "Waiting for…", Message). A pair with a match shows the stored explanation, the one the match
// lists show; any other pair is explained by the engine now, as the directory scores it.
import { and, eq, isNull } from 'drizzle-orm';
import type { FitWithPerson } from '../../../shared/contracts/matches';
import { notFound } from '../../app-error';
import { investorProfiles, matches, startupProfiles, users } from '../../db/schema';
import { isBlockedEitherWay } from './blocks';
import { toMatchBreakdown } from './engine/match-explanation';
import type { MatchingContext } from './matching-context';
import { loadMatchDetail } from './match-view';

const PROFILE_GONE = 'This profile does not exist.';

/** GET /api/matches/with/:userId. 404, saying nothing more, for anyone the caller may not see. */
export async function getFitWith(ctx: MatchingContext, userId: number): Promise<FitWithPerson> {
  const { actor, db } = ctx;
  const counterpartSide = actor.userType === 'startup' ? 'investor' : 'startup';
  const profile = counterpartSide === 'investor' ? investorProfiles : startupProfiles;
  // Like the public card: another role's account that is not deleted, has a profile, and is not
  // blocked either way.
  const [counterpart] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(profile, eq(profile.userId, users.id))
    .where(and(eq(users.id, userId), eq(users.userType, counterpartSide), isNull(users.deletedAt)));
  if (!counterpart || (await isBlockedEitherWay(ctx, userId))) throw notFound(PROFILE_GONE);

  const pair = actor.userType === 'startup' ? { startupId: actor.id, investorId: userId } : { startupId: userId, investorId: actor.id };
  const [existing] = await db
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.startupId, pair.startupId), eq(matches.investorId, pair.investorId)));
  if (existing) {
    const detail = await loadMatchDetail(db, actor, existing.id);
    return { score: detail.score, breakdown: detail.breakdown, match: detail };
  }
  const { engine } = await ctx.matchingEngines.get(ctx);
  const explanation = engine.has(actor.userType, actor.id) ? engine.explain(pair.startupId, pair.investorId) : null;
  return explanation
    ? { score: explanation.score, breakdown: toMatchBreakdown(explanation, actor.userType), match: null }
    : { score: null, breakdown: null, match: null };
}
