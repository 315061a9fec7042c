// Matching: each side's match list with the counterpart card and the explanation, decisions with
// their transition rules, and the numbers the dashboard shows. Generation, re-scoring and learning
// live in generation.service.ts.
import { and, avg, count, desc, eq, or } from 'drizzle-orm';
import type { InvestorSideMatch, MatchBreakdown, StartupSideMatch, UpdateMatchBody } from '../../../shared/contracts/matches';
import type { MatchStatus, UserType } from '../../../shared/enums';
import { DECLINE_REASONS } from '../../../shared/enums';
import { conflict, notFound } from '../../app-error';
import type { DbExecutor } from '../../db/client';
import { investorProfiles, matchDecisions, matches, startupProfiles } from '../../db/schema';
import type { Actor } from '../../actor';
import { inTransaction, type ServiceContext } from '../../service-context';
import { recordActivity } from '../activity';
import { toInvestorCard, toStartupCard } from '../profiles';
import { toMatchBreakdown } from './engine/match-explanation';
import type { Side } from './engine/score-components';
import { runConnectedReactions } from './connected-reactions';
import { MATCHING_JOBS, type DecisionToLearn, type StoredExplanation } from './generation.service';

type MatchRow = typeof matches.$inferSelect;

const ownSide = (actor: Actor) => (actor.userType === 'startup' ? matches.startupId : matches.investorId);

// Accept and Decline from pending, Reconsider (accept) from rejected. Nothing else (docs/matching.md §5).
const ALLOWED_TRANSITIONS: Record<MatchStatus, readonly MatchStatus[]> = {
  pending: ['accepted', 'rejected'],
  rejected: ['accepted'],
  accepted: [],
};

/** The stored explanation in the viewer's voice ("you raise Seed" for the startup, "they raise Seed" for the investor). */
function breakdownFor(row: MatchRow, viewer: Side): MatchBreakdown | null {
  const stored = row.breakdown as StoredExplanation | null;
  return stored ? toMatchBreakdown(stored, viewer) : null;
}

