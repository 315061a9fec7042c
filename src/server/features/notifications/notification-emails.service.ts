// Notification emails (issue #18, docs/notifications.md): one email per notification whose type
// the user set to "in the app and by email"; one per conversation whose messages are still unread
// 15 minutes after the first came; and the daily or weekly digest at 08:00 local time. All of
// them are durable jobs (enqueued in the transaction that decides them), and each has an
// idempotency key recorded in `notification_emails`: the job checks it before sending and writes
// it after, so neither a retry nor a restart sends one twice (ADR 0044).
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { UNREAD_MESSAGE_EMAIL_DELAY_MS, DIGEST_LOCAL_HOUR, type DigestFrequency } from '../../../shared/contracts/notification-preferences';
import type { NotificationType } from '../../../shared/contracts/notifications';
import type { UserType } from '../../../shared/enums';
import { queryRows, type DbExecutor } from '../../db/client';
import { notificationEmails, notificationPreferences, notifications } from '../../db/schema';
import type { Actor } from '../../actor';
import { renderEmail, type DigestContent, type EmailTemplate, type Mailer } from '../../mail';
import type { ServiceContext } from '../../service-context';
import { EMAIL_PATHS, notificationPath } from './notification-links';
import { preferencesFor, unsubscribeTokenFor, type UnsubscribeTopic } from './notification-preferences.service';
import { composeNotifications } from './notification-view';

export const NOTIFICATION_EMAIL_JOBS = {
  notification: 'notifications.email',
  unreadMessages: 'notifications.unread-messages-email',
  scheduleDigests: 'notifications.schedule-digests',
  digest: 'notifications.digest',
} as const;

/** What sending needs: a job's context, the mailer, and the public origin links are built on. */
export type NotificationEmailContext = Pick<ServiceContext<Actor | null>, 'db' | 'clock' | 'jobs' | 'log'> & { mailer: Mailer; origin: string };
/** What the hourly digest scan needs. */
export type DigestScanContext = Pick<ServiceContext<Actor | null>, 'db' | 'clock' | 'jobs'>;
/** What deciding to email needs, inside the delivering transaction. */
export type EmailDecisionContext = Pick<ServiceContext<Actor | null>, 'db' | 'jobs' | 'clock'>;

/** Digests are sent from 08:00 up to this local hour: an hourly scan that drifts, or a short outage, still lands. */
const DIGEST_LAST_LOCAL_HOUR = DIGEST_LOCAL_HOUR + 4;
const DAY_MS = 86_400_000;
const DIGEST_LIST_LIMIT = 5;

interface Recipient {
  id: number;
  email: string;
  firstName: string;
  userType: UserType;
}

/** The recipient, unless the account was deleted since (then nothing is sent). */
async function liveRecipient(db: DbExecutor, userId: number): Promise<Recipient | null> {
  const [row] = await queryRows<{ id: number; email: string; first_name: string; user_type: UserType }>(
    db,
    sql`select id, email, first_name, user_type from users where id = ${userId} and deleted_at is null`,
  );
  return row ? { id: row.id, email: row.email, firstName: row.first_name, userType: row.user_type } : null;
}

const actorFor = (recipient: Recipient): Actor => ({ id: recipient.id, userType: recipient.userType, sessionId: '' });

/**
 * Sends `template` once per `key`: nothing if the key was recorded (a retried job, a second
 * instance, a restart), else sends and records it. The Message-ID comes from the key, so even a
 * send whose record was lost to a crash reaches the inbox as the same message, which mail clients
 * show once.
 */
async function sendOnce(ctx: NotificationEmailContext, key: string, userId: number, kind: string, template: EmailTemplate): Promise<boolean> {
  const [sent] = await ctx.db.select({ key: notificationEmails.idempotencyKey }).from(notificationEmails).where(eq(notificationEmails.idempotencyKey, key));
  if (sent) return false;
  const email = renderEmail(template, ctx.origin);
  const domain = new URL(ctx.origin).hostname || 'venturematch.invalid';
  await ctx.mailer.send({ ...email, messageId: `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${domain}>` });
  await ctx.db.insert(notificationEmails).values({ idempotencyKey: key, userId, kind, sentAt: ctx.clock() }).onConflictDoNothing();
  return true;
}

async function unsubscribeFor(ctx: NotificationEmailContext, userId: number, topic: UnsubscribeTopic): Promise<string> {
  return unsubscribeTokenFor(ctx, { userId, topic });
}

// ---- Deciding, inside the delivery ----

