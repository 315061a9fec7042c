// Applies the committed migrations only up to a given one, so a test can build a database as an
// earlier release left it, write rows in that release's shape, and then watch the next migration
// (applied by the app's own runMigrations) turn them into today's shape.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DatabaseHandle } from '../../src/server/db/client';
import { MIGRATIONS_FOLDER } from '../../src/server/db/migrate';

interface Journal {
  entries: Array<{ idx: number; tag: string }>;
}

/** Applies every committed migration up to and including `lastTag` (e.g. '0006_jobs'). */
export async function migrateUpTo(handle: DatabaseHandle, lastTag: string): Promise<void> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal;
  const last = journal.entries.find((entry) => entry.tag === lastTag);
  if (!last) throw new Error(`No migration ${lastTag} in ${MIGRATIONS_FOLDER}`);
  // The migrators read a folder's journal: a copy whose journal stops at `lastTag`.
  const folder = mkdtempSync(path.join(os.tmpdir(), 'vm-migrations-'));
  try {
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    writeFileSync(
      path.join(folder, 'meta', '_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.filter((entry) => entry.idx <= last.idx) }),
    );
    const config = { migrationsFolder: folder };
    if (handle.kind === 'pglite') await migratePglite(handle.db as unknown as PgliteDatabase, config);
    else await migratePg(handle.db as unknown as NodePgDatabase, config);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
