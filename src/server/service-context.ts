// The one signature of every service function: `(ctx, input)`. The context carries what a piece of
// work needs from its surroundings (the database, the time, who asks, how to announce and defer
// work, where to log), so a service never reaches for a global: tests pass a fixed clock and a
// chosen actor, jobs pass `actor: null`, and a transaction is the same context with `db` swapped.
// It lives outside http/ and outside any feature: services depend on the idea of a caller, not on
// Fastify. Features that need more (blob storage, the matching engine, the login throttle) extend
// it with their own fields; the app builds one object that satisfies all of them (app-context.ts).
import type { Actor } from './actor';
import type { AppDatabase } from './db/client';
import type { JobQueue } from './jobs/job-queue';
import type { EventHub } from './realtime/event-hub';

/** The subset of pino a service uses; request loggers already say which request and user. */
export interface ServiceLog {
  debug(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface ServiceContext<A extends Actor | null = Actor> {
  /** The database, or the open transaction when the caller wants this work inside its own. */
  db: AppDatabase;
  /** The only source of "now" in services (tests move it; nothing reads Date.now()). */
  clock: () => Date;
  /** Who the work is for: the signed-in user, or null for jobs, sweeps and the demo seed. */
  actor: A;
  /** Live updates to open browser tabs, delivered when the transaction commits. */
  events: EventHub;
  /** Durable background work, enqueued in the same transaction as the change that needs it. */
  jobs: JobQueue;
  log: ServiceLog;
}

/** Work done for nobody in particular: jobs, sweeps, migrations, the demo seed. */
export type SystemContext = ServiceContext<null>;

/** The same context inside a transaction: everything the service does there commits together. */
export function inTransaction<C extends ServiceContext<Actor | null>>(ctx: C, tx: AppDatabase): C {
  return { ...ctx, db: tx };
}

/** The same context acting for another user (the system acting for one, or a test switching sides). */
export function actingFor<C extends ServiceContext<Actor | null>>(ctx: C, actor: Actor): C & { actor: Actor } {
  return { ...ctx, actor };
}
