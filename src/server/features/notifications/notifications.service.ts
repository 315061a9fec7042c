// The notification centre (issue #18, docs/notifications.md, ADR 0041). A feature announces what
// happened with notify() inside its own transaction; that only enqueues a durable job, so nothing
// is created unless the change commits, a restart loses nothing, and a retry adds nothing (each
// row remembers its source). The job's handler, deliverNotification, writes the row and tells the
// recipient's open tabs the new unread count. Sentences and targets are composed when read
// (notification-view.ts), so a row holds ids and counts only.
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { NotificationPage, NotificationType } from '../../../shared/contracts/notifications';
import { NOTIFICATION_PAGE_SIZE, NOTIFICATION_RETENTION_DAYS } from '../../../shared/contracts/notifications';
import { notFound } from '../../app-error';
import { queryRows, type DbExecutor } from '../../db/client';
import { decodeCursor, encodeCursor } from '../../db/keyset-cursor';
import { notifications } from '../../db/schema';
import type { Actor } from '../../actor';
import type { ServiceContext } from '../../service-context';
import { composeNotifications } from './notification-view';
import { enqueueNotificationEmail } from './notification-emails.service';
import { preferencesFor } from './notification-preferences.service';

export const NOTIFICATION_JOBS = {
  deliver: 'notifications.deliver',
  remindDueMilestones: 'notifications.remind-due-milestones',
  sweep: 'notifications.sweep',
} as const;

/** What announcing needs: the triggering transaction (as `db`), its queue and the time it happened. */
export type NotifyContext = Pick<ServiceContext<Actor | null>, 'db' | 'jobs' | 'clock'>;
/** What the sweep needs: where, and when it is. */
export type NotificationSweepContext = Pick<ServiceContext<Actor | null>, 'db' | 'clock'>;
/** What writing and reading notifications needs outside a request: no caller; the queue, for the emails it decides. */
export type NotificationJobContext = Pick<ServiceContext<Actor | null>, 'db' | 'clock' | 'events' | 'jobs'>;

export interface NotificationRequest {
  recipientId: number;
  type: NotificationType;
  /**
   * Ids and counts only, never text someone wrote. `partnerId` names the other person: no
   * notification is delivered while either of the two blocks the other.
   */
  payload: Record<string, number | string | number[] | null>;
  /** Names what caused it, when something else must find the row again (a view that closes). */
  sourceKey?: string;
  /** Only add `payload` to the row with `sourceKey`, if there is one (the view closed: its time). */
  isUpdateOnly?: boolean;
}

/** The job's payload: the request, when it happened, and the recipient as `userId` (account deletion drops a deleted user's jobs by it). */
type Delivery = Omit<NotificationRequest, 'recipientId'> & { userId: number; at: string; collapseKey?: string };

/** The collapse key of a conversation's message notification, as the recipient's. */
const conversationCollapseKey = (partnerId: unknown) => `message:${String(partnerId)}`;

/**
 * The collapsing rule, in one place (docs/notifications.md): unread notifications with one key
 * are one row, whose `count` adds up and whose `latestId` and time are the newest. A conversation's
 * messages collapse per partner, and a recipient's new matches from every generation run into one.
 */
function collapseKeyOf(request: NotificationRequest): string | undefined {
  if (request.type === 'message') return conversationCollapseKey(request.payload.partnerId);
  if (request.type === 'new_matches') return 'new_matches';
  return undefined;
}

/**
 * Announces a notification. Call it with the context of the change's transaction: the job, and so
 * the notification, exists exactly when the change commits.
 */
export async function notify(ctx: NotifyContext, request: NotificationRequest): Promise<void> {
  const { recipientId, ...rest } = request;
  const collapseKey = collapseKeyOf(request);
  const delivery: Delivery = { ...rest, ...(collapseKey ? { collapseKey } : {}), userId: recipientId, at: ctx.clock().toISOString() };
  await ctx.jobs.enqueue(ctx.db, NOTIFICATION_JOBS.deliver, { ...delivery });
}

/** The recipient's unread count, inside whatever transaction `db` is. */
async function unreadCount(db: DbExecutor, recipientId: number): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)));
  return row?.value ?? 0;
}

/** Tells the recipient's open tabs (and their cached answers) the new count; delivered at commit. */
async function announce(ctx: NotificationJobContext, recipientId: number, notificationId: number | null): Promise<void> {
  await ctx.events.publish(ctx.db, [recipientId], { type: 'notifications_changed', unread: await unreadCount(ctx.db, recipientId), notificationId });
}

/**
 * Whether a notification may still reach the recipient when its job runs: the account is not
 * deleted, the pair is not blocked either way (a block placed after the change still silences
 * it), and a message is still unread (the conversation may have been opened meanwhile). This is a
 * read model over users, blocks and messages, like analytics (ADR 0025, ADR 0041).
 */
