// What happens between a startup and an investor: matches, messages, milestones.
// Every party id here is a users.id (see docs/decisions/0004-party-ids-are-user-ids.md).
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './users';

// The two parties of a connected pair; matches and milestones both hang off one.
const pairColumns = () => ({
  startupId: integer('startup_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  investorId: integer('investor_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
});

export const matches = pgTable(
  'matches',
  {
    id: serial('id').primaryKey(),
    ...pairColumns(),
    score: integer('score').notNull(),
    status: text('status').notNull().default('pending'),
    // The engine's explanation of the score (components, both one-sided fits, reasons).
    breakdown: jsonb('breakdown'),
    // Mutual consent (docs/decisions/0028-mutual-consent.md): each side's own answer, and `status`
    // derived from both on every decision (accepted only when both accepted, rejected when either
    // declined), stored so that every reader, connections first, keeps asking one column.
    startupDecision: text('startup_decision').notNull().default('pending'),
    investorDecision: text('investor_decision').notNull().default('pending'),
    // A decline's reason is the decliner's; the other side sees it only if they chose to share it.
    startupDeclineReason: text('startup_decline_reason'),
    investorDeclineReason: text('investor_decline_reason'),
    startupSharesReason: boolean('startup_shares_reason').notNull().default(false),
    investorSharesReason: boolean('investor_shares_reason').notNull().default(false),
    // The last disconnect (docs/decisions/0030-disconnect-and-block.md): when, and which side ended
    // it, so both sides can read "{name} ended the connection" until they connect again.
    connectionEndedAt: timestamp('connection_ended_at', { withTimezone: true, precision: 3 }),
    connectionEndedBy: text('connection_ended_by'),
    // Fair intake (issue #19, ADR 0045). A connection request is one side's accept while the other
    // has not answered: when it was made, when it reached the other side (later than requested_at
    // when it waited in the investor's weekly queue, until `request_queued_until`), and when it
    // last expired unanswered (30 days after delivery; the requester's answer goes back to pending).
    requestedAt: timestamp('requested_at', { withTimezone: true, precision: 3 }),
    requestDeliveredAt: timestamp('request_delivered_at', { withTimezone: true, precision: 3 }),
    requestQueuedUntil: timestamp('request_queued_until', { withTimezone: true, precision: 3 }),
    requestExpiredAt: timestamp('request_expired_at', { withTimezone: true, precision: 3 }),
    // How the pair met: suggested by the generator, or a Connect from the directory.
    origin: text('origin').notNull().default('generated'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    unique('matches_pair_unique').on(t.startupId, t.investorId),
    // Dashboards and match lists read "my matches, best first" from either side.
    index('matches_startup_score_idx').on(t.startupId, t.score.desc()),
    index('matches_investor_score_idx').on(t.investorId, t.score.desc()),
    check('matches_score_range', sql`${t.score} between 0 and 100`),
    check('matches_status_check', sql`${t.status} in ('pending', 'accepted', 'rejected')`),
    check('matches_startup_decision_check', sql`${t.startupDecision} in ('pending', 'accepted', 'rejected')`),
    check('matches_investor_decision_check', sql`${t.investorDecision} in ('pending', 'accepted', 'rejected')`),
    check('matches_connection_ended_by_check', sql`${t.connectionEndedBy} in ('startup', 'investor')`),
    check('matches_origin_check', sql`${t.origin} in ('generated', 'directory')`),
    // The weekly release of queued requests, and the daily expiry of unanswered ones.
    index('matches_request_queued_idx')
      .on(t.requestQueuedUntil)
      .where(sql`${t.requestQueuedUntil} is not null`),
    index('matches_request_delivered_idx')
      .on(t.requestDeliveredAt)
      .where(sql`${t.requestDeliveredAt} is not null and ${t.status} = 'pending'`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    read: boolean('read').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // A thread is read by (sender, receiver) in both directions, newest last.
    index('messages_pair_sent_idx').on(t.senderId, t.receiverId, t.sentAt),
    index('messages_receiver_unread_idx').on(t.receiverId, t.read),
    // Search (features/search) reads the full-text column `search_vector` and its GIN index,
    // created by drizzle/0014_search.sql and not declared here so select() never carries them.
  ],
);

export const milestones = pgTable(
  'milestones',
  {
    id: serial('id').primaryKey(),
    ...pairColumns(),
    title: text('title').notNull(),
    description: text('description'),
    status: text('status').notNull().default('pending'),
    date: date('date'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('milestones_pair_idx').on(t.startupId, t.investorId),
    check('milestones_status_check', sql`${t.status} in ('pending', 'in_progress', 'completed')`),
    // Search reads `search_vector` (title, description), created by drizzle/0014_search.sql only.
  ],
);
