// Applies the committed SQL migrations in drizzle/ at start-up, on either driver.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DatabaseHandle } from './client';

// This file runs from src/server/db (tsx, vitest) and bundled into dist/server: look upwards for drizzle/.
function findMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 5; depth++) {
    const candidate = path.join(dir, 'drizzle', 'meta', '_journal.json');
    if (existsSync(candidate)) return path.join(dir, 'drizzle');
    dir = path.dirname(dir);
  }
  throw new Error('Cannot find the drizzle/ migrations folder next to the application.');
}

export const MIGRATIONS_FOLDER = findMigrationsFolder();

// Any constant works; it only has to be the same for every instance of this app.
const MIGRATION_LOCK_KEY = 727_001;

export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, config);
    return;
  }
  // Several instances may start together: a session-level advisory lock lets one migrate at a time.
  const client = await handle.pool!.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(handle.db as unknown as NodePgDatabase, config);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}
