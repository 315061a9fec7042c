// Blocking (docs/decisions/0030-disconnect-and-block.md; docs/connections.md, "Leaving and
// blocking"). Safety writes the blocks table and ends the pair through matching's public API;
// matching, messaging and profiles read the table for their own answers, never importing safety.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { BlockedUser } from '../../../shared/contracts/blocks';
import { invalid, notFound } from '../../app-error';
import type { DbExecutor } from '../../db/client';
import { blocks, investorProfiles, startupProfiles, users } from '../../db/schema';
import { inTransaction, type ServiceContext } from '../../service-context';
import { isBlockedEitherWay, separatePair } from '../matching';
import { recordSecurityEvent } from '../security';

/**
 * A user as a block list names them: company or firm, or the username before they saved a profile;
 * a deleted account (its row kept, anonymised, for the messages it sent) as "Deleted user".
 */
const blockedUserColumns = {
  userId: users.id,
  userType: users.userType,
  name: sql<string>`case when ${users.deletedAt} is not null then 'Deleted user' else coalesce(${startupProfiles.companyName}, ${investorProfiles.firmName}, ${users.username}) end`,
};

async function describeUser(db: DbExecutor, userId: number): Promise<{ userId: number; userType: 'startup' | 'investor'; name: string } | undefined> {
  const [row] = await db
    .select(blockedUserColumns)
    .from(users)
    .leftJoin(startupProfiles, eq(startupProfiles.userId, users.id))
    .leftJoin(investorProfiles, eq(investorProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/**
 * Blocks a user (again is fine: the first block stands). The first block ends the pair's
 * connection if they had one and removes their match, inside this transaction; a report calls it
 * with its own transaction's context.
 */
export async function blockUser(ctx: ServiceContext, input: { userId: number }): Promise<BlockedUser> {
  const { actor } = ctx;
  const { userId } = input;
  if (userId === actor.id) throw invalid('You cannot block yourself.', { userId: ['Choose someone else'] });
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const target = await describeUser(tx, userId);
    if (!target) throw notFound('This user does not exist.');
    const inserted = await tx.insert(blocks).values({ blockerId: actor.id, blockedId: userId, createdAt: ctx.clock() }).onConflictDoNothing().returning();
    if (inserted.length > 0) {
      await separatePair(txCtx, userId);
      // The pair's match cards and conversation disappear from both sides' lists.
      await ctx.events.publish(tx, [actor.id, userId], { type: 'reads_changed' });
      await recordSecurityEvent(txCtx, { eventType: 'user_blocked', userId: actor.id, detail: { blockedId: userId } });
    }
    const [block] = await tx
      .select({ createdAt: blocks.createdAt })
      .from(blocks)
      .where(and(eq(blocks.blockerId, actor.id), eq(blocks.blockedId, userId)));
    return { ...target, blockedAt: block!.createdAt.toISOString() };
  });
}

/** Lifts the caller's block (404 when there is none). Their profile shows again; the connection does not come back. */
export async function unblockUser(ctx: ServiceContext, input: { userId: number }): Promise<{ ok: true }> {
  const { actor } = ctx;
  return ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(blocks)
      .where(and(eq(blocks.blockerId, actor.id), eq(blocks.blockedId, input.userId)))
      .returning();
    if (removed.length === 0) throw notFound('You have not blocked this user.');
    await ctx.events.publish(tx, [actor.id, input.userId], { type: 'reads_changed' });
    await recordSecurityEvent(inTransaction(ctx, tx), { eventType: 'user_unblocked', userId: actor.id, detail: { blockedId: input.userId } });
    return { ok: true as const };
  });
}

/** Everyone the caller has blocked, most recent first. */
export async function listBlocks(ctx: ServiceContext): Promise<BlockedUser[]> {
  const rows = await ctx.db
    .select({ ...blockedUserColumns, blockedAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .leftJoin(startupProfiles, eq(startupProfiles.userId, users.id))
    .leftJoin(investorProfiles, eq(investorProfiles.userId, users.id))
    .where(eq(blocks.blockerId, ctx.actor.id))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId));
  return rows.map((row) => ({ userId: row.userId, userType: row.userType, name: row.name, blockedAt: row.blockedAt.toISOString() }));
}

export { isBlockedEitherWay };
