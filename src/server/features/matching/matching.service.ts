// Matching: one match with its full explanation, decisions under mutual consent
// (match-decisions.ts), and the numbers the dashboard shows. The lists are paged in match-list.ts;
// generation, re-scoring and learning live in generation.service.ts.
import { avg, eq, sql } from 'drizzle-orm';
import type { InvestorSideMatch, InvestorSideMatchDetail, StartupSideMatch, StartupSideMatchDetail, UpdateMatchBody } from '../../../shared/contracts/matches';
import type { MatchDecision } from '../../../shared/enums';
import { DECLINE_REASONS } from '../../../shared/enums';
import { conflict } from '../../app-error';
import { matchDecisions, matches } from '../../db/schema';
import type { Actor } from '../../actor';
import { inTransaction, type ServiceContext } from '../../service-context';
import { recordActivity } from '../activity';
import { notify } from '../notifications';
import { runConnectedReactions } from './connected-reactions';
import { combinedStatus, otherSide, refusalOf, sideOf } from './match-decisions';
import { awaitsAnswerOf } from './match-list';
import { counterpartName, loadMatchDetail, loadMatchView, lockPartyMatch, ownName } from './match-view';
import { requestColumnsFor } from './intake';
import { MATCHING_JOBS, type DecisionToLearn, type StoredExplanation } from './generation.service';

type MatchRow = typeof matches.$inferSelect;

const ownSide = (actor: Actor) => (actor.userType === 'startup' ? matches.startupId : matches.investorId);

/** GET /api/matches/:id: one of the caller's matches with its full explanation (404 to anyone else). */
export async function getMatch(ctx: ServiceContext, matchId: number): Promise<StartupSideMatchDetail | InvestorSideMatchDetail> {
  return loadMatchDetail(ctx.db, ctx.actor, matchId);
}

/**
 * Records the caller's own answer to a match: accept, decline (with an optional reason, shared
 * with the other side only if asked), or reconsider their own decline. The status follows from
 * both answers, so a pair connects on the second accept, and only then do the connected reactions
 * run (in this transaction: the data room's auto-shares commit with the connection). Only the
 * match's two parties may decide; to anyone else it does not exist (404). Each decision is logged
 * with who made it, learned from, and announced live to both parties.
 */
export async function decideMatch(ctx: ServiceContext, input: UpdateMatchBody & { matchId: number }): Promise<StartupSideMatch | InvestorSideMatch> {
  const { actor, jobs, events } = ctx;
  const { matchId } = input;
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const row = await lockPartyMatch(tx, actor, matchId);

    const mine = sideOf(row, actor.userType).decision;
    const theirs = sideOf(row, otherSide(actor.userType)).decision;
    const refusal = refusalOf(mine, theirs, input.status);
    if (refusal) throw conflict(refusal);

    const decision: MatchDecision = input.status;
    const decisions = actor.userType === 'startup' ? { startup: decision, investor: theirs } : { startup: theirs, investor: decision };
    const status = combinedStatus(decisions.startup, decisions.investor);
    // A reconsidered decline takes its reason with it.
    const declineReason = decision === 'rejected' ? (input.reason ?? null) : null;
    const sharesReason = decision === 'rejected' && declineReason !== null && input.shareReason === true;
    const ownColumns =
      actor.userType === 'startup'
        ? { startupDecision: decision, startupDeclineReason: declineReason, startupSharesReason: sharesReason }
        : { investorDecision: decision, investorDeclineReason: declineReason, investorSharesReason: sharesReason };
    const connects = status === 'accepted' && row.status !== 'accepted';
    // Connecting again closes the chapter of the last disconnect.
    const reconnected = connects ? { connectionEndedAt: null, connectionEndedBy: null } : {};
    // Fair intake (intake.ts): a request made here is checked against the startup's outgoing limit
    // (a 409) and may wait in the investor's weekly queue; any other answer ends the open request.
    const request = await requestColumnsFor(tx, { row, side: actor.userType, decision, theirs, now });
    // A queued request is not the investor's news until it is released (intake.service.ts).
    const isQueued = request.requestQueuedUntil !== null;
    await tx
      .update(matches)
      .set({ ...ownColumns, ...reconnected, ...request, status, updatedAt: now })
      .where(eq(matches.id, row.id));
    await tx.insert(matchDecisions).values({
      matchId: row.id,
      userId: actor.id,
      side: actor.userType,
      decision,
      reason: input.reason ?? null,
      // What the decider was shown, so learning and model fits replay the decision faithfully.
      componentsSnapshot: snapshotOf(row),
      decidedAt: now,
    });
    // What other features do when a pair connects (the data room shares the startup's chosen
    // categories) happens in this transaction, so it commits with the connection (connections.ts).
    if (connects) await runConnectedReactions(txCtx, { startupId: row.startupId, investorId: row.investorId });
    const view = await loadMatchView(tx, actor, row.id);
    // Both parties: the other side learns of an interest (or a decline) live, the decider's other
    // tabs stay in step. Delivered at commit. A queued request only refreshes the investor's kept
    // answers (their list's queue count), with nothing live to show.
    await events.publish(tx, isQueued ? [row.startupId] : [row.startupId, row.investorId], { type: 'match_updated', matchId: row.id, status });
    if (isQueued) await events.publish(tx, [row.investorId], { type: 'reads_changed' });
    const reasonLabel = DECLINE_REASONS.find((reason) => reason.value === input.reason)?.label;
    await recordActivity(txCtx, {
      userId: actor.id,
      activityType: 'match_updated',
      entityId: row.id,
      description: `${decisionVerb(mine, decision)} your match with ${counterpartName(view)}${reasonLabel ? ` (${reasonLabel.toLowerCase()})` : ''}${connects ? ': you are now connected' : ''}`,
    });
    if (!isQueued) {
      await recordForOtherParty(txCtx, { row, decision, theirs, connects });
      await notifyOtherParty(txCtx, { row, decision, theirs, connects, sharedReason: sharesReason ? declineReason : null });
    }
    // What this decision teaches about the decider is learned off the request, by a durable job
    // committed with the decision itself.
    const components = snapshotOf(row);
    if (components) {
      const learned: DecisionToLearn = {
        userId: actor.id,
        side: actor.userType,
        counterpartId: actor.userType === 'startup' ? row.investorId : row.startupId,
        accepted: decision === 'accepted',
        components,
      };
      await jobs.enqueue(tx, MATCHING_JOBS.learnFromDecision, { ...learned });
    }
    return view;
  });
}

