// The user-facing activity feed. Every feature records activities through this service only.
import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { ActivityPage } from '../../../shared/contracts/activity';
import { ACTIVITY_PAGE_SIZE } from '../../../shared/contracts/activity';
import type { ActivityType } from '../../../shared/enums';
import { activities } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../../db/keyset-cursor';
import type { Actor } from '../../actor';
import type { ServiceContext } from '../../service-context';

/**
 * What recording an entry needs: where to write (pass `inTransaction(ctx, tx)` so the entry
 * commits with the change it describes) and the time, from the same clock as everything else.
 */
export type ActivityContext = Pick<ServiceContext<Actor | null>, 'db' | 'clock'>;

export async function recordActivity(
  ctx: ActivityContext,
  activity: { userId: number; activityType: ActivityType; description: string; entityId?: number | null },
): Promise<void> {
  await ctx.db.insert(activities).values({
    userId: activity.userId,
    activityType: activity.activityType,
    description: activity.description,
    entityId: activity.entityId ?? null,
    createdAt: ctx.clock(),
  });
}

/** The actor's own activities, newest first. */
export async function listActivities(ctx: ServiceContext, query: { cursor?: string; limit?: number }): Promise<ActivityPage> {
  const limit = query.limit ?? ACTIVITY_PAGE_SIZE;
  const after = query.cursor ? decodeCursor(query.cursor) : null; // keyset on (createdAt, id)
  const rows = await ctx.db
    .select()
    .from(activities)
    .where(
      and(
        eq(activities.userId, ctx.actor.id), // only ever the caller's own feed
        after ? or(lt(activities.createdAt, after.at), and(eq(activities.createdAt, after.at), lt(activities.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      activityType: row.activityType,
      entityId: row.entityId,
      description: row.description,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
