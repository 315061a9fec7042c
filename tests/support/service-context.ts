// Service contexts for tests that call a service directly: the test app's own collaborators (its
// database, clock, event hub, job queue, engine), acting for whom the test says, with a quiet log.
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../src/server/actor';
import { contextFor, type AppContext } from '../../src/server/app-context';
import type { ServiceLog } from '../../src/server/service-context';

export const QUIET_LOG: ServiceLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** The context a route of `app` would hand a service, for `actor` (null: a job's or a sweep's). */
export function serviceContext<A extends Actor | null = null>(app: FastifyInstance, actor: A = null as A): AppContext<A> {
  return contextFor(app.contextBase, actor, QUIET_LOG);
}
