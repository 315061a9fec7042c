// The app's durable jobs and recurring schedules in one table: what each job name runs, and how
// often each sweep comes due. Features enqueue by name (JOB_NAMES); the worker in jobs/ runs them.
// Every job runs for nobody in particular: its services get one context with `actor: null`.
import path from 'node:path';
import type { Actor } from './actor';
import type { AppDatabase } from './db/client';
import type { Env } from './env';
import {
  ACCOUNT_JOBS,
  DELETE_ACCOUNT_BLOBS_JOB,
  deleteAccountBlobs,
  deleteExpiredSessions,
  sendPasswordResetEmail,
  sendVerificationEmail,
  type SessionContext,
  type SessionPolicy,
} from './features/auth';
import { announceGrantExpiry, GRANT_EXPIRY_JOB, SEND_LINK_CODE_JOB, sendVisitorCode, sweepOrphanBlobs, sweepStaleUploads } from './features/data-room';
import { backfillCountryCodes, checkSavedSearchAlerts, COUNTRY_CODE_JOB, SAVED_SEARCH_ALERTS_JOB } from './features/discovery';
import {
  expireUnansweredRequests,
  INTAKE_JOBS,
  learnFromDecision,
  MATCHING_JOBS,
  releaseQueuedRequests,
  rescorePendingMatches,
  type DecisionToLearn,
  type MatchingContext,
  type MatchingEngineStore,
} from './features/matching';
import {
  deliverNotification,
  NOTIFICATION_EMAIL_JOBS,
  NOTIFICATION_JOBS,
  remindDueMilestones,
  scheduleDueDigests,
  sendDigest,
  sendNotificationEmail,
  sendUnreadMessagesEmail,
  sweepOldNotifications,
  type NotificationEmailContext,
} from './features/notifications';
import { sweepAnonymousTraffic } from './features/security';
import { createJobQueue, deleteFinishedJobs, type JobHandler, type JobQueue, type Schedule } from './jobs/job-queue';
import { createMailer, MAIL_SEND_JOB, mailSendJobHandler, outboxDirFor, type MailContext, type Mailer } from './mail';
import type { EventHub } from './realtime/event-hub';
import type { ServiceLog, SystemContext } from './service-context';
import type { BlobStore } from './storage/blob-store';
import type { UserType } from '../shared/enums';

export const JOB_NAMES = {
  rescorePendingMatches: MATCHING_JOBS.rescorePending,
  learnFromDecision: MATCHING_JOBS.learnFromDecision,
  releaseQueuedRequests: INTAKE_JOBS.releaseQueuedRequests,
  expireUnansweredRequests: INTAKE_JOBS.expireUnansweredRequests,
  dataRoomHousekeeping: 'data-room.housekeeping',
  dataRoomGrantExpired: GRANT_EXPIRY_JOB,
  savedSearchAlerts: SAVED_SEARCH_ALERTS_JOB,
  backfillCountryCodes: COUNTRY_CODE_JOB,
  deleteExpiredSessions: 'auth.delete-expired-sessions',
  sweepAnonymousTraffic: 'security.sweep-anonymous-traffic',
  deleteFinishedJobs: 'jobs.delete-finished',
  sendEmail: MAIL_SEND_JOB,
  deliverNotification: NOTIFICATION_JOBS.deliver,
  remindDueMilestones: NOTIFICATION_JOBS.remindDueMilestones,
  sweepNotifications: NOTIFICATION_JOBS.sweep,
  sendNotificationEmail: NOTIFICATION_EMAIL_JOBS.notification,
  sendUnreadMessagesEmail: NOTIFICATION_EMAIL_JOBS.unreadMessages,
  scheduleDigests: NOTIFICATION_EMAIL_JOBS.scheduleDigests,
  sendDigest: NOTIFICATION_EMAIL_JOBS.digest,
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
  // Hourly, so a milestone is announced within an hour of coming within 24 h of its date.
  { name: 'milestones-due', job: JOB_NAMES.remindDueMilestones, intervalMs: HOUR_MS },
  { name: 'notification-retention', job: JOB_NAMES.sweepNotifications, intervalMs: 24 * HOUR_MS },
  // Hourly: each user's digest goes out in the hours from 08:00 in their own time zone.
  { name: 'notification-digests', job: JOB_NAMES.scheduleDigests, intervalMs: HOUR_MS },
  // The directory (docs/discovery.md): saved-search alerts hourly; and the country of profiles
  // written without a save (the demo seed, rows from before the column), at start and then daily.
  { name: 'saved-search-alerts', job: JOB_NAMES.savedSearchAlerts, intervalMs: HOUR_MS },
  { name: 'profile-country-codes', job: JOB_NAMES.backfillCountryCodes, intervalMs: 24 * HOUR_MS },
  // Fair intake (docs/intake.md): queued requests go out within an hour of Monday 00:00 UTC, and
  // unanswered ones expire within a day of their 30th.
  { name: 'intake-release', job: JOB_NAMES.releaseQueuedRequests, intervalMs: HOUR_MS },
  { name: 'intake-expiry', job: JOB_NAMES.expireUnansweredRequests, intervalMs: 24 * HOUR_MS },
];

