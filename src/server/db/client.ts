// The database driver factory: PostgreSQL through `pg` when DATABASE_URL is set, otherwise the
// embedded PGlite (real Postgres in WASM) persisted under DATA_DIR. Both speak the same SQL and
// share one migration history, so every feature is written once.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import { lockDataDir } from './data-dir-lock';

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
  /** The raw PGlite instance, when embedded (tests snapshot it; real-time uses its listen()). */
  pglite?: PGlite;
  /** The pg pool, when on PostgreSQL. */
  pool?: pg.Pool;
  /** The PostgreSQL URL, for connections that cannot come from the pool (LISTEN). */
  connectionString?: string;
  close(): Promise<void>;
}

interface Logger {
  error(obj: unknown, msg?: string): void;
}

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
    async close() {
      await pglite.close();
      await release();
    },
  };
}

/** Opens the embedded database under dataDir, holding the directory lock for the process lifetime. */
export async function openEmbedded(dataDir: string): Promise<DatabaseHandle> {
  const root = path.resolve(dataDir);
  mkdirSync(root, { recursive: true });
  const release = await lockDataDir(root);
  try {
    const pglite = await PGlite.create(path.join(root, 'pglite'));
    return wrapPglite(pglite, release);
  } catch (error) {
    await release();
    throw error;
  }
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }, logger: Logger): Promise<DatabaseHandle> {
  return options.databaseUrl ? connectPostgres(options.databaseUrl, logger) : openEmbedded(options.dataDir);
}
