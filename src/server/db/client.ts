// The database driver factory: PostgreSQL through `pg` when DATABASE_URL is set, otherwise the
// embedded PGlite (real Postgres in WASM) persisted under DATA_DIR. Both speak the same SQL and
// share one migration history, so every feature is written once. The embedded database runs in a
// worker thread (embedded-worker.ts, ADR 0034) so that its queries do not block HTTP work; tests
// may still wrap an in-process PGlite (wrapPglite), which behaves the same to the services.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import { lockDataDir } from './data-dir-lock';
import { EmbeddedWorkerClient } from './embedded-worker-driver';

export type AppDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<AppDatabase['transaction']>[0]>[0];
/** Either the database or an open transaction: services accept both so callers can compose writes. */
export type DbExecutor = AppDatabase | Transaction;

/**
 * Runs a raw SQL statement and returns its rows. Both drivers answer `{ rows }`, but Drizzle's
 * common type leaves the result unknown; this is the one place that says so.
 */
export async function queryRows<Row>(db: DbExecutor, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

export interface DatabaseHandle {
  kind: 'postgres' | 'pglite';
  db: AppDatabase;
  /** The raw PGlite instance, when embedded in this thread (tests snapshot it). */
  pglite?: PGlite;
  /**
   * LISTEN on the embedded database (the live event hub's fan-out): calls onPayload for each
   * NOTIFY on channel until the returned function is called. PostgreSQL listens on its own
   * connection instead (connectionString).
   */
  listen?: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  /** The pg pool, when on PostgreSQL. */
  pool?: pg.Pool;
  /** The PostgreSQL URL, for connections that cannot come from the pool (LISTEN). */
  connectionString?: string;
  close(): Promise<void>;
}

interface Logger {
  error(obj: unknown, msg?: string): void;
}

const silentLogger: Logger = { error: () => {} };

export function connectPostgres(databaseUrl: string, logger: Logger): DatabaseHandle {
  // A bounded wait for a connection: with the database down, requests fail fast with a 503
  // (http/error-handler.ts) instead of hanging until the client gives up.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
  // Without a listener an idle client's error (e.g. the server restarting) would crash the process.
  pool.on('error', (error) => logger.error({ err: error }, 'PostgreSQL pool client error'));
  const db = drizzlePg(pool, { schema }) as unknown as AppDatabase;
  return { kind: 'postgres', db, pool, connectionString: databaseUrl, close: () => pool.end() };
}

/** Wraps an already-open PGlite (tests load a migrated snapshot into one). */
export function wrapPglite(pglite: PGlite, release: () => Promise<void> = async () => {}): DatabaseHandle {
  const db = drizzlePglite(pglite, { schema }) as unknown as AppDatabase;
  return {
    kind: 'pglite',
    db,
    pglite,
    listen: (channel, onPayload) => pglite.listen(channel, onPayload),
    async close() {
      await pglite.close();
      await release();
    },
  };
}

/**
 * Opens the embedded database under dataDir in a worker thread, holding the directory lock (in
 * this thread, with this process's pid) until close().
 */
export async function openEmbedded(dataDir: string, logger: Logger = silentLogger): Promise<DatabaseHandle> {
  const root = path.resolve(dataDir);
  mkdirSync(root, { recursive: true });
  const release = await lockDataDir(root);
  let client: EmbeddedWorkerClient;
  try {
    // A thread that dies (out of memory, a WebAssembly abort) fails every query from then on with
    // a 503 and /readyz goes red; the error is logged once here.
    client = await EmbeddedWorkerClient.start(path.join(root, 'pglite'), (error) => logger.error({ err: error }, 'the embedded database thread stopped'));
  } catch (error) {
    await release();
    throw error;
  }
  const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as AppDatabase;
  return {
    kind: 'pglite',
    db,
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    async close() {
      try {
        await client.close();
      } finally {
        await release();
      }
    },
  };
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }, logger: Logger): Promise<DatabaseHandle> {
  return options.databaseUrl ? connectPostgres(options.databaseUrl, logger) : openEmbedded(options.dataDir, logger);
}