async function isDeliverable(db: DbExecutor, delivery: Delivery): Promise<boolean> {
  const partnerId = typeof delivery.payload.partnerId === 'number' ? delivery.payload.partnerId : null;
  const messageId = delivery.type === 'message' && typeof delivery.payload.latestId === 'number' ? delivery.payload.latestId : null;
  const [row] = await queryRows<{ is_live: boolean; is_blocked: boolean; is_message_unread: boolean }>(
    db,
    sql`select
          exists (select 1 from users where id = ${delivery.userId} and deleted_at is null) as is_live,
          exists (select 1 from blocks
                   where (blocker_id = ${delivery.userId} and blocked_id = ${partnerId})
                      or (blocker_id = ${partnerId} and blocked_id = ${delivery.userId})) as is_blocked,
          exists (select 1 from messages where id = ${messageId} and receiver_id = ${delivery.userId} and not read) as is_message_unread`,
  );
  if (!row?.is_live || row.is_blocked) return false;
  return messageId === null || row.is_message_unread;
}

/**
 * The delivery job: writes (or updates) the notification and announces the recipient's unread
 * count, in one transaction. Safe to run twice: a plain notification is keyed by its job, a
 * collapsed one only takes a newer `latestId`, and an update sets the same values again.
 */
export async function deliverNotification(ctx: NotificationJobContext, job: { payload: Record<string, unknown>; jobId: number }): Promise<void> {
  const delivery = job.payload as unknown as Delivery;
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    if (!(await isDeliverable(tx, delivery))) return;
    // The recipient's preferences, as they are now (docs/notifications.md): `off` writes nothing.
    const preferences = await preferencesFor({ db: tx }, delivery.userId);
    const channel = preferences.channels[delivery.type];
    if (channel === 'off') return;
    if (delivery.type === 'new_matches' && !(await reachesThreshold(tx, delivery, preferences.newMatchMinScore))) return;
    const at = new Date(delivery.at);
    const payload = JSON.stringify(delivery.type === 'new_matches' ? { ...delivery.payload, minScore: preferences.newMatchMinScore } : delivery.payload);
    let rows: Array<{ id: number }>;
    if (delivery.isUpdateOnly) {
      rows = await queryRows(
        tx,
        sql`update ${notifications} set payload = payload || ${payload}::jsonb
             where recipient_id = ${delivery.userId} and source_key = ${delivery.sourceKey ?? null}
            returning id`,
      );
    } else if (delivery.collapseKey) {
      // One unread row per key: a newer item adds its count and becomes the row's newest (and its
      // time, so the row rises to the top); an item already counted (a retried job) changes nothing.
      rows = await queryRows(
        tx,
        sql`insert into ${notifications} (recipient_id, type, payload, collapse_key, created_at)
            values (${delivery.userId}, ${delivery.type}, ${payload}::jsonb, ${delivery.collapseKey}, ${at})
            on conflict (recipient_id, collapse_key) where read_at is null do update
               set payload = excluded.payload || jsonb_build_object('count',
                     coalesce((notifications.payload->>'count')::int, 1) + coalesce((excluded.payload->>'count')::int, 1)),
                   created_at = excluded.created_at
             where coalesce((notifications.payload->>'latestId')::int, 0) < coalesce((excluded.payload->>'latestId')::int, 0)
            returning id`,
      );
    } else {
      rows = await tx
        .insert(notifications)
        .values({
          recipientId: delivery.userId,
          type: delivery.type,
          payload: JSON.parse(payload) as Record<string, unknown>,
          sourceKey: delivery.sourceKey ?? `job:${job.jobId}`,
          createdAt: at,
        })
        .onConflictDoNothing()
        .returning({ id: notifications.id });
    }
    if (rows.length === 0) return;
    await announce(txCtx, delivery.userId, rows[0]!.id);
    // A view's close only adds its time: the open already decided about email.
    if (channel === 'in_app_and_email' && !delivery.isUpdateOnly) {
      const partnerId = typeof delivery.payload.partnerId === 'number' ? delivery.payload.partnerId : null;
      await enqueueNotificationEmail(txCtx, { userId: delivery.userId, type: delivery.type, notificationId: rows[0]!.id, partnerId });
    }
  });
}

/**
 * Whether a new-matches item counts for this recipient: its match (`latestId`) scores at least
 * their threshold. The generation run announces only matches at or above the product's default.
 */
async function reachesThreshold(db: DbExecutor, delivery: Delivery, minScore: number): Promise<boolean> {
  const matchId = typeof delivery.payload.latestId === 'number' ? delivery.payload.latestId : null;
  if (matchId === null) return true;
  const [row] = await queryRows<{ score: number }>(db, sql`select score from matches where id = ${matchId}`);
  return row !== undefined && row.score >= minScore;
}