type JobLog = Pick<ServiceLog, 'info' | 'warn' | 'error'> & Partial<Pick<ServiceLog, 'debug'>>;

export interface AppJobDeps {
  db: AppDatabase;
  clock: () => Date;
  log: JobLog;
  /** Live updates from what jobs change. Scripts and tests that run jobs without the app may leave it out: nobody is listening. */
  events?: EventHub;
  engines: MatchingEngineStore;
  blobs?: BlobStore;
  env: Pick<
    Env,
    'DATA_DIR' | 'RETENTION_ANONYMOUS_EVENT_DAYS' | 'RETENTION_MAX_ANONYMOUS_EVENTS' | 'RETENTION_MAX_RATE_LIMIT_ROWS' | 'MAIL_FROM' | 'APP_ORIGIN' | 'PORT'
  >;
  /** Where emails go (the app's mailer). Scripts and tests that run jobs without the app may leave it out: emails then go to the outbox under DATA_DIR. */
  mailer?: Mailer;
  sessionPolicy: SessionPolicy;
  isSoleWorker: boolean;
}

/** What every job's services receive: the app's collaborators, acting for nobody. */
export interface JobContext extends SystemContext, MatchingContext<null>, SessionContext, MailContext {
  actor: null;
}

/** A hub that delivers nothing, for work that runs where no browser is listening (the demo seed, scripts). */
export const SILENT_EVENTS: EventHub = {
  publish: async () => {},
  subscribe: () => () => {},
  observe: () => () => {},
  start: async () => {},
  stop: async () => {},
};

/** A service log over a logger that may not have `debug` (a script's console-like logger). */
function serviceLog(log: JobLog): ServiceLog {
  return {
    debug: (obj, msg) => log.debug?.(obj, msg),
    info: (obj, msg) => log.info(obj, msg),
    warn: (obj, msg) => log.warn(obj, msg),
    error: (obj, msg) => log.error(obj, msg),
  };
}

/**
 * The jobs the features' own services enqueue (matching's re-scores and learning, and the
 * notifications every decision, message and plan change announces): the demo seed and the bench
 * seed play those services without the rest of the app, so they run these. The context is read
 * when a job runs, because it names the queue the handlers are given to.
 */
export function matchingJobHandlers(context: () => MatchingContext<Actor | null>): Record<string, JobHandler> {
  return {
    [JOB_NAMES.rescorePendingMatches]: async (payload) => {
      await rescorePendingMatches(context(), { id: Number(payload.userId), userType: payload.userType as UserType });
    },
    [JOB_NAMES.learnFromDecision]: (payload) => learnFromDecision(context(), payload as unknown as DecisionToLearn),
    [JOB_NAMES.deliverNotification]: (payload, { jobId }) => deliverNotification(context(), { payload, jobId }),
    // A share with an end date schedules this at that date (the seeds may share so too).
    [JOB_NAMES.dataRoomGrantExpired]: async (payload) => {
      await announceGrantExpiry(context(), {
        documentId: Number(payload.documentId),
        investorId: Number(payload.investorId),
        expiresAt: String(payload.expiresAt),
      });
    },
    // Delivery enqueues these; the seeds' accounts have no inboxes, so there they are dropped. The
    // app's queue replaces them with the senders (createAppJobQueue).
    [JOB_NAMES.sendNotificationEmail]: async () => {},
    [JOB_NAMES.sendUnreadMessagesEmail]: async () => {},
  };
}

/** Where email links point: APP_ORIGIN (required in production), else this machine's own port. */
export function emailOrigin(env: Pick<Env, 'APP_ORIGIN' | 'PORT'>): string {
  return env.APP_ORIGIN ?? `http://localhost:${env.PORT}`;
}

