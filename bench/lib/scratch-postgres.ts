// A throwaway PostgreSQL database for one benchmark run: created under a random name on the
// server at TEST_DATABASE_URL, migrated, handed to the run, then dropped (or kept, with its name
// printed, when BENCH_KEEP_DATABASE=1, to EXPLAIN the queries by hand).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectPostgres, type DatabaseHandle } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const KEEP_DATABASE = process.env.BENCH_KEEP_DATABASE === '1';

export async function withScratchPostgres(prefix: string, run: (database: DatabaseHandle) => Promise<void>): Promise<void> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  // Dropping the database at the end may cut a pool connection that is still closing; only
  // errors before that are worth printing.
  let isTearingDown = false;
  const database = connectPostgres(url.toString(), { error: (...args: unknown[]) => void (isTearingDown || console.error(...args)) });
  try {
    await runMigrations(database);
    await run(database);
  } finally {
    isTearingDown = true;
    await database.close();
    if (KEEP_DATABASE) console.log(`Kept the database ${name} (drop it with: dropdb -h 127.0.0.1 -U postgres ${name})`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
