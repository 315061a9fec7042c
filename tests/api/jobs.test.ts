// Durable jobs (ADR 0019): retries with backoff, a visible failure record, coalescing, leases that
// outlive a dead worker, schedules that run once per interval across instances, and work that
// survives a restart. Runs on PGlite (npm test) and PostgreSQL (npm run test:pg).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, jobSchedules } from '../../src/server/db/schema';
import { createJobQueue, listJobs, retryDelayMs, retryFailedJob, type JobHandler } from '../../src/server/jobs/job-queue';
import { buildStartupProfileBody } from '../factories';
import { buildTestApp, createTestClock, TestClient, useTestSuite } from '../support/test-app';

const suite = useTestSuite();
const quietLog = { info: () => {}, warn: () => {}, error: () => {} };
let jobPrefix = 0;
/** Job names unique to one test, so tests sharing the database never run each other's jobs. */
const uniqueName = (label: string) => `test.${label}.${++jobPrefix}.${Math.random().toString(36).slice(2, 8)}`;

function queueWith(
  handlers: Record<string, JobHandler>,
  options: { clock?: () => Date; isSoleWorker?: boolean; leaseMs?: number; schedules?: Array<{ name: string; job: string; intervalMs: number }> } = {},
) {
  return createJobQueue({ db: suite.database.db, clock: options.clock ?? (() => new Date()), log: quietLog, handlers, ...options });
}

async function jobRow(name: string) {
  const [row] = await suite.database.db.select().from(jobs).where(eq(jobs.name, name));
  return row!;
}

describe('running and retrying', () => {
  it('runs an enqueued job once and records its success', async () => {
    const name = uniqueName('once');
    const seen: unknown[] = [];
    const queue = queueWith({ [name]: async (payload) => void seen.push(payload) });
    await queue.enqueue(suite.database.db, name, { userId: 7 });
    await queue.idle();
    await queue.idle();
    expect(seen).toEqual([{ userId: 7 }]);
    expect(await jobRow(name)).toMatchObject({ state: 'succeeded', attempts: 1, lastError: null });
  });

  it('retries a failing job with growing delays, then succeeds', async () => {
    const name = uniqueName('flaky');
    const clock = createTestClock(new Date('2026-11-01T12:00:00Z'));
    let calls = 0;
    const queue = queueWith(
      {
        [name]: async () => {
          calls += 1;
          if (calls < 3) throw new Error(`the mail server said no (${calls})`);
        },
      },
      { clock: clock.now },
    );
    await queue.enqueue(suite.database.db, name);
    await queue.idle();
    let row = await jobRow(name);
    expect(row).toMatchObject({ state: 'queued', attempts: 1, lastError: 'the mail server said no (1)' });
    expect(row.runAt.getTime() - clock.now().getTime()).toBe(retryDelayMs(1));

    await queue.idle(); // not due yet: nothing runs
    expect(calls).toBe(1);

    clock.advanceMs(retryDelayMs(1));
    await queue.idle();
    row = await jobRow(name);
    expect(row).toMatchObject({ state: 'queued', attempts: 2 });
    expect(row.runAt.getTime() - clock.now().getTime()).toBe(retryDelayMs(2));
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

    clock.advanceMs(retryDelayMs(2));
    await queue.idle();
    expect(await jobRow(name)).toMatchObject({ state: 'succeeded', attempts: 3 });
  });

  it('gives up after its attempts and keeps the failure visible, until an operator retries it', async () => {
    const name = uniqueName('doomed');
    const clock = createTestClock();
    let isFixed = false;
    const queue = queueWith(
      {
        [name]: async () => {
          if (!isFixed) throw new Error('the blob store is unreachable');
        },
      },
      { clock: clock.now },
    );
    await queue.enqueue(suite.database.db, name, {}, { maxAttempts: 2 });
    await queue.idle();
    clock.advanceMs(retryDelayMs(1));
    await queue.idle();

    const failed = (await listJobs(suite.database.db, 'failed')).filter((job) => job.name === name);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ attempts: 2, maxAttempts: 2, lastError: 'the blob store is unreachable' });

    isFixed = true;
    expect(await retryFailedJob(suite.database.db, failed[0]!.id, clock.now())).toBe(true);
    await queue.idle();
    expect(await jobRow(name)).toMatchObject({ state: 'succeeded' });
  });

  it('coalesces jobs with one dedupe key while one waits, but not while it runs', async () => {
    const name = uniqueName('dedupe');
    let runs = 0;
    let queueAgainWhileRunning: (() => Promise<void>) | undefined;
    const queue = queueWith({
      [name]: async () => {
        runs += 1;
        await queueAgainWhileRunning?.();
        queueAgainWhileRunning = undefined;
      },
    });
    await queue.enqueue(suite.database.db, name, {}, { dedupeKey: `k:${name}` });
    await queue.enqueue(suite.database.db, name, {}, { dedupeKey: `k:${name}` });
    expect((await listJobs(suite.database.db, 'queued')).filter((job) => job.name === name)).toHaveLength(1);

    // A change that arrives while the job runs needs a run of its own.
    queueAgainWhileRunning = () => queue.enqueue(suite.database.db, name, {}, { dedupeKey: `k:${name}` });
    await queue.idle();
    expect(runs).toBe(2);
  });
});

