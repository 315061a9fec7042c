// The user-facing activity feed and the separate, append-only security log.
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityType: text('activity_type').notNull(),
    entityId: integer('entity_id'),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  // The feed reads "my newest first" with a (createdAt, id) cursor.
  (t) => [index('activities_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
);

export const securityEvents = pgTable(
  'security_events',
  {
    id: serial('id').primaryKey(),
    eventType: text('event_type').notNull(),
    // No foreign key: the log must outlive the account it mentions.
    userId: integer('user_id'),
    ip: text('ip'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('security_events_created_idx').on(t.createdAt), index('security_events_user_idx').on(t.userId)],
);

// Counters for rate-limiter-flexible's RateLimiterDrizzle (login throttling), shared by every instance.
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestamp('expire', { withTimezone: true, precision: 3 }),
});
