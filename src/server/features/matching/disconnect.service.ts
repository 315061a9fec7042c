// Leaving a connection (docs/decisions/0030-disconnect-and-block.md): either party may end it. Both
// answers go back to pending, so reconnecting takes two accepts again; the pair keeps its history
// (messages read-only, the milestone plan frozen, both because connections.ts now says no), and the
// reactions registered with onDisconnected run in the same transaction (the data room revokes every
// grant between the pair). A block ends the pair for good through separatePair().
import { and, eq, or } from 'drizzle-orm';
import type { InvestorSideMatch, StartupSideMatch } from '../../../shared/contracts/matches';
import { conflict } from '../../app-error';
import { matches } from '../../db/schema';
import { inTransaction, type ServiceContext } from '../../service-context';
import { recordActivity } from '../activity';
import { notify } from '../notifications';
import { recordSecurityEvent } from '../security';
import { runDisconnectedReactions } from './connected-reactions';
import { counterpartName, loadMatchView, lockPartyMatch, ownName } from './match-view';

type MatchRow = typeof matches.$inferSelect;

/** Ends the pair's connection: answers back to pending, who ended it and when, the reactions, and both sides told live. */
async function endConnection(ctx: ServiceContext, row: MatchRow): Promise<void> {
  const now = ctx.clock();
  await ctx.db
    .update(matches)
    .set({
      status: 'pending',
      startupDecision: 'pending',
      investorDecision: 'pending',
      connectionEndedAt: now,
      connectionEndedBy: ctx.actor.userType,
      updatedAt: now,
    })
    .where(eq(matches.id, row.id));
  await runDisconnectedReactions(ctx, { startupId: row.startupId, investorId: row.investorId });
  await ctx.events.publish(ctx.db, [row.startupId, row.investorId], { type: 'match_updated', matchId: row.id, status: 'pending' });
  // Who left whom, never what they said.
  const partnerId = ctx.actor.userType === 'startup' ? row.investorId : row.startupId;
  await recordSecurityEvent(ctx, { eventType: 'connection_ended', userId: ctx.actor.id, detail: { matchId: row.id, partnerId } });
}

/** POST /api/matches/:id/disconnect: either party of a connection ends it (404 to anyone else, 409 when not connected). */
export async function disconnectMatch(ctx: ServiceContext, matchId: number): Promise<StartupSideMatch | InvestorSideMatch> {
  const { actor } = ctx;
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const row = await lockPartyMatch(tx, actor, matchId);
    if (row.status !== 'accepted') throw conflict('You are not connected through this match, so there is no connection to end.');
    await endConnection(txCtx, row);
    const view = await loadMatchView(tx, actor, row.id);
    await recordActivity(txCtx, {
      userId: actor.id,
      activityType: 'match_updated',
      entityId: row.id,
      description: `Ended your connection with ${counterpartName(view)}`,
    });
    // The other side is told who left (a block, which also ends a connection, stays silent).
    await recordActivity(txCtx, {
      userId: actor.userType === 'startup' ? row.investorId : row.startupId,
      activityType: 'connection_ended',
      entityId: row.id,
      description: `${await ownName(tx, actor)} ended the connection`,
    });
    const partnerId = actor.userType === 'startup' ? row.investorId : row.startupId;
    await notify(txCtx, { recipientId: partnerId, type: 'connection_ended', payload: { matchId: row.id, partnerId: actor.id } });
    return view;
  });
}

/**
 * For a block, inside the block's transaction (`ctx.db` is it): ends the pair's connection if they
 * have one, then removes their match, so neither list shows it; generation skips blocked pairs
 * (blocks.ts), so it never comes back.
 */
export async function separatePair(ctx: ServiceContext, otherUserId: number): Promise<void> {
  const me = ctx.actor.id;
  const [row] = await ctx.db
    .select()
    .from(matches)
    .where(or(and(eq(matches.startupId, me), eq(matches.investorId, otherUserId)), and(eq(matches.startupId, otherUserId), eq(matches.investorId, me))))
    .for('update');
  if (!row) return;
  if (row.status === 'accepted') await endConnection(ctx, row);
  await ctx.db.delete(matches).where(eq(matches.id, row.id));
  await ctx.events.publish(ctx.db, [row.startupId, row.investorId], { type: 'match_updated', matchId: row.id, status: 'rejected' });
}
