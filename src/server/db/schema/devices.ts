// Browsers that have signed in to an account before (docs/security.md, "Sign-in throttling").
// Their sign-in attempts are counted apart from everyone else's, so strangers failing on a
// username cannot lock its owner out of the browser they already use.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const knownDevices = pgTable(
  'known_devices',
  {
    // sha256 of the device cookie's token: a leaked row cannot be replayed as a cookie.
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index('known_devices_user_id_idx').on(t.userId)],
);
