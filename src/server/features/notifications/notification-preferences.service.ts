// Notification preferences (issue #18, docs/notifications.md): each type's channel, the digest,
// the time zone and the new-match threshold, stored as a user's changes over the defaults; and the
// one-click unsubscribe, whose token is an HMAC over the user and the type with a key generated
// once and kept in the database, so every instance checks every token and a restart keeps them
// valid (ADR 0044).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { NEW_MATCH_NOTIFICATION_MIN_SCORE, NOTIFICATION_TYPES, type NotificationType } from '../../../shared/contracts/notifications';
import {
  DEFAULT_DIGEST_FREQUENCY,
  DEFAULT_NOTIFICATION_CHANNELS,
  DIGEST_UNSUBSCRIBE_LABEL,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPE_LABELS,
  type DigestFrequency,
  type NotificationChannel,
  type NotificationPreferences,
  type UnsubscribeResult,
  type UpdateNotificationPreferencesBody,
} from '../../../shared/contracts/notification-preferences';
import { invalid } from '../../app-error';
import { queryRows, type DbExecutor } from '../../db/client';
import { appSecrets, notificationPreferences } from '../../db/schema';
import type { Actor } from '../../actor';
import type { ServiceContext } from '../../service-context';

type PreferencesRow = typeof notificationPreferences.$inferSelect;

const isChannel = (value: unknown): value is NotificationChannel => typeof value === 'string' && (NOTIFICATION_CHANNELS as readonly string[]).includes(value);

/** A stored row (or none) as the whole set of preferences: every type, defaults filled in. */
function preferencesOf(row: PreferencesRow | undefined): NotificationPreferences {
  const channels = { ...DEFAULT_NOTIFICATION_CHANNELS };
  for (const type of NOTIFICATION_TYPES) {
    const chosen = row?.channels[type];
    if (isChannel(chosen)) channels[type] = chosen;
  }
  return {
    channels,
    digest: (row?.digest as DigestFrequency | undefined) ?? DEFAULT_DIGEST_FREQUENCY,
    timeZone: row?.timeZone ?? null,
    newMatchMinScore: row?.newMatchMinScore ?? NEW_MATCH_NOTIFICATION_MIN_SCORE,
  };
}

/** What reading someone's preferences needs: the database (a transaction's, when deciding inside one). */
export type PreferencesReadContext = { db: DbExecutor };
/** What signing an unsubscribe token needs: the database that keeps the key, and the time (for a key made now). */
export type UnsubscribeTokenContext = Pick<ServiceContext<Actor | null>, 'clock'> & { db: DbExecutor };

/** A user's preferences, defaults included. */
export async function preferencesFor({ db }: PreferencesReadContext, userId: number): Promise<NotificationPreferences> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return preferencesOf(row);
}

/** GET /api/account/notification-preferences: the caller's own. */
export async function getNotificationPreferences(ctx: ServiceContext): Promise<NotificationPreferences> {
  return preferencesFor(ctx, ctx.actor.id);
}

/**
 * Writes the changes in `changes` over the user's row (created on first change). Channels merge
 * type by type in SQL, so two tabs changing different types at once both win.
 */
async function saveChanges(db: DbExecutor, userId: number, now: Date, changes: UpdateNotificationPreferencesBody): Promise<void> {
  const channels = JSON.stringify(changes.channels ?? {});
  await db
    .insert(notificationPreferences)
    .values({
      userId,
      channels: changes.channels ?? {},
      digest: changes.digest ?? DEFAULT_DIGEST_FREQUENCY,
      timeZone: changes.timeZone ?? null,
      newMatchMinScore: changes.newMatchMinScore ?? null,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: {
        channels: sql`${notificationPreferences.channels} || ${channels}::jsonb`,
        ...(changes.digest !== undefined ? { digest: changes.digest } : {}),
        ...(changes.timeZone !== undefined ? { timeZone: changes.timeZone } : {}),
        ...(changes.newMatchMinScore !== undefined ? { newMatchMinScore: changes.newMatchMinScore } : {}),
        updatedAt: now,
      },
    });
}

