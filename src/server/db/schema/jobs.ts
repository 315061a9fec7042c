// Durable background work (docs/operations.md, ADR 0019): a job table claimed with
// FOR UPDATE SKIP LOCKED, and the recurring schedules that feed it. Both live in the database so
// work that was due, or running, when a process died is picked up after the next start.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    // The handler's name, e.g. 'matching.rescore-pending'.
    name: text('name').notNull(),
    payload: jsonb('payload').notNull().default({}),
    state: text('state').notNull().default('queued'),
    // Coalesces duplicates: at most one queued job per key (a second profile save before the
    // re-score ran adds nothing). A running job does not block a new one: its input may be stale.
    dedupeKey: text('dedupe_key'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true, precision: 3 }).notNull(),
    // A claim is a lease: a worker that dies stops renewing it, and the job is claimed again.
    lockedUntil: timestamp('locked_until', { withTimezone: true, precision: 3 }),
    lockedBy: text('locked_by'),
    // The last failure's message (never row values or secrets: handlers throw plain errors).
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('jobs_due_idx').on(t.state, t.runAt),
    uniqueIndex('jobs_queued_dedupe_unique')
      .on(t.dedupeKey)
      .where(sql`${t.state} = 'queued'`),
    check('jobs_state_check', sql`${t.state} in ('queued', 'running', 'succeeded', 'failed')`),
  ],
);

// Recurring work (sweeps): one row per schedule. Whoever claims a due row enqueues its job and
// moves next_run_at on, in one transaction, so several instances never double a run.
export const jobSchedules = pgTable('job_schedules', {
  name: text('name').primaryKey(),
  intervalMs: integer('interval_ms').notNull(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true, precision: 3 }).notNull(),
});
