// PGlite has no server to arbitrate writers: two processes on one directory silently lose writes.
// We hold an exclusive lock on DATA_DIR (proper-lockfile: an atomically created lock directory,
// refreshed while we run) and refuse to start when another process holds it.
//
// Whether a lock is stale is decided by its owner, not its age: next to the lock we record the
// owner's pid and host. After a crash (kill -9, power loss) the next start sees that the recorded
// process is gone and takes the lock at once, instead of waiting out an age threshold. A lock whose
// owner is alive, or runs on another host (a shared volume), is respected.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(`Another VentureMatch process is already using the data directory ${dataDir}. ` + 'Stop it, or set DATA_DIR to a different directory.');
    this.name = 'DataDirLockedError';
  }
}

interface LockOwner {
  pid: number;
  hostname: string;
}

const lockPath = (dataDir: string) => path.join(dataDir, 'venturematch.lock');
const ownerPath = (dataDir: string) => path.join(dataDir, 'venturematch.lock.owner.json');

function readOwner(dataDir: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(ownerPath(dataDir), 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.hostname === 'string' ? { pid: owner.pid, hostname: owner.hostname } : null;
  } catch {
    return null;
  }
}

/** True when the process is running on this host (signal 0 checks without sending anything). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock is abandoned when its recorded owner on this host is no longer running (or is us, from a past life). */
function isAbandoned(dataDir: string): boolean {
  const owner = readOwner(dataDir);
  // No owner record: a lock from before owners were recorded, or a crash between the two writes.
  // Leave it to proper-lockfile's age check rather than guess.
  if (!owner || owner.hostname !== os.hostname()) return false;
  return owner.pid !== process.pid && !isProcessAlive(owner.pid);
}

async function acquire(dataDir: string): Promise<() => Promise<void>> {
  return lockfile.lock(dataDir, {
    lockfilePath: lockPath(dataDir),
    // Only a backstop for locks without an owner record: abandoned ones are detected by pid.
    stale: 15_000,
    update: 5_000,
    retries: 0,
    onCompromised: (error) => {
      // Someone removed or took our lock while we ran: keep writing and we risk corruption.
      console.error(`Lost the lock on ${dataDir}: ${error.message}. Stopping to protect the data.`);
      process.exit(1);
    },
  });
}

export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  let release: () => Promise<void>;
  try {
    release = await acquire(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    if (!isAbandoned(dataDir)) throw new DataDirLockedError(dataDir);
    // The owner died without releasing: remove its lock and take it. (Two servers started at the
    // same instant on one crashed directory could both get here; the lock directory's atomic
    // creation lets only one of them win the retry below unless the other removes it in between.
    // That race needs two simultaneous manual starts; we accept it rather than wait out an age.)
    rmSync(lockPath(dataDir), { recursive: true, force: true });
    try {
      release = await acquire(dataDir);
    } catch (retryError) {
      if ((retryError as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
      throw retryError;
    }
  }
  writeFileSync(ownerPath(dataDir), JSON.stringify({ pid: process.pid, hostname: os.hostname() } satisfies LockOwner));
  return async () => {
    rmSync(ownerPath(dataDir), { force: true });
    await release();
  };
}