export function createAppJobQueue(deps: AppJobDeps): JobQueue {
  const { db, clock, log } = deps;
  // One context for every job. It names the queue (a job may enqueue more), so it is made once
  // the queue exists; handlers read it when they run, which is never before that.
  const ctx = (): JobContext => jobContext;
  const mailer = deps.mailer ?? createMailer({ from: deps.env.MAIL_FROM, outboxDir: outboxDirFor(deps.env.DATA_DIR), log, clock });
  const emailCtx = (): NotificationEmailContext => ({ ...jobContext, origin: emailOrigin(deps.env) });
  const handlers: Record<string, JobHandler> = {
    ...matchingJobHandlers(ctx),
    [JOB_NAMES.sendNotificationEmail]: (payload) =>
      sendNotificationEmail(emailCtx(), { userId: Number(payload.userId), notificationId: Number(payload.notificationId) }),
    [JOB_NAMES.sendUnreadMessagesEmail]: (payload) =>
      sendUnreadMessagesEmail(emailCtx(), { userId: Number(payload.userId), partnerId: Number(payload.partnerId) }),
    [JOB_NAMES.scheduleDigests]: async () => {
      const scheduled = await scheduleDueDigests(ctx());
      if (scheduled > 0) log.info({ scheduled }, 'digests scheduled');
    },
    [JOB_NAMES.sendDigest]: async (payload) => {
      await sendDigest(emailCtx(), { userId: Number(payload.userId), localDate: String(payload.localDate) });
    },
    [JOB_NAMES.dataRoomHousekeeping]: async () => {
      const orphanBlobs = deps.blobs ? await sweepOrphanBlobs({ ...ctx(), blobs: deps.blobs }) : 0;
      // The upload temp dir is this instance's own disk; other instances sweep theirs at start.
      const staleUploads = await sweepStaleUploads({ ...ctx(), uploadTmpDir: path.join(deps.env.DATA_DIR, 'tmp') });
      if (orphanBlobs + staleUploads > 0) log.info({ orphanBlobs, staleUploads }, 'data room housekeeping removed leftovers');
    },
    [JOB_NAMES.deleteExpiredSessions]: () => deleteExpiredSessions(ctx()),
    [JOB_NAMES.sweepAnonymousTraffic]: async () => {
      const result = await sweepAnonymousTraffic(ctx(), {
        anonymousEventDays: deps.env.RETENTION_ANONYMOUS_EVENT_DAYS,
        maxAnonymousEvents: deps.env.RETENTION_MAX_ANONYMOUS_EVENTS,
        maxRateLimitRows: deps.env.RETENTION_MAX_RATE_LIMIT_ROWS,
      });
      if (Object.values(result).some((count) => count > 0)) log.info(result, 'retention sweep removed anonymous-traffic rows');
    },
    [JOB_NAMES.deleteFinishedJobs]: async () => {
      await deleteFinishedJobs(db, clock(), { succeededDays: 7, failedDays: 30 });
    },
    [JOB_NAMES.sendEmail]: mailSendJobHandler({ mailer, log }),
    [JOB_NAMES.remindDueMilestones]: async () => {
      const delivered = await remindDueMilestones(ctx());
      if (delivered > 0) log.info({ delivered }, 'due-milestone reminders delivered');
    },
    [JOB_NAMES.releaseQueuedRequests]: async () => {
      const delivered = await releaseQueuedRequests(ctx());
      if (delivered > 0) log.info({ delivered }, 'queued connection requests released');
    },
    [JOB_NAMES.expireUnansweredRequests]: async () => {
      const expired = await expireUnansweredRequests(ctx());
      if (expired > 0) log.info({ expired }, 'unanswered connection requests expired');
    },
    [JOB_NAMES.savedSearchAlerts]: async () => {
      const notified = await checkSavedSearchAlerts(ctx());
      if (notified > 0) log.info({ notified }, 'saved-search alerts raised');
    },
    [JOB_NAMES.backfillCountryCodes]: async () => {
      const filled = await backfillCountryCodes(ctx());
      if (filled > 0) log.info({ filled }, 'profile countries derived from their locations');
    },
    [JOB_NAMES.sweepNotifications]: async () => {
      const removed = await sweepOldNotifications(ctx());
      if (removed > 0) log.info({ removed }, 'notification retention sweep removed old notifications');
    },
    // Emails with a token: the handler makes the token as it sends, so no token is ever in a payload.
    [ACCOUNT_JOBS.sendPasswordReset]: (payload) => sendPasswordResetEmail(ctx(), { email: String(payload.email), origin: String(payload.origin) }),
    [ACCOUNT_JOBS.sendEmailVerification]: (payload) => sendVerificationEmail(ctx(), { userId: Number(payload.userId), origin: String(payload.origin) }),
    // A secure link's code: made by the job as it sends, so no code is ever in a payload.
    [SEND_LINK_CODE_JOB]: (payload) => sendVisitorCode(ctx(), { sessionId: Number(payload.sessionId) }),
    // A deleted account's document bytes (the rows went in the deletion's transaction). Without a
    // store (scripts), it fails and retries until the app's worker, which has one, runs it.
    [DELETE_ACCOUNT_BLOBS_JOB]: async (payload) => {
      if (!deps.blobs) throw new Error('No blob store here to delete a deleted account’s documents from');
      await deleteAccountBlobs({ ...ctx(), blobs: deps.blobs }, { keys: payload.keys });
    },
  };
  const queue = createJobQueue({ db, clock, log, handlers, schedules: SCHEDULES, isSoleWorker: deps.isSoleWorker });
  const jobContext: JobContext = {
    db,
    clock,
    actor: null,
    events: deps.events ?? SILENT_EVENTS,
    jobs: queue,
    log: serviceLog(log),
    matchingEngines: deps.engines,
    sessionPolicy: deps.sessionPolicy,
    mailer,
  };
  return queue;
}
