// Two processes on one PGlite directory silently lose writes, so the directory is locked.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../src/server/db/data-dir-lock';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vm-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('lockDataDir', () => {
  it('refuses a second holder with a clear message, and frees the directory on release', async () => {
    const dir = tempDir();
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    await expect(lockDataDir(dir)).rejects.toThrow(/Another VentureMatch process is already using the data directory/);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });

  it('takes over at once a lock whose owner process is dead (a crash), however fresh the lock is', async () => {
    const dir = tempDir();
    // A process that held the lock and died without releasing it: its lock directory and owner
    // record are still there, and the lock is seconds old (proper-lockfile alone waits 15 s).
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']);
    mkdirSync(path.join(dir, 'venturematch.lock'));
    writeFileSync(path.join(dir, 'venturematch.lock.owner.json'), JSON.stringify({ pid: dead.pid, hostname: os.hostname() }));
    const release = await lockDataDir(dir);
    expect(JSON.parse(readFileSync(path.join(dir, 'venturematch.lock.owner.json'), 'utf8')).pid).toBe(process.pid);
    await release();
  });

  it('respects a fresh lock whose owner is alive, or whose owner is unknown', async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'venturematch.lock'));
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError); // no owner record: the age rule decides
    writeFileSync(path.join(dir, 'venturematch.lock.owner.json'), JSON.stringify({ pid: process.ppid, hostname: os.hostname() }));
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError); // a live process
    writeFileSync(path.join(dir, 'venturematch.lock.owner.json'), JSON.stringify({ pid: 999_999_999, hostname: 'another-host' }));
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError); // another machine on a shared volume
  });

  it('makes a second server process on the same DATA_DIR exit at once with that message', async () => {
    const dir = tempDir();
    const release = await lockDataDir(dir);
    try {
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: { ...process.env, DATA_DIR: dir, PORT: '0', SEED_DEMO: 'false', DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('Another VentureMatch process is already using the data directory');
    } finally {
      await release();
    }
  });

  it('stops a misconfigured start with one line naming the variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid environment variable PORT: must be a port number (got "not-a-port").');
  });
});