/**
 * Called by deliverNotification in its transaction, once the row is written, for a type the user
 * wants by email. A message's email waits for the conversation's first unread message to be
 * UNREAD_MESSAGE_EMAIL_DELAY_MS old (one waiting job per conversation); any other type's is sent now.
 */
export async function enqueueNotificationEmail(
  ctx: EmailDecisionContext,
  input: { userId: number; type: NotificationType; notificationId: number; partnerId: number | null },
): Promise<void> {
  if (input.type !== 'message') {
    await ctx.jobs.enqueue(
      ctx.db,
      NOTIFICATION_EMAIL_JOBS.notification,
      { userId: input.userId, notificationId: input.notificationId },
      { dedupeKey: `notification-email:${input.notificationId}` },
    );
    return;
  }
  if (input.partnerId === null) return;
  await enqueueUnreadMessagesCheck(ctx, input.userId, input.partnerId);
}

/** The conversation's oldest unread message to the recipient, if any. */
async function firstUnreadMessage(db: DbExecutor, userId: number, partnerId: number): Promise<{ id: number; sentAt: Date; count: number } | null> {
  const [row] = await queryRows<{ id: number; sent_at: string | Date; count: number }>(
    db,
    sql`select id, sent_at, count(*) over ()::int as count from messages
         where receiver_id = ${userId} and sender_id = ${partnerId} and not read
         order by sent_at, id limit 1`,
  );
  return row ? { id: row.id, sentAt: new Date(row.sent_at), count: row.count } : null;
}

async function enqueueUnreadMessagesCheck(ctx: EmailDecisionContext, userId: number, partnerId: number): Promise<void> {
  const first = await firstUnreadMessage(ctx.db, userId, partnerId);
  if (!first) return;
  await ctx.jobs.enqueue(
    ctx.db,
    NOTIFICATION_EMAIL_JOBS.unreadMessages,
    { userId, partnerId },
    // One waiting check per conversation: later messages ride on it (their first unread is the same).
    { dedupeKey: `unread-messages:${userId}:${partnerId}`, runAt: new Date(first.sentAt.getTime() + UNREAD_MESSAGE_EMAIL_DELAY_MS) },
  );
}

// ---- The jobs ----

/** The `notifications.email` job: the notification's sentence and link, if the user still wants it by email. */
export async function sendNotificationEmail(ctx: NotificationEmailContext, input: { userId: number; notificationId: number }): Promise<void> {
  const recipient = await liveRecipient(ctx.db, input.userId);
  if (!recipient) return;
  const [row] = await ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, input.notificationId), eq(notifications.recipientId, recipient.id)));
  if (!row) return;
  const type = row.type as NotificationType;
  // Checked again when sending: an unsubscribe since the notification came wins.
  if ((await preferencesFor(ctx, recipient.id)).channels[type] !== 'in_app_and_email') return;
  const [composed] = await composeNotifications({ db: ctx.db, clock: ctx.clock, actor: actorFor(recipient) }, [row]);
  await sendOnce(ctx, `notification:${row.id}`, recipient.id, 'notification', {
    kind: 'notification',
    to: recipient.email,
    name: recipient.firstName,
    sentence: composed!.sentence,
    path: notificationPath(composed!.target, recipient.userType),
    unsubscribeToken: await unsubscribeFor(ctx, recipient.id, type),
  });
}

/**
 * The delayed check of one conversation: if its messages are still unread
 * UNREAD_MESSAGE_EMAIL_DELAY_MS after the first unread one came, one email with the sender and the
 * count (never the text), keyed by that first unread message, so the same unread run is emailed
 * once however many messages follow. Read meanwhile: nothing. Read and then written to again:
 * the check moves to the new first unread message's time.
 */
export async function sendUnreadMessagesEmail(ctx: NotificationEmailContext, input: { userId: number; partnerId: number }): Promise<void> {
  const recipient = await liveRecipient(ctx.db, input.userId);
  if (!recipient) return;
  const first = await firstUnreadMessage(ctx.db, recipient.id, input.partnerId);
  if (!first) return;
  const dueAt = first.sentAt.getTime() + UNREAD_MESSAGE_EMAIL_DELAY_MS;
  if (dueAt > ctx.clock().getTime()) {
    await enqueueUnreadMessagesCheck(ctx, recipient.id, input.partnerId);
    return;
  }
  if ((await preferencesFor(ctx, recipient.id)).channels.message !== 'in_app_and_email') return;
  const [blocked] = await queryRows<{ one: number }>(
    ctx.db,
    sql`select 1 as one from blocks where (blocker_id = ${recipient.id} and blocked_id = ${input.partnerId}) or (blocker_id = ${input.partnerId} and blocked_id = ${recipient.id})`,
  );
  if (blocked) return;
  const [sender] = await queryRows<{ name: string }>(
    ctx.db,
    sql`select ${displayName(sql`u`)} as name from users u ${profileJoins(sql`u`)} where u.id = ${input.partnerId} and u.deleted_at is null`,
  );
  if (!sender) return;
  await sendOnce(ctx, `unread-messages:${recipient.id}:${input.partnerId}:${first.id}`, recipient.id, 'unread-messages', {
    kind: 'unread-messages',
    to: recipient.email,
    name: recipient.firstName,
    senderName: sender.name,
    count: first.count,
    path: EMAIL_PATHS.conversation(recipient.userType, input.partnerId),
    unsubscribeToken: await unsubscribeFor(ctx, recipient.id, 'message'),
  });
}

