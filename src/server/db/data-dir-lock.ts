// PGlite has no server to arbitrate writers: two processes on one directory silently lose writes.
// We hold an exclusive lock on DATA_DIR (proper-lockfile: a lock directory refreshed while we run,
// considered stale 15 s after a crash) and refuse to start when another process holds it.
import lockfile from 'proper-lockfile';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `Another VentureMatch process is already using the data directory ${dataDir}. ` +
        'Stop it, or set DATA_DIR to a different directory.',
    );
    this.name = 'DataDirLockedError';
  }
}

export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'venturematch.lock'),
      stale: 15_000,
      update: 5_000,
      retries: 0,
      onCompromised: (error) => {
        // Someone removed or took our lock while we ran: keep writing and we risk corruption.
        console.error(`Lost the lock on ${dataDir}: ${error.message}. Stopping to protect the data.`);
        process.exit(1);
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw error;
  }
}
