// What matching learns from: every decision with who made it, and each user's learned state.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { matches } from './relationships';
import { users } from './users';

// Every decision, in order, with who made it and why: matches keeps only each side's latest answer,
// and learning and the analytics read the history (docs/matching.md §6).
export const matchDecisions = pgTable(
  'match_decisions',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    side: text('side').notNull(),
    decision: text('decision').notNull(),
    reason: text('reason'),
    // The component values at decision time, so learning replays what the user actually saw.
    componentsSnapshot: jsonb('components_snapshot'),
    decidedAt: timestamp('decided_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('match_decisions_user_idx').on(t.userId, t.decidedAt),
    index('match_decisions_match_idx').on(t.matchId),
    check('match_decisions_side_check', sql`${t.side} in ('startup', 'investor')`),
    check('match_decisions_decision_check', sql`${t.decision} in ('accepted', 'rejected')`),
  ],
);

// Per-user learned preferences and weight offsets (plain JSON produced by the engine's learning module).
export const matchingUserState = pgTable(
  'matching_user_state',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: jsonb('state').notNull(),
    decisionCount: integer('decision_count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  // The engine re-applies states saved since its last sync.
  (t) => [index('matching_user_state_updated_at_idx').on(t.updatedAt)],
);
