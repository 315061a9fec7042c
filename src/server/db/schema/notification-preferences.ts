// How each user hears about what happens (issue #18, docs/notifications.md): their channel
// overrides per notification type, their digest, the emails already sent (so a retried or
// restarted job never sends one twice), and the app's own secrets (the unsubscribe signing key).
import { date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One row per user who changed anything; a user with no row has the defaults of
 * shared/contracts/notification-preferences.ts. `channels` holds only the types the user changed,
 * so a type added later reaches everyone with its own default.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  channels: jsonb('channels').$type<Record<string, string>>().notNull().default({}),
  digest: text('digest').notNull().default('off'),
  // An IANA zone the browser reported ("Europe/Berlin"); null until it has, and digests use UTC.
  timeZone: text('time_zone'),
  // Null: the product's default (NEW_MATCH_NOTIFICATION_MIN_SCORE).
  newMatchMinScore: integer('new_match_min_score'),
  // When the last digest went out ("nothing new since" is measured from it).
  lastDigestSentAt: timestamp('last_digest_sent_at', { withTimezone: true, precision: 3 }),
  // The user's local date of the last digest run, sent or not: one run per local date.
  lastDigestLocalDate: date('last_digest_local_date'),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull(),
});

/**
 * Every notification email sent, by its idempotency key (a notification's id, a conversation's
 * first unread message, a user's digest date): the job checks it before sending and writes it
 * after, so a retry or a restart finds it and sends nothing.
 */
export const notificationEmails = pgTable(
  'notification_emails',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index('notification_emails_user_idx').on(t.userId)],
);

/**
 * Keys the app generates once and every instance shares, surviving restarts (the unsubscribe
 * tokens' HMAC key: ADR 0044). Never sent to a client, never logged.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
});