/** GET /api/notifications: the caller's own notifications, newest first, keyset on (createdAt, id). */
export async function listNotifications(ctx: ServiceContext, query: { cursor?: string; limit?: number; filter?: 'all' | 'unread' }): Promise<NotificationPage> {
  const limit = query.limit ?? NOTIFICATION_PAGE_SIZE;
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientId, ctx.actor.id), // only ever the caller's own
        query.filter === 'unread' ? isNull(notifications.readAt) : undefined,
        after ? or(lt(notifications.createdAt, after.at), and(eq(notifications.createdAt, after.at), lt(notifications.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: await composeNotifications(ctx, page),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

/** GET /api/notifications/unread-count. */
export async function countUnreadNotifications(ctx: ServiceContext): Promise<{ unread: number }> {
  return { unread: await unreadCount(ctx.db, ctx.actor.id) };
}

/** POST /api/notifications/:id/read: only the caller's own (404 for anyone else's). Reading twice is fine. */
export async function markNotificationRead(ctx: ServiceContext, notificationId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: notifications.id, readAt: notifications.readAt })
      .from(notifications)
      .where(and(eq(notifications.id, notificationId), eq(notifications.recipientId, ctx.actor.id))) // the caller's own only
      .for('update');
    if (!row) throw notFound('This notification does not exist.');
    if (row.readAt) return;
    await tx.update(notifications).set({ readAt: ctx.clock() }).where(eq(notifications.id, row.id));
    await announce({ ...ctx, db: tx }, ctx.actor.id, row.id);
  });
}

/** POST /api/notifications/read-all: every unread notification of the caller. */
export async function markAllNotificationsRead(ctx: ServiceContext): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const marked = await tx
      .update(notifications)
      .set({ readAt: ctx.clock() })
      .where(and(eq(notifications.recipientId, ctx.actor.id), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (marked.length > 0) await announce({ ...ctx, db: tx }, ctx.actor.id, null);
  });
}

/**
 * Reading a conversation reads its notification: messaging calls this inside the transaction that
 * marks the thread read, for the actor and the partner whose messages they read.
 */
export async function markConversationNotificationRead(ctx: ServiceContext, partnerId: number): Promise<void> {
  const marked = await ctx.db
    .update(notifications)
    .set({ readAt: ctx.clock() })
    .where(and(eq(notifications.recipientId, ctx.actor.id), eq(notifications.collapseKey, conversationCollapseKey(partnerId)), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (marked.length > 0) await announce(ctx, ctx.actor.id, marked[0]!.id);
}

/** The 90-day sweep (a recurring job): removes notifications older than the retention, read or not. */
export async function sweepOldNotifications(ctx: NotificationSweepContext): Promise<number> {
  const cutoff = new Date(ctx.clock().getTime() - NOTIFICATION_RETENTION_DAYS * 86_400_000);
  const removed = await ctx.db.delete(notifications).where(lt(notifications.createdAt, cutoff)).returning({ id: notifications.id });
  return removed.length;
}

/**
 * The due-milestone check (a recurring job): each not-completed milestone of a connected pair due
 * within the next 24 hours (its date is today or tomorrow, UTC) notifies both parties, once per
 * milestone and due date (the source key), however often the check runs. A read model over
 * milestones and matches (ADR 0041); a pair blocked or disconnected since is left alone.
 */
export async function remindDueMilestones(ctx: NotificationJobContext): Promise<number> {
  const now = ctx.clock();
  const today = now.toISOString().slice(0, 10);
  const until = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
  const due = await queryRows<{ id: number; startup_id: number; investor_id: number; date: string }>(
    ctx.db,
    sql`select m.id, m.startup_id, m.investor_id, m.date::text as date
          from milestones m
          join matches pair on pair.startup_id = m.startup_id and pair.investor_id = m.investor_id and pair.status = 'accepted'
         where m.status <> 'completed' and m.date >= ${today}::date and m.date <= ${until}::date`,
  );
  let delivered = 0;
  for (const milestone of due) {
    const parties = [
      { recipientId: milestone.startup_id, partnerId: milestone.investor_id },
      { recipientId: milestone.investor_id, partnerId: milestone.startup_id },
    ];
    for (const { recipientId, partnerId } of parties) {
      const delivery: Delivery = {
        userId: recipientId,
        type: 'milestone_due',
        payload: { milestoneId: milestone.id, partnerId, date: milestone.date },
        sourceKey: `milestone_due:${milestone.id}:${milestone.date}`,
        at: now.toISOString(),
      };
      const isNew = await ctx.db.transaction(async (tx) => {
        if (!(await isDeliverable(tx, delivery))) return false;
        const channel = (await preferencesFor({ db: tx }, recipientId)).channels.milestone_due;
        if (channel === 'off') return false;
        const [row] = await tx
          .insert(notifications)
          .values({ recipientId, type: delivery.type, payload: delivery.payload, sourceKey: delivery.sourceKey, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: notifications.id });
        if (!row) return false;
        await announce({ ...ctx, db: tx }, recipientId, row.id);
        if (channel === 'in_app_and_email') {
          await enqueueNotificationEmail({ ...ctx, db: tx }, { userId: recipientId, type: 'milestone_due', notificationId: row.id, partnerId });
        }
        return true;
      });
      if (isNew) delivered += 1;
    }
  }
  return delivered;
}