/** A person's display name in SQL: firm, else company, else their own name. */
const displayName = (alias: ReturnType<typeof sql>) => sql`coalesce(ip.firm_name, sp.company_name, ${alias}.first_name || ' ' || ${alias}.last_name)`;
const profileJoins = (alias: ReturnType<typeof sql>) =>
  sql`left join investor_profiles ip on ip.user_id = ${alias}.id left join startup_profiles sp on sp.user_id = ${alias}.id`;

// ---- Digests ----

interface LocalTime {
  date: string;
  hour: number;
  isMonday: boolean;
}

/** The wall-clock date, hour and weekday in `timeZone` at `now` (an unknown zone reads as UTC). */
function localTimeIn(now: Date, timeZone: string | null): LocalTime {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timeZone ?? 'UTC',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    });
  } catch {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    });
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), isMonday: parts.weekday === 'Mon' };
}

/** Whether a digest of `frequency` is due at this local time (08:00 onwards, on Mondays when weekly). */
function isDigestDue(frequency: DigestFrequency, local: LocalTime): boolean {
  if (frequency === 'off') return false;
  if (local.hour < DIGEST_LOCAL_HOUR || local.hour >= DIGEST_LAST_LOCAL_HOUR) return false;
  return frequency === 'daily' || local.isMonday;
}

/**
 * The hourly scan: every user with a digest whose local time is 08:xx (up to
 * DIGEST_LAST_LOCAL_HOUR) on a due day, and who has had no digest run for that local date, gets a
 * digest job, keyed by user and local date. Reads only the users who turned the digest on.
 */
export async function scheduleDueDigests(ctx: DigestScanContext): Promise<number> {
  const now = ctx.clock();
  const rows = await ctx.db
    .select({
      userId: notificationPreferences.userId,
      digest: notificationPreferences.digest,
      timeZone: notificationPreferences.timeZone,
      lastDigestLocalDate: notificationPreferences.lastDigestLocalDate,
    })
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.digest, ['daily', 'weekly']));
  let scheduled = 0;
  for (const row of rows) {
    const local = localTimeIn(now, row.timeZone);
    if (!isDigestDue(row.digest as DigestFrequency, local) || row.lastDigestLocalDate === local.date) continue;
    await ctx.jobs.enqueue(
      ctx.db,
      NOTIFICATION_EMAIL_JOBS.digest,
      { userId: row.userId, localDate: local.date },
      { dedupeKey: `digest:${row.userId}:${local.date}` },
    );
    scheduled += 1;
  }
  return scheduled;
}

