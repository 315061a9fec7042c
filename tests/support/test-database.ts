// One database per test suite: the migrated PGlite snapshot by default, or, when
// TEST_DATABASE_URL is set, a fresh database created on that PostgreSQL server and dropped after.
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { connectPostgres, wrapPglite, type DatabaseHandle } from '../../src/server/db/client';
import { PGLITE_EXTENSIONS } from '../../src/server/db/pglite-extensions';
import { runMigrations } from '../../src/server/db/migrate';

const quietLogger = { error: () => {} };

export function isPostgresRun(): boolean {
  return Boolean(process.env.TEST_DATABASE_URL);
}

/**
 * A database for one suite, migrated to the latest migration; `{ migrated: false }` gives an empty
 * one instead, for tests that apply migrations themselves (tests/support/migrations.ts).
 */
export async function openTestDatabase({ migrated = true } = {}): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    if (!migrated) return wrapPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
    const snapshot = readFileSync(inject('pgliteSnapshotPath'));
    const pglite = await PGlite.create({ loadDataDir: new Blob([snapshot]), extensions: PGLITE_EXTENSIONS });
    return wrapPglite(pglite);
  }

  const name = `vm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = connectPostgres(url.toString(), quietLogger);
  if (migrated) await runMigrations(handle);
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