/**
 * What the other party's feed says about this decision (docs/activity.md): an accept they have not
 * answered yet is interest ("{name} wants to connect with you"), and the accept that connects the
 * pair tells them so ("You are now connected with {name}"); the decider's own entry above already
 * says it for them. A decline writes nothing there: the match list shows it, and a "no" needs no
 * announcement. A blocked pair has no match left to decide, so nobody in a block is named.
 */
async function recordForOtherParty(
  txCtx: ServiceContext,
  change: { row: MatchRow; decision: MatchDecision; theirs: MatchDecision; connects: boolean },
): Promise<void> {
  const { actor } = txCtx;
  const { row, decision, theirs, connects } = change;
  const isInterest = decision === 'accepted' && theirs === 'pending';
  if (!isInterest && !connects) return;
  const otherPartyId = actor.userType === 'startup' ? row.investorId : row.startupId;
  const name = await ownName(txCtx.db, actor);
  await recordActivity(txCtx, {
    userId: otherPartyId,
    activityType: connects ? 'connection_made' : 'interest_received',
    entityId: row.id,
    description: connects ? `You are now connected with ${name}` : `${name} wants to connect with you`,
  });
}

/**
 * The other party's notification (docs/notifications.md): an accept they have not answered is a
 * request, the accept that connects tells the side that did not make the final decision, and a
 * decline tells them only when the decliner shared the reason. Delivered after commit.
 */
async function notifyOtherParty(
  txCtx: ServiceContext,
  change: { row: MatchRow; decision: MatchDecision; theirs: MatchDecision; connects: boolean; sharedReason: string | null },
): Promise<void> {
  const { actor } = txCtx;
  const { row, decision, theirs, connects, sharedReason } = change;
  const type = connects
    ? 'connection_made'
    : decision === 'accepted' && theirs === 'pending'
      ? 'connection_requested'
      : decision === 'rejected' && sharedReason !== null
        ? 'connection_declined'
        : null;
  if (!type) return;
  const recipientId = actor.userType === 'startup' ? row.investorId : row.startupId;
  await notify(txCtx, { recipientId, type, payload: { matchId: row.id, partnerId: actor.id, ...(sharedReason ? { reason: sharedReason } : {}) } });
}

function decisionVerb(from: MatchDecision, to: MatchDecision): string {
  if (to === 'rejected') return 'Declined';
  return from === 'rejected' ? 'Reconsidered and accepted' : 'Accepted';
}

/** The component values of a stored explanation (both sides), without the reasons. */
function snapshotOf(row: MatchRow): Array<{ key: string; side: string; value: number | null }> | null {
  const stored = row.breakdown as StoredExplanation | null;
  return stored ? stored.components.map(({ key, side, value }) => ({ key, side, value })) : null;
}

/**
 * For the dashboard: the rounded mean of the actor's match scores (0 with none), the pending
 * count, and the connection requests (pending matches only the other side has accepted, but not
 * a startup's request still in the investor's weekly queue: awaitsAnswerOf).
 */
export async function summarizeMatches(ctx: ServiceContext): Promise<{ averageScore: number; pendingCount: number; connectionRequests: number }> {
  const { db, actor } = ctx;
  const [row] = await db
    .select({
      mean: avg(matches.score),
      pending: sql<number>`count(*) filter (where ${matches.status} = 'pending')`.mapWith(Number),
      requests: sql<number>`count(*) filter (where ${awaitsAnswerOf(actor.userType)})`.mapWith(Number),
    })
    .from(matches)
    .where(eq(ownSide(actor), actor.id));
  const mean = row?.mean;
  return {
    averageScore: mean === null || mean === undefined ? 0 : Math.round(Number(mean)),
    pendingCount: row?.pending ?? 0,
    connectionRequests: row?.requests ?? 0,
  };
}
