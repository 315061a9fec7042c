// The notification centre (issue #18, docs/notifications.md): what happened that a user should
// know about. A row holds ids and counts only, never text someone wrote: the sentence is composed
// when read, from the names as they are then.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    // Notifications that share a key while unread are one row, updated (a conversation's new
    // messages, a run's new matches): at most one unread row per (recipient, key).
    collapseKey: text('collapse_key'),
    // What caused this row (a job, a document view, a milestone's due date): a retried job or a
    // second run of the daily check finds its row instead of adding another.
    sourceKey: text('source_key'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    // The page reads "my newest first" with a (createdAt, id) cursor.
    index('notifications_recipient_created_idx').on(t.recipientId, t.createdAt.desc(), t.id.desc()),
    // The unread count, the unread filter's pages and read-all touch only unread rows.
    index('notifications_unread_idx')
      .on(t.recipientId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_unread_collapse_unique')
      .on(t.recipientId, t.collapseKey)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_source_unique').on(t.recipientId, t.sourceKey),
    // The 90-day sweep.
    index('notifications_created_idx').on(t.createdAt),
  ],
);
