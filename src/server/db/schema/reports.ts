// Reports users file about another user, a message or a document (docs/security.md, "Reports").
// Only operators read them (`npm run reports`): no endpoint returns a report, so nobody learns who
// reported them. `reported_user_id` is resolved when the report is filed (a message's sender, a
// document's owner), so the report still names who it is about if the message or document goes.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportedUserId: integer('reported_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // No foreign key on the subject: the report outlives a deleted message or document.
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id').notNull(),
    category: text('category').notNull(),
    details: text('details'),
    state: text('state').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, precision: 3 }),
    resolution: text('resolution'),
  },
  (t) => [
    // Operators read the open queue, oldest first.
    index('reports_state_created_idx').on(t.state, t.createdAt),
    index('reports_reported_user_idx').on(t.reportedUserId),
    check('reports_subject_type_check', sql`${t.subjectType} in ('user', 'message', 'document')`),
    check('reports_category_check', sql`${t.category} in ('spam', 'harassment', 'fraud', 'inappropriate', 'other')`),
    check('reports_state_check', sql`${t.state} in ('open', 'resolved')`),
  ],
);
