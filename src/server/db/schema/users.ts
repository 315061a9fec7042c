// Accounts, their server-side sessions, and the single-use tokens sent to their email addresses.
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
    // When `email` was proven to reach its owner (a verification or reset link opened); null until then.
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, precision: 3 }),
    // An address the user asked to move to: it replaces `email` only once its own link is opened.
    pendingEmail: text('pending_email'),
    // Set when the account was deleted (docs/decisions/0040): the row stays, anonymised, because
    // the messages its owner sent stay in the other person's history ("Deleted user").
    deletedAt: timestamp('deleted_at', { withTimezone: true, precision: 3 }),
    // When the account last used the product (a signed-in request), at most a few minutes stale:
    // the directory's "recently active" order (issue #19).
    lastActiveAt: timestamp('last_active_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    // Case-insensitive uniqueness: "Alice" and "alice" are one account, as users expect.
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    // Each instance's matching engine asks for accounts deleted since its last sync.
    index('users_deleted_at_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    index('users_last_active_idx').on(t.lastActiveAt.desc().nullsLast(), t.id.desc()),
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
    // What the sessions list shows its owner: the browser's User-Agent (cut to 512 characters) and
    // only a masked address (203.0.113.x), never the full IP (docs/decisions/0038).
    userAgent: text('user_agent'),
    ipApprox: text('ip_approx'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Tokens sent by email (docs/decisions/0038): a password-reset link (60 minutes) or an address
 * verification link (48 hours). Only the sha256 of the token is stored, so neither this table nor
 * a backup of it holds a usable link; each is used once (`used_at`).
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'password-reset' | 'verify-email'>().notNull(),
    // The address the link was sent to: a link is good only while that address is still the one it
    // proves (the account's email for a reset, the email or pending email for a verification).
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    // The per-user send limit counts a user's recent tokens of one purpose.
    index('account_tokens_user_purpose_created_idx').on(t.userId, t.purpose, t.createdAt),
    check('account_tokens_purpose_check', sql`${t.purpose} in ('password-reset', 'verify-email')`),
  ],
);
