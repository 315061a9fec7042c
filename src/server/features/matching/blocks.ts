// Blocks, as "may these two act together" reads them (docs/decisions/0030-disconnect-and-block.md):
// safety writes the blocks table; matching asks it here, so generation never pairs a blocked pair
// again and connections stay closed, and messaging filters through the same answers.
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { blocks } from '../../db/schema';
import type { ActorSqlContext, ConnectionsContext } from './connections';

/** The blocks between the actor and another user, whoever blocked whom. */
export const blockBetween = (me: number, other: number) =>
  or(and(eq(blocks.blockerId, me), eq(blocks.blockedId, other)), and(eq(blocks.blockerId, other), eq(blocks.blockedId, me)));

/** Whether either of the actor and this user has blocked the other. */
export async function isBlockedEitherWay(ctx: ConnectionsContext, otherUserId: number): Promise<boolean> {
  const [row] = await ctx.db.select({ blockerId: blocks.blockerId }).from(blocks).where(blockBetween(ctx.actor.id, otherUserId)).limit(1);
  return Boolean(row);
}

/** Everyone the actor has blocked or is blocked by. */
export async function blockedEitherWayIds(ctx: ConnectionsContext): Promise<Set<number>> {
  const me = ctx.actor.id;
  const rows = await ctx.db
    .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
    .from(blocks)
    .where(or(eq(blocks.blockerId, me), eq(blocks.blockedId, me)));
  return new Set(rows.map((row) => (row.blockerId === me ? row.blockedId : row.blockerId)));
}

/**
 * The ids the actor has blocked, as a parenthesised subquery (`not in ${…}` in a feature's own
 * statement). The actor's id may be a placeholder, for a prepared statement.
 */
export function blockedByActorIds(ctx: ActorSqlContext): SQL {
  return sql`(select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${ctx.actor.id})`;
}
