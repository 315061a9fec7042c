// Accounts and their server-side sessions.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    // argon2id PHC string; never leaves the server (responses are allowlisted).
    passwordHash: text('password_hash').notNull(),
    email: text('email').notNull(),
    userType: text('user_type').$type<'startup' | 'investor'>().notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // Case-insensitive uniqueness: "Alice" and "alice" are one account, as users expect.
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    check('users_user_type_check', sql`${t.userType} in ('startup', 'investor')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // sha256 of the cookie token: a leaked table row cannot be replayed as a cookie.
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true, precision: 3 }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);
