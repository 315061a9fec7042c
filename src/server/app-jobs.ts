// The app's durable jobs and recurring schedules in one table: what each job name runs, and how
// often each sweep comes due. Features enqueue by name (JOB_NAMES); the worker in jobs/ runs them.
import path from 'node:path';
import type { AppDatabase } from './db/client';
import type { Env } from './env';
import { deleteExpiredSessions, type SessionPolicy } from './features/auth';
import { sweepOrphanBlobs, sweepStaleUploads } from './features/data-room';
import { learnFromDecision, MATCHING_JOBS, rescorePendingMatches, type DecisionToLearn, type MatchingEngineStore } from './features/matching';
import { sweepAnonymousTraffic } from './features/security';
import { createJobQueue, deleteFinishedJobs, type JobHandler, type JobQueue, type Schedule } from './jobs/job-queue';
import type { BlobStore } from './storage/blob-store';
import type { UserType } from '../shared/enums';

export const JOB_NAMES = {
  rescorePendingMatches: MATCHING_JOBS.rescorePending,
  learnFromDecision: MATCHING_JOBS.learnFromDecision,
  dataRoomHousekeeping: 'data-room.housekeeping',
  deleteExpiredSessions: 'auth.delete-expired-sessions',
  sweepAnonymousTraffic: 'security.sweep-anonymous-traffic',
  deleteFinishedJobs: 'jobs.delete-finished',
} as const;

const HOUR_MS = 60 * 60_000;

/** Recurring work. Each runs once at the first start, then every interval, on one instance. */
export const SCHEDULES: Schedule[] = [
  // Orphaned blobs (a row that never committed) and upload temp files cut off by a crash.
  { name: 'data-room-housekeeping', job: JOB_NAMES.dataRoomHousekeeping, intervalMs: HOUR_MS },
  // Sessions are also deleted when presented after expiry; this catches the ones never seen again.
  { name: 'expired-sessions', job: JOB_NAMES.deleteExpiredSessions, intervalMs: HOUR_MS },
  { name: 'anonymous-traffic-retention', job: JOB_NAMES.sweepAnonymousTraffic, intervalMs: HOUR_MS },
  { name: 'finished-jobs', job: JOB_NAMES.deleteFinishedJobs, intervalMs: 24 * HOUR_MS },
];

export interface AppJobDeps {
  db: AppDatabase;
  clock: () => Date;
  log: { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
  engines: MatchingEngineStore;
  blobs?: BlobStore;
  env: Pick<Env, 'DATA_DIR' | 'RETENTION_ANONYMOUS_EVENT_DAYS' | 'RETENTION_MAX_ANONYMOUS_EVENTS' | 'RETENTION_MAX_RATE_LIMIT_ROWS'>;
  sessionPolicy: SessionPolicy;
  isSoleWorker: boolean;
}

/** Matching's jobs on their own: the demo seed runs them without the rest of the app. */
export function matchingJobHandlers(deps: Pick<AppJobDeps, 'db' | 'engines' | 'clock'>): Record<string, JobHandler> {
  const { db, engines, clock } = deps;
  return {
    [JOB_NAMES.rescorePendingMatches]: async (payload) => {
      await rescorePendingMatches({ db, engines }, { id: Number(payload.userId), userType: payload.userType as UserType }, clock());
    },
    [JOB_NAMES.learnFromDecision]: (payload) => learnFromDecision({ db, engines }, payload as unknown as DecisionToLearn),
  };
}

export function createAppJobQueue(deps: AppJobDeps): JobQueue {
  const { db, clock, log } = deps;
  const handlers: Record<string, JobHandler> = {
    ...matchingJobHandlers(deps),
    [JOB_NAMES.dataRoomHousekeeping]: async () => {
      const orphanBlobs = deps.blobs ? await sweepOrphanBlobs({ db, blobs: deps.blobs, now: clock }) : 0;
      // The upload temp dir is this instance's own disk; other instances sweep theirs at start.
      const staleUploads = await sweepStaleUploads(path.join(deps.env.DATA_DIR, 'tmp'), clock());
      if (orphanBlobs + staleUploads > 0) log.info({ orphanBlobs, staleUploads }, 'data room housekeeping removed leftovers');
    },
    [JOB_NAMES.deleteExpiredSessions]: () => deleteExpiredSessions(db, clock(), deps.sessionPolicy),
    [JOB_NAMES.sweepAnonymousTraffic]: async () => {
      const result = await sweepAnonymousTraffic(db, clock(), {
        anonymousEventDays: deps.env.RETENTION_ANONYMOUS_EVENT_DAYS,
        maxAnonymousEvents: deps.env.RETENTION_MAX_ANONYMOUS_EVENTS,
        maxRateLimitRows: deps.env.RETENTION_MAX_RATE_LIMIT_ROWS,
      });
      if (Object.values(result).some((count) => count > 0)) log.info(result, 'retention sweep removed anonymous-traffic rows');
    },
    [JOB_NAMES.deleteFinishedJobs]: async () => {
      await deleteFinishedJobs(db, clock(), { succeededDays: 7, failedDays: 30 });
    },
  };
  return createJobQueue({ db, clock, log, handlers, schedules: SCHEDULES, isSoleWorker: deps.isSoleWorker });
}
