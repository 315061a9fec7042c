// Migrates one embedded database once and snapshots it, so each suite loads a ready database in
// well under a second instead of creating and migrating a fresh PGlite (3–6 s) every time.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { wrapPglite } from '../../src/server/db/client';
import { PGLITE_EXTENSIONS } from '../../src/server/db/pglite-extensions';
import { runMigrations } from '../../src/server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshotPath: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vm-test-snapshot-'));
  const snapshotPath = path.join(dir, 'migrated.tar');
  if (!process.env.TEST_DATABASE_URL) {
    const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    await runMigrations(wrapPglite(pglite));
    const dump = await pglite.dumpDataDir('none');
    writeFileSync(snapshotPath, Buffer.from(await dump.arrayBuffer()));
    await pglite.close();
  }
  project.provide('pgliteSnapshotPath', snapshotPath);
  return () => rmSync(dir, { recursive: true, force: true });
}
