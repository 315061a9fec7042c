// Durable jobs (ADR 0019): work that outlives a request (re-scores, learning, sweeps) is a row in
// `jobs`, written in the same transaction as the change that caused it, and run by a worker in
// every instance. Claims use FOR UPDATE SKIP LOCKED, so instances never run one job twice at once;
// a claim is a lease renewed while the job runs, so a job whose process died is claimed again.
// Failures retry with exponential backoff; the last one leaves the job `failed` with its error,
// listed by `npm run jobs`. Time comes from the injected clock, so tests move it by hand.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { AppDatabase, DbExecutor } from '../db/client';
import { queryRows } from '../db/client';
import { jobSchedules, jobs } from '../db/schema';
import { serializeError } from '../logging';

export type JobHandler = (payload: Record<string, unknown>, context: { attempt: number; jobId: number }) => Promise<void>;

export interface Schedule {
  name: string;
  /** The job this schedule enqueues each time it is due. */
  job: string;
  intervalMs: number;
}

export interface EnqueueOptions {
  /** At most one queued job per key: a duplicate while one waits is dropped. */
  dedupeKey?: string;
  /** Run no earlier than this (default: now). */
  runAt?: Date;
  maxAttempts?: number;
}

interface Logger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface JobQueueOptions {
  db: AppDatabase;
  clock: () => Date;
  log: Logger;
  handlers: Record<string, JobHandler>;
  schedules?: Schedule[];
  /** How often an idle worker looks for due jobs (other instances' jobs, retries coming due). */
  pollIntervalMs?: number;
  /** How long a claim holds before another worker may take the job. Renewed while it runs. */
  leaseMs?: number;
  /** Jobs one instance runs at once. */
  concurrency?: number;
  /**
   * True when no other process can share this database (the embedded one is locked to one
   * process): jobs still marked running at start belonged to a process that died, and run now.
   */
  isSoleWorker?: boolean;
}

export interface JobQueue {
  /** Adds a job on `db` (pass the transaction, so the job exists exactly when the change commits). */
  enqueue(db: DbExecutor, name: string, payload?: Record<string, unknown>, options?: EnqueueOptions): Promise<void>;
  /** Starts the polling worker (the server does; scripts and tests may only drain). */
  start(): Promise<void>;
  /** Stops claiming and waits for running jobs; an unfinished one is retried after its lease. */
  stop(): Promise<void>;
  /** Nudges a started worker to look now, if anything was enqueued here since (call after commit). */
  wake(): void;
  /** Runs every job due now, and what those enqueue, until none is left. Tests await this. */
  idle(): Promise<void>;
}

const DEFAULT_POLL_MS = 1000;
const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_CONCURRENCY = 2;
const BACKOFF_BASE_MS = 10_000;
const BACKOFF_MAX_MS = 60 * 60_000;
// Errors are stored for operators; a bounded sentence is enough, and bounds what a bad error can write.
const MAX_ERROR_LENGTH = 2000;

/** 10 s, 20 s, 40 s … capped at an hour: a struggling dependency gets room to recover. */
export function retryDelayMs(attempt: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1), BACKOFF_MAX_MS);
}