/** PUT /api/account/notification-preferences: what is sent changes, the rest stays. */
export async function updateNotificationPreferences(ctx: ServiceContext, changes: UpdateNotificationPreferencesBody): Promise<NotificationPreferences> {
  return ctx.db.transaction(async (tx) => {
    await saveChanges(tx, ctx.actor.id, ctx.clock(), changes);
    return preferencesFor({ db: tx }, ctx.actor.id);
  });
}

// ---- Unsubscribe tokens ----

const SIGNING_KEY_NAME = 'unsubscribe-signing-key';
/** One key per database: cached per database object, since a key never changes once made. */
const signingKeys = new WeakMap<object, Promise<Buffer>>();

async function loadSigningKey(db: DbExecutor, now: Date): Promise<Buffer> {
  // The first instance to need it makes it; a racing one keeps the winner's (do nothing, then read).
  await db
    .insert(appSecrets)
    .values({ name: SIGNING_KEY_NAME, value: randomBytes(32).toString('base64url'), createdAt: now })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SIGNING_KEY_NAME));
  return Buffer.from(row!.value, 'base64url');
}

function signingKeyFor(db: DbExecutor, now: Date): Promise<Buffer> {
  let key = signingKeys.get(db);
  if (!key) {
    key = loadSigningKey(db, now);
    signingKeys.set(db, key);
    // A failed read (the database down) must not stick: the next call tries again.
    key.catch(() => signingKeys.delete(db));
  }
  return key;
}

/** What an unsubscribe token may turn off: one notification type's email, or the digest. */
export type UnsubscribeTopic = NotificationType | 'digest';

const signatureOf = (key: Buffer, userId: number, topic: string) => createHmac('sha256', key).update(`unsubscribe:${userId}:${topic}`).digest('base64url');

/** `<userId>.<topic>.<HMAC-SHA256, base64url>`: no expiry, and unaffected by email or password changes. */
export async function unsubscribeTokenFor(ctx: UnsubscribeTokenContext, input: { userId: number; topic: UnsubscribeTopic }): Promise<string> {
  return `${input.userId}.${input.topic}.${signatureOf(await signingKeyFor(ctx.db, ctx.clock()), input.userId, input.topic)}`;
}

const isTopic = (value: string): value is UnsubscribeTopic => value === 'digest' || (NOTIFICATION_TYPES as readonly string[]).includes(value);

/** The user and topic a token names, if its signature is ours; otherwise null. */
async function verifyUnsubscribeToken(db: DbExecutor, now: Date, token: string): Promise<{ userId: number; topic: UnsubscribeTopic } | null> {
  const match = /^(\d{1,10})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const topic = match[2]!;
  if (!isTopic(topic)) return null;
  const expected = Buffer.from(signatureOf(await signingKeyFor(db, now), userId, topic));
  const given = Buffer.from(match[3]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, topic } : null;
}

/**
 * POST /api/notifications/unsubscribe?token=: no session, the token is the proof. Turns that
 * type's email off (in the app and by email → in the app; in the app or off stay as they are), or
 * the digest off. Unsubscribing twice answers the same. A deleted account's token changes nothing.
 */
export async function unsubscribe(ctx: ServiceContext<Actor | null>, token: string): Promise<UnsubscribeResult> {
  const verified = await verifyUnsubscribeToken(ctx.db, ctx.clock(), token);
  if (!verified) throw invalid('This unsubscribe link is not valid. Please use the link from the latest email, or change your emails in Settings.');
  const { userId, topic } = verified;
  await ctx.db.transaction(async (tx) => {
    const [live] = await queryRows<{ one: number }>(tx, sql`select 1 as one from users where id = ${userId} and deleted_at is null`);
    if (!live) return;
    if (topic === 'digest') {
      await saveChanges(tx, userId, ctx.clock(), { digest: 'off' });
      return;
    }
    const current = await preferencesFor({ db: tx }, userId);
    if (current.channels[topic] === 'in_app_and_email') await saveChanges(tx, userId, ctx.clock(), { channels: { [topic]: 'in_app' } });
  });
  return { type: topic, label: topic === 'digest' ? DIGEST_UNSUBSCRIBE_LABEL : NOTIFICATION_TYPE_LABELS[topic] };
}