function matchFields(row: MatchRow, viewer: Side) {
  return {
    id: row.id,
    startupId: row.startupId,
    investorId: row.investorId,
    score: row.score,
    status: row.status as MatchStatus,
    breakdown: breakdownFor(row, viewer),
    decidedBy: (row.decidedBy as UserType | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A startup's matches, best first, each with the investor's public card. */
export async function listStartupMatches(ctx: ServiceContext): Promise<StartupSideMatch[]> {
  const rows = await ctx.db
    .select({ match: matches, investor: investorProfiles })
    .from(matches)
    .innerJoin(investorProfiles, eq(investorProfiles.userId, matches.investorId))
    .where(eq(matches.startupId, ctx.actor.id))
    .orderBy(desc(matches.score), desc(matches.id));
  return rows.map((row) => ({ ...matchFields(row.match, 'startup'), investor: toInvestorCard(row.investor) }));
}

/** An investor's matches, best first, each with the startup's public card. */
export async function listInvestorMatches(ctx: ServiceContext): Promise<InvestorSideMatch[]> {
  const rows = await ctx.db
    .select({ match: matches, startup: startupProfiles })
    .from(matches)
    .innerJoin(startupProfiles, eq(startupProfiles.userId, matches.startupId))
    .where(eq(matches.investorId, ctx.actor.id))
    .orderBy(desc(matches.score), desc(matches.id));
  return rows.map((row) => ({ ...matchFields(row.match, 'investor'), startup: toStartupCard(row.startup) }));
}

async function loadMatchView(db: DbExecutor, actor: Actor, matchId: number): Promise<StartupSideMatch | InvestorSideMatch> {
  if (actor.userType === 'startup') {
    const [row] = await db
      .select({ match: matches, investor: investorProfiles })
      .from(matches)
      .innerJoin(investorProfiles, eq(investorProfiles.userId, matches.investorId))
      .where(eq(matches.id, matchId));
    return { ...matchFields(row!.match, 'startup'), investor: toInvestorCard(row!.investor) };
  }
  const [row] = await db
    .select({ match: matches, startup: startupProfiles })
    .from(matches)
    .innerJoin(startupProfiles, eq(startupProfiles.userId, matches.startupId))
    .where(eq(matches.id, matchId));
  return { ...matchFields(row!.match, 'investor'), startup: toStartupCard(row!.startup) };
}

const counterpartName = (view: StartupSideMatch | InvestorSideMatch) => ('investor' in view ? view.investor.firmName : view.startup.companyName);

/**
 * Accept, decline (with an optional reason) or reconsider a match. Only its two parties may; to
 * anyone else it does not exist (404). Each decision is logged with who made it.
 */
export async function decideMatch(ctx: ServiceContext, input: UpdateMatchBody & { matchId: number }): Promise<StartupSideMatch | InvestorSideMatch> {
  const { actor, jobs, events } = ctx;
  const { matchId } = input;
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    // Authorization in the query: the match must name the actor as one of its parties.
    const [row] = await tx
      .select()
      .from(matches)
      .where(and(eq(matches.id, matchId), or(eq(matches.startupId, actor.id), eq(matches.investorId, actor.id))))
      .for('update');
    if (!row) throw notFound('This match does not exist.');

    const from = row.status as MatchStatus;
    if (!ALLOWED_TRANSITIONS[from].includes(input.status)) {
      throw conflict(from === input.status ? `This match is already ${from}.` : `A match that is ${from} cannot be ${input.status}.`);
    }
    // A decline is the decliner's to take back: otherwise one side could overrule the other's
    // "no" and force a connection (which unlocks messages and shares documents).
    if (from === 'rejected' && row.decidedBy !== null && row.decidedBy !== actor.userType) {
      throw conflict('The other side declined this match; only they can reconsider it.');
    }

    await tx.update(matches).set({ status: input.status, decidedBy: actor.userType, updatedAt: now }).where(eq(matches.id, row.id));
    await tx.insert(matchDecisions).values({
      matchId: row.id,
      userId: actor.id,
      side: actor.userType,
      decision: input.status,
      reason: input.reason ?? null,
      // What the decider was shown, so learning and model fits replay the decision faithfully.
      componentsSnapshot: snapshotOf(row),
      decidedAt: now,
    });
    // Accepting connects the pair: what other features do then (the data room shares the
    // startup's chosen categories) happens in this transaction (connections.ts).
    if (input.status === 'accepted') await runConnectedReactions(txCtx, { startupId: row.startupId, investorId: row.investorId });
    const view = await loadMatchView(tx, actor, row.id);
    await events.publish(tx, [row.startupId, row.investorId], { type: 'match_updated', matchId: row.id, status: input.status });
    const reasonLabel = DECLINE_REASONS.find((reason) => reason.value === input.reason)?.label;
    const verb = input.status === 'accepted' ? (from === 'rejected' ? 'Reconsidered and accepted' : 'Accepted') : 'Declined';
    await recordActivity(txCtx, {
      userId: actor.id,
      activityType: 'match_updated',
      entityId: row.id,
      description: `${verb} your match with ${counterpartName(view)}${reasonLabel ? ` (${reasonLabel.toLowerCase()})` : ''}`,
    });
    // What this decision teaches about the decider is learned off the request, by a durable job
    // committed with the decision itself.
    const components = snapshotOf(row);
    if (components) {
      const decision: DecisionToLearn = { userId: actor.id, side: actor.userType, counterpartId: actor.userType === 'startup' ? row.investorId : row.startupId, accepted: input.status === 'accepted', components };
      await jobs.enqueue(tx, MATCHING_JOBS.learnFromDecision, { ...decision });
    }
    return view;
  });
}

/** The component values of a stored explanation (both sides), without the reasons. */
function snapshotOf(row: MatchRow): Array<{ key: string; side: string; value: number | null }> | null {
  const stored = row.breakdown as StoredExplanation | null;
  return stored ? stored.components.map(({ key, side, value }) => ({ key, side, value })) : null;
}

/** For the dashboard: the rounded mean of the actor's match scores (0 with none), and the pending count. */
export async function summarizeMatches(ctx: ServiceContext): Promise<{ averageScore: number; pendingCount: number }> {
  const { db, actor } = ctx;
  const [scores] = await db.select({ mean: avg(matches.score) }).from(matches).where(eq(ownSide(actor), actor.id));
  const [pending] = await db.select({ value: count() }).from(matches).where(and(eq(ownSide(actor), actor.id), eq(matches.status, 'pending')));
  return { averageScore: scores?.mean === null || scores?.mean === undefined ? 0 : Math.round(Number(scores.mean)), pendingCount: pending?.value ?? 0 };
}