type ClaimedJob = { id: number; name: string; payload: Record<string, unknown>; attempts: number; max_attempts: number };

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db, clock, log, handlers } = options;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_MS;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const workerId = randomUUID();
  const running = new Set<Promise<void>>();
  let isStarted = false;
  let isStopping = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let pumping: Promise<void> | undefined;
  let wakeRequested = false;
  // Set by enqueue, so wake() after a response costs nothing when the request queued no work.
  let hasUnseenWork = false;
  let isDatabaseDown = false;

  async function enqueue(executor: DbExecutor, name: string, payload: Record<string, unknown> = {}, enqueueOptions: EnqueueOptions = {}): Promise<void> {
    if (!handlers[name]) throw new Error(`No handler for job "${name}"`);
    const now = clock();
    await executor
      .insert(jobs)
      .values({
        name,
        payload,
        dedupeKey: enqueueOptions.dedupeKey ?? null,
        maxAttempts: enqueueOptions.maxAttempts ?? 5,
        runAt: enqueueOptions.runAt ?? now,
        createdAt: now,
      })
      .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`${jobs.state} = 'queued'` });
    hasUnseenWork = true;
  }

  /** Enqueues the job of every schedule that is due, moving each schedule on (one instance wins each). */
  async function enqueueDueSchedules(): Promise<void> {
    if (!options.schedules?.length) return;
    const now = clock();
    await db.transaction(async (tx) => {
      const due = await tx.select().from(jobSchedules).where(lte(jobSchedules.nextRunAt, now)).for('update', { skipLocked: true });
      for (const row of due) {
        const schedule = options.schedules!.find((candidate) => candidate.name === row.name);
        if (!schedule) continue;
        await enqueue(tx, schedule.job, {}, { dedupeKey: `schedule:${schedule.name}` });
        await tx
          .update(jobSchedules)
          .set({ nextRunAt: new Date(now.getTime() + schedule.intervalMs) })
          .where(eq(jobSchedules.name, row.name));
      }
    });
  }

  const handledNames = sql.join(
    Object.keys(handlers).map((name) => sql`${name}`),
    sql`, `,
  );

  /** Claims up to `limit` due jobs: queued ones whose time has come, and running ones whose lease ran out. */
  async function claim(limit: number): Promise<ClaimedJob[]> {
    const now = clock();
    const lockedUntil = new Date(now.getTime() + leaseMs);
    return queryRows<ClaimedJob>(
      db,
      sql`update ${jobs} set state = 'running', attempts = attempts + 1, locked_until = ${lockedUntil}, locked_by = ${workerId}
           where id in (
             select id from ${jobs}
              where ((state = 'queued' and run_at <= ${now}) or (state = 'running' and locked_until <= ${now}))
                -- Only jobs this build can run: in a rolling deploy, older instances leave newer jobs alone.
                and name in (${handledNames})
              order by run_at, id
              limit ${limit}
              for update skip locked)
          returning id, name, payload, attempts, max_attempts`,
    );
  }

  async function finish(job: ClaimedJob, error?: unknown): Promise<void> {
    const now = clock();
    // Only while the claim is still ours: a lease that ran out may have passed the job on.
    const stillOurs = and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.state, 'running'));
    if (error === undefined) {
      await db.update(jobs).set({ state: 'succeeded', finishedAt: now, lockedUntil: null, lastError: null }).where(stillOurs);
      return;
    }
    // Log-safe: a failed query's message would otherwise carry its parameters (row values).
    const message = serializeError(error).message.slice(0, MAX_ERROR_LENGTH);
    if (job.attempts >= job.max_attempts) {
      await db.update(jobs).set({ state: 'failed', finishedAt: now, lockedUntil: null, lastError: message }).where(stillOurs);
      log.error({ job: job.name, jobId: job.id, attempts: job.attempts, err: error }, `Job "${job.name}" failed for good after ${job.attempts} attempts`);
      return;
    }
    const retryAt = new Date(now.getTime() + retryDelayMs(job.attempts));
    await db.update(jobs).set({ state: 'queued', runAt: retryAt, lockedUntil: null, lockedBy: null, lastError: message }).where(stillOurs);
    log.warn(
      { job: job.name, jobId: job.id, attempt: job.attempts, retryAt: retryAt.toISOString(), err: error },
      `Job "${job.name}" failed; it will be retried`,
    );
  }

  async function execute(job: ClaimedJob): Promise<void> {
    // Keep the lease while the handler works, so a slow job is not taken over by another worker.
    const renew = setInterval(
      () => {
        const lockedUntil = new Date(clock().getTime() + leaseMs);
        db.update(jobs)
          .set({ lockedUntil })
          .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)))
          .catch((err: unknown) => log.warn({ err, jobId: job.id }, 'could not renew a job lease'));
      },
      Math.max(leaseMs / 3, 10),
    ).unref();
    let failure: unknown;
    try {
      const handler = handlers[job.name];
      if (!handler) throw new Error(`No handler for job "${job.name}"`);
      await handler(job.payload ?? {}, { attempt: job.attempts, jobId: job.id });
    } catch (error) {
      failure = error ?? new Error('failed');
    } finally {
      clearInterval(renew);
    }
    await finish(job, failure).catch((err: unknown) => log.error({ err, jobId: job.id }, 'could not record a job result; it will run again after its lease'));
  }

  /** One pass: due schedules, then claim and run jobs until none is due or the worker stops. */
  async function pump(): Promise<void> {
    await enqueueDueSchedules();
    while (!isStopping) {
      const free = concurrency - running.size;
      if (free <= 0) {
        await Promise.race(running);
        continue;
      }
      const claimed = await claim(free);
      if (claimed.length === 0) break;
      for (const job of claimed) {
        const task = execute(job).finally(() => running.delete(task));
        running.add(task);
      }
    }
    await Promise.all(running);
  }

  function runPump(): Promise<void> {
    // One pump at a time per instance; a wake during a pump asks for one more pass after it.
    if (pumping) {
      wakeRequested = true;
      return pumping;
    }
    pumping = pump()
      .then(() => {
        if (isDatabaseDown) log.info({}, 'the job worker reaches the database again');
        isDatabaseDown = false;
      })
      .catch((err: unknown) => {
        // Once per outage, not once per poll.
        if (!isDatabaseDown) log.warn({ err }, 'the job worker could not reach the database; it keeps trying');
        isDatabaseDown = true;
      })
      .finally(() => {
        pumping = undefined;
        if (wakeRequested && !isStopping) {
          wakeRequested = false;
          void runPump();
        }
      });
    return pumping;
  }

  function schedulePoll(): void {
    if (!isStarted || isStopping) return;
    pollTimer = setTimeout(() => {
      void runPump().finally(schedulePoll);
    }, pollIntervalMs);
    pollTimer.unref();
  }

  async function registerSchedules(): Promise<void> {
    const now = clock();
    for (const schedule of options.schedules ?? []) {
      // A new schedule is due at once; an existing one keeps its time, so a sweep that came due
      // while the server was down runs right after it starts.
      await db
        .insert(jobSchedules)
        .values({ name: schedule.name, intervalMs: schedule.intervalMs, nextRunAt: now })
        .onConflictDoUpdate({
          target: jobSchedules.name,
          set: { intervalMs: schedule.intervalMs },
        });
    }
  }

  return {
    enqueue,
    async start() {
      if (isStarted) return;
      await registerSchedules();
      if (options.isSoleWorker) {
        // Nobody else can hold these claims: their process is gone, so they are due now.
        await db.update(jobs).set({ state: 'queued', lockedUntil: null, lockedBy: null }).where(eq(jobs.state, 'running'));
      }
      isStarted = true;
      isStopping = false;
      void runPump().finally(schedulePoll);
    },
    async stop() {
      isStopping = true;
      if (pollTimer) clearTimeout(pollTimer);
      await pumping;
      await Promise.all(running);
    },
    wake() {
      if (!isStarted || isStopping || !hasUnseenWork) return;
      hasUnseenWork = false;
      void runPump();
    },
    async idle() {
      // Drain: keep passing while passes find work (jobs may enqueue jobs).
      for (;;) {
        await runPump();
        // The pass joined above may have begun before the caller's change (or the clock moved); a
        // pass asked for meanwhile runs right after it, so wait for every pass there is.
        while (pumping) await pumping;
        const now = clock();
        const [dueJob] = await db
          .select({ id: jobs.id })
          .from(jobs)
          .where(and(eq(jobs.state, 'queued'), lte(jobs.runAt, now), inArray(jobs.name, Object.keys(handlers))))
          .limit(1);
        // A schedule that came due is work too (another instance may be enqueueing it right now).
        const scheduleNames = (options.schedules ?? []).map((schedule) => schedule.name);
        const [dueSchedule] =
          scheduleNames.length > 0
            ? await db
                .select({ name: jobSchedules.name })
                .from(jobSchedules)
                .where(and(lte(jobSchedules.nextRunAt, now), inArray(jobSchedules.name, scheduleNames)))
                .limit(1)
            : [];
        if ((!dueJob && !dueSchedule) || isStopping) return;
      }
    },
  };
}