describe('workers that die', () => {
  it('takes over a running job whose lease ran out (its worker died)', async () => {
    const name = uniqueName('orphan');
    const clock = createTestClock();
    await suite.database.db.insert(jobs).values({
      name,
      payload: {},
      state: 'running',
      attempts: 1,
      runAt: clock.now(),
      lockedUntil: new Date(clock.now().getTime() + 60_000),
      lockedBy: 'a-dead-worker',
      createdAt: clock.now(),
    });
    let runs = 0;
    const queue = queueWith({ [name]: async () => void (runs += 1) }, { clock: clock.now });
    await queue.idle();
    expect(runs).toBe(0); // its lease still holds: maybe the worker is just slow

    clock.advanceMs(60_000);
    await queue.idle();
    expect(runs).toBe(1);
    expect(await jobRow(name)).toMatchObject({ state: 'succeeded', attempts: 2 });
  });

  it('on the embedded database, runs jobs left running by the previous process as soon as it starts', async () => {
    const name = uniqueName('crashed');
    const clock = createTestClock();
    await suite.database.db.insert(jobs).values({
      name,
      payload: {},
      state: 'running',
      attempts: 1,
      runAt: clock.now(),
      lockedUntil: new Date(clock.now().getTime() + 60_000),
      lockedBy: 'the-process-that-died',
      createdAt: clock.now(),
    });
    let ran!: () => void;
    const done = new Promise<void>((resolve) => (ran = resolve));
    const queue = queueWith({ [name]: async () => ran() }, { clock: clock.now, isSoleWorker: true });
    await queue.start();
    await done;
    await queue.stop();
    expect(await jobRow(name)).toMatchObject({ state: 'succeeded' });
  });
});

describe('schedules', () => {
  it('enqueue their job once per interval, however many instances look', async () => {
    const job = uniqueName('sweep');
    const schedule = { name: uniqueName('schedule'), job, intervalMs: 60 * 60_000 };
    const clock = createTestClock();
    let runs = 0;
    const handlers = { [job]: async () => void (runs += 1) };
    const instanceA = queueWith(handlers, { clock: clock.now, schedules: [schedule] });
    const instanceB = queueWith(handlers, { clock: clock.now, schedules: [schedule] });
    await instanceA.start();
    await instanceB.start();
    await Promise.all([instanceA.idle(), instanceB.idle()]);
    expect(runs).toBe(1); // a new schedule is due at once, and runs once

    await Promise.all([instanceA.idle(), instanceB.idle()]);
    expect(runs).toBe(1); // not due again yet

    clock.advanceMs(schedule.intervalMs);
    await Promise.all([instanceA.idle(), instanceB.idle()]);
    expect(runs).toBe(2);
    await Promise.all([instanceA.stop(), instanceB.stop()]);
  });

  it('run after a restart when they came due while the server was down', async () => {
    const job = uniqueName('due-while-down');
    const schedule = { name: uniqueName('schedule'), job, intervalMs: 60 * 60_000 };
    const clock = createTestClock();
    let runs = 0;
    const handlers = { [job]: async () => void (runs += 1) };
    const before = queueWith(handlers, { clock: clock.now, schedules: [schedule] });
    await before.start();
    await before.idle();
    await before.stop();
    expect(runs).toBe(1);

    clock.advanceMs(3 * schedule.intervalMs); // down for three hours
    const after = queueWith(handlers, { clock: clock.now, schedules: [schedule] });
    await after.start();
    await after.idle();
    await after.stop();
    expect(runs).toBe(2); // one catch-up run, not three
    const [row] = await suite.database.db.select().from(jobSchedules).where(eq(jobSchedules.name, schedule.name));
    expect(row!.nextRunAt.getTime()).toBe(clock.now().getTime() + schedule.intervalMs);
  });
});

describe('work queued by a request', () => {
  it('survives the process: a re-score queued before a restart runs in the next one', async () => {
    const client = new TestClient(suite.app);
    const { user } = await client.register('startup');
    const saved = await client.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody() }, { waitForBackground: false });
    expect(saved.statusCode).toBe(200);
    const queued = (await listJobs(suite.database.db, 'queued')).filter((job) => job.name === 'matching.rescore-pending');
    expect(queued).toHaveLength(1);

    // The next process on the same database runs it.
    const nextProcess = await buildTestApp(suite.database);
    try {
      await nextProcess.jobs.idle();
    } finally {
      await nextProcess.close();
    }
    const [row] = await suite.database.db.select().from(jobs).where(eq(jobs.id, queued[0]!.id));
    expect(row).toMatchObject({ state: 'succeeded', payload: { userId: user.id, userType: 'startup' } });
  });
});
