// Health endpoints for load balancers and orchestrators (docs/operations.md). Unauthenticated,
// cheap, and never logged:
// - GET /healthz: the process is up and serving (liveness). Touches nothing else.
// - GET /readyz: this instance can do useful work: the database answers and has every migration
//   this build ships. Otherwise 503 with Retry-After, so traffic goes to another instance.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { MIGRATIONS_FOLDER } from '../db/migrate';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../../shared/errors';

export const HEALTH_PATHS = ['/healthz', '/readyz'] as const;
const RETRY_AFTER_SECONDS = '5';

/** How many migrations this build ships (drizzle-kit's journal lists each one). */
function shippedMigrationCount(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

export function registerHealthRoutes(app: FastifyInstance): void {
  const expectedMigrations = shippedMigrationCount();

  app.get('/healthz', async (_request, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    let applied: number;
    try {
      const [row] = await queryRows<{ applied: number }>(app.db, sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
      applied = Number(row?.applied ?? 0);
    } catch (error) {
      app.log.warn({ err: error }, 'readiness check: the database did not answer');
      return reply.code(503).header('Retry-After', RETRY_AFTER_SECONDS).send({ status: 'unavailable', message: SERVICE_UNAVAILABLE_MESSAGE });
    }
    if (applied < expectedMigrations) {
      return reply
        .code(503)
        .header('Retry-After', RETRY_AFTER_SECONDS)
        .send({ status: 'migrating', message: `The database has ${applied} of ${expectedMigrations} migrations; this instance waits until it is up to date.` });
    }
    return reply.send({ status: 'ready' });
  });
}
