// The context the app hands to services: the shared ServiceContext plus what some features need
// beyond it. Each feature states its extra fields in its own context type (a data-room service
// takes `DataRoomContext`, say); this one object satisfies every feature's type, so a route passes
// `ctx` to any service. Built once per request by `app.serviceContext(request)`, and once with
// `actor: null` for jobs (app-jobs.ts).
import type { Actor } from './actor';
import type { LoginThrottle, RegistrationThrottle, SessionPolicy } from './features/auth';
import type { MatchingEngineStore } from './features/matching';
import type { Mailer } from './mail';
import type { ServiceContext, ServiceLog } from './service-context';
import type { BlobStore } from './storage/blob-store';

/** This instance's long-lived collaborators, shared by every context it builds. */
export interface AppServices {
  /** Document bytes: the disk under DATA_DIR, or S3-compatible storage. */
  blobs: BlobStore;
  /** Where uploads are spooled while they are checked, before they reach `blobs`. */
  uploadTmpDir: string;
  /** This instance's in-memory matching engine, synced from the database before each use. */
  matchingEngines: MatchingEngineStore;
  sessionPolicy: SessionPolicy;
  loginThrottle: LoginThrottle;
  registrationThrottle: RegistrationThrottle;
  /** Where emails go: SMTP_URL, else the outbox (mail/mailer.ts). Services send through it inside jobs. */
  mailer: Mailer;
}

export type AppContext<A extends Actor | null = Actor> = ServiceContext<A> & AppServices;

/** A request's context: the instance's collaborators, the caller, and the request's own logger. */
export function contextFor<A extends Actor | null>(base: Omit<AppContext<null>, 'actor' | 'log'>, actor: A, log: ServiceLog): AppContext<A> {
  return { ...base, actor, log };
}