/** What a digest says, read as of `now` for everything new since `since`. */
async function digestContent(
  ctx: NotificationEmailContext,
  recipient: Recipient,
  input: { since: Date; localDate: string; minScore: number },
): Promise<{ content: DigestContent; hasNews: boolean }> {
  const { db } = ctx;
  const id = recipient.id;
  const side = recipient.userType;
  const unreadRows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, id), sql`${notifications.readAt} is null`))
    .orderBy(sql`${notifications.createdAt} desc, ${notifications.id} desc`)
    .limit(DIGEST_LIST_LIMIT);
  const [unread] = await queryRows<{ total: number; fresh: number }>(
    db,
    sql`select count(*)::int as total, (count(*) filter (where created_at > ${input.since}))::int as fresh
          from notifications where recipient_id = ${id} and read_at is null`,
  );
  const composed = await composeNotifications({ db, clock: ctx.clock, actor: actorFor(recipient) }, unreadRows);
  const counterpart = side === 'startup' ? sql`m.investor_id` : sql`m.startup_id`;
  const own = side === 'startup' ? sql`m.startup_id` : sql`m.investor_id`;
  const matchRows = await queryRows<{ name: string; score: number; reason: string | null }>(
    db,
    sql`select ${displayName(sql`u`)} as name, m.score, m.breakdown->'topReasons'->${side}::text->>0 as reason
          from matches m join users u on u.id = ${counterpart} and u.deleted_at is null ${profileJoins(sql`u`)}
         where ${own} = ${id} and m.status = 'pending' and m.created_at > ${input.since} and m.score >= ${input.minScore}
           and not exists (select 1 from blocks b where (b.blocker_id = ${id} and b.blocked_id = u.id) or (b.blocker_id = u.id and b.blocked_id = ${id}))
         order by m.score desc, m.id limit ${DIGEST_LIST_LIMIT}`,
  );
  const openRows =
    side === 'startup'
      ? await queryRows<{ name: string; opens: number }>(
          db,
          sql`select d.name, count(*)::int as opens from document_views v join documents d on d.id = v.document_id
               where d.user_id = ${id} and v.opened_at > ${input.since}
               group by d.id, d.name order by opens desc, d.id limit ${DIGEST_LIST_LIMIT}`,
        )
      : [];
  const until = new Date(Date.parse(`${input.localDate}T00:00:00Z`) + 7 * DAY_MS).toISOString().slice(0, 10);
  const newlyDueFrom = new Date(input.since.getTime() + 7 * DAY_MS).toISOString().slice(0, 10);
  const milestoneRows = await queryRows<{ title: string; date: string; partner: string; is_new: boolean }>(
    db,
    sql`select ms.title, ms.date::text as date, ${displayName(sql`u`)} as partner, (ms.date > ${newlyDueFrom}::date) as is_new
          from milestones ms
          join matches pair on pair.startup_id = ms.startup_id and pair.investor_id = ms.investor_id and pair.status = 'accepted'
          join users u on u.id = ${side === 'startup' ? sql`ms.investor_id` : sql`ms.startup_id`} and u.deleted_at is null ${profileJoins(sql`u`)}
         where ${side === 'startup' ? sql`ms.startup_id` : sql`ms.investor_id`} = ${id}
           and ms.status <> 'completed' and ms.date >= ${input.localDate}::date and ms.date <= ${until}::date
         order by ms.date, ms.id limit ${DIGEST_LIST_LIMIT}`,
  );
  const content: DigestContent = {
    unreadCount: unread?.total ?? 0,
    unread: composed.map((item) => item.sentence),
    matches: matchRows.map((row) => ({ name: row.name, score: row.score, reason: row.reason })),
    documentOpens: openRows.map((row) => ({ name: row.name, opens: row.opens })),
    milestones: milestoneRows.map((row) => ({ title: row.title, date: row.date, partner: row.partner })),
    paths: { notifications: EMAIL_PATHS.notifications },
  };
  const hasNews = (unread?.fresh ?? 0) > 0 || matchRows.length > 0 || openRows.length > 0 || milestoneRows.some((row) => row.is_new);
  return { content, hasNews };
}

/**
 * The `notifications.digest` job for one user and local date: sends the digest if there is
 * anything new since the last one (for a first digest: the last day or week), and records the
 * local date either way, so the hourly scan does not ask again that day.
 */
export async function sendDigest(ctx: NotificationEmailContext, input: { userId: number; localDate: string }): Promise<boolean> {
  const recipient = await liveRecipient(ctx.db, input.userId);
  if (!recipient) return false;
  const [row] = await ctx.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, recipient.id));
  if (!row || row.digest === 'off' || row.lastDigestLocalDate === input.localDate) return false;
  const now = ctx.clock();
  const frequency = row.digest as DigestFrequency;
  const since = row.lastDigestSentAt ?? new Date(now.getTime() - (frequency === 'weekly' ? 7 : 1) * DAY_MS);
  const preferences = await preferencesFor(ctx, recipient.id);
  const { content, hasNews } = await digestContent(ctx, recipient, { since, localDate: input.localDate, minScore: preferences.newMatchMinScore });
  let isSent = false;
  if (hasNews) {
    isSent = await sendOnce(ctx, `digest:${recipient.id}:${input.localDate}`, recipient.id, 'digest', {
      kind: 'digest',
      to: recipient.email,
      name: recipient.firstName,
      frequency: frequency === 'weekly' ? 'weekly' : 'daily',
      content,
      unsubscribeToken: await unsubscribeFor(ctx, recipient.id, 'digest'),
    });
  }
  await ctx.db
    .update(notificationPreferences)
    .set({ lastDigestLocalDate: input.localDate, ...(hasNews ? { lastDigestSentAt: now } : {}) })
    .where(eq(notificationPreferences.userId, recipient.id));
  return isSent;
}
