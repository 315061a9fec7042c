// The user-facing activity feed. Every feature records activities through this service only: the
// user's own actions, and what others did that concerns them (written into that user's feed by
// the feature where it happened; docs/activity.md). Each entry's type says what its entityId
// names, and from the two the feed derives the entry's link target.
import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ActivityPage, ActivityTarget } from '../../../shared/contracts/activity';
import { ACTIVITY_PAGE_SIZE } from '../../../shared/contracts/activity';
import type { ActivityType, UserType } from '../../../shared/enums';
import { activities } from '../../db/schema';
import type { AppDatabase } from '../../db/client';
import { preparedOnce } from '../../db/prepared-once';
import { decodeCursor, encodeCursor } from '../../db/keyset-cursor';
import type { Actor } from '../../actor';
import type { ServiceContext } from '../../service-context';

/**
 * What recording an entry needs: where to write (pass `inTransaction(ctx, tx)` so the entry
 * commits with the change it describes), the time, from the same clock as everything else, and the
 * hub that tells the feed's cached answers (http/answer-cache.ts) it changed.
 */
export type ActivityContext = Pick<ServiceContext<Actor | null>, 'db' | 'clock' | 'events'>;

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
  // The feed has no browser event of its own (the screens refetch it with what caused the entry).
  await ctx.events.publish(ctx.db, [activity.userId], { type: 'reads_changed' });
}

const otherRole = (role: UserType): UserType => (role === 'startup' ? 'investor' : 'startup');

/**
 * What each type's entityId names, as the link target (docs/activity.md, "Entries and links").
 * A Record, so a new activity type cannot ship without deciding where its entries lead.
 */
const TARGETS: Record<ActivityType, (entityId: number | null, viewer: UserType) => ActivityTarget | null> = {
  account_created: () => ({ kind: 'own_profile' }),
  profile_updated: () => ({ kind: 'own_profile' }),
  document_uploaded: (id) => ({ kind: 'document', documentId: id }),
  document_shared: (id) => ({ kind: 'document', documentId: id }),
  // The document is gone; its data room is still where the owner would look.
  document_deleted: () => ({ kind: 'document', documentId: null }),
  document_viewed: (id) => ({ kind: 'document', documentId: id }),
  match_updated: (id) => (id === null ? { kind: 'matches' } : { kind: 'match', matchId: id, tab: null }),
  interest_received: (id) => (id === null ? { kind: 'matches' } : { kind: 'match', matchId: id, tab: 'pending' }),
  connection_made: (id) => (id === null ? { kind: 'matches' } : { kind: 'match', matchId: id, tab: 'accepted' }),
  // The match is pending again after a disconnect: it waits on the Pending tab.
  connection_ended: (id) => (id === null ? { kind: 'matches' } : { kind: 'match', matchId: id, tab: 'pending' }),
  matches_generated: () => ({ kind: 'matches' }),
  message_sent: () => ({ kind: 'messages' }),
  // The user's own milestone entries name the milestone; the plan screen opens by partner.
  milestone_created: () => ({ kind: 'milestones', partnerId: null }),
  milestone_updated: () => ({ kind: 'milestones', partnerId: null }),
  // Written for the partner of whoever changed the plan, naming that person: their plan opens.
  partner_milestone_changed: (id) => ({ kind: 'milestones', partnerId: id }),
  // Profile cards are viewed across roles only (profiles.routes.ts).
  viewed_profile: (id, viewer) => (id === null ? null : { kind: 'public_profile', userType: otherRole(viewer), userId: id }),
};

/** The link target of an entry; null for a type this server no longer writes. */
function activityTarget(activityType: string, entityId: number | null, viewer: UserType): ActivityTarget | null {
  return Object.hasOwn(TARGETS, activityType) ? TARGETS[activityType as ActivityType](entityId, viewer) : null;
}

/**
 * The actor's own feed, newest first, as prepared statements (issue #16): the first page, and the
 * page after a cursor (keyset on createdAt, id). Two statements rather than one with an optional
 * condition, so each keeps its plan on the (user, createdAt) index.
 */
function prepareFeedPages(db: AppDatabase) {
  const page = (name: string, after?: SQL) =>
    db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, sql.placeholder('userId')), after)) // only ever the caller's own feed
      .orderBy(desc(activities.createdAt), desc(activities.id))
      .limit(sql.placeholder('limit'))
      .prepare(name);
  const [afterAt, afterId] = [sql`${sql.placeholder('afterAt')}::timestamptz`, sql.placeholder('afterId')];
  return {
    first: page('activity_feed_first'),
    after: page('activity_feed_after', or(lt(activities.createdAt, afterAt), and(eq(activities.createdAt, afterAt), lt(activities.id, afterId)))),
  };
}

const feedStatementsFor = preparedOnce(prepareFeedPages);

/** The actor's own activities, newest first. */
export async function listActivities(ctx: ServiceContext, query: { cursor?: string; limit?: number }): Promise<ActivityPage> {
  const limit = query.limit ?? ACTIVITY_PAGE_SIZE;
  const after = query.cursor ? decodeCursor(query.cursor) : null; // keyset on (createdAt, id)
  const statements = feedStatementsFor(ctx.db);
  // One row more than the page says whether another follows.
  const rows = after
    ? await statements.after.execute({ userId: ctx.actor.id, limit: limit + 1, afterAt: after.at.toISOString(), afterId: after.id })
    : await statements.first.execute({ userId: ctx.actor.id, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      activityType: row.activityType,
      entityId: row.entityId,
      description: row.description,
      createdAt: row.createdAt.toISOString(),
      target: activityTarget(row.activityType, row.entityId, ctx.actor.userType),
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