export interface JobRecord {
  id: number;
  name: string;
  state: string;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  runAt: Date;
  createdAt: Date;
  finishedAt: Date | null;
}

/** The newest jobs in one state, for operators (`npm run jobs`) and tests. */
export async function listJobs(db: AppDatabase, state: 'queued' | 'running' | 'succeeded' | 'failed', limit = 50): Promise<JobRecord[]> {
  return db
    .select({
      id: jobs.id,
      name: jobs.name,
      state: jobs.state,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
      lastError: jobs.lastError,
      runAt: jobs.runAt,
      createdAt: jobs.createdAt,
      finishedAt: jobs.finishedAt,
    })
    .from(jobs)
    .where(eq(jobs.state, state))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit);
}

/** Puts a failed job back in the queue with fresh attempts (after the cause was fixed). */
export async function retryFailedJob(db: AppDatabase, jobId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ state: 'queued', attempts: 0, runAt: now, finishedAt: null, lockedBy: null, lockedUntil: null })
    .where(and(eq(jobs.id, jobId), eq(jobs.state, 'failed')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Removes finished jobs: successes after `succeededDays`, failures after `failedDays`. */
export async function deleteFinishedJobs(db: AppDatabase, now: Date, policy: { succeededDays: number; failedDays: number }): Promise<number> {
  const day = 86_400_000;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from ${jobs}
         where (state = 'succeeded' and finished_at < ${new Date(now.getTime() - policy.succeededDays * day)})
            or (state = 'failed' and finished_at < ${new Date(now.getTime() - policy.failedDays * day)})
        returning id`,
  );
  return rows.length;
}
