// The banner `npm start` prints (issue #15), from the real entry point: printed last, naming the
// database, with the demo logins on every start (not only the first, which seeded them); on
// PostgreSQL, the host and never the password from DATABASE_URL.
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../support/server-process';

// Seeding the demo population takes a while on a loaded machine.
const PROCESS_TEST_TIMEOUT_MS = 180_000;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(env);
  cleanups.push(() => void server.child.kill('SIGKILL'));
  return server;
}

/** The output once the banner is complete (it ends with a blank line), without colour codes. */
async function bannerOf(server: ServerProcess): Promise<string> {
  for (let attempt = 0; attempt < 200 && !/VentureMatch is running at [^\n]*\n[\s\S]*\n\n/.test(server.output()); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return server.output().trimEnd();
}

describe('the start banner', () => {
  it(
    'names the embedded database and lists the demo logins last, on the first start and on the next',
    async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vm-banner-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

      for (const run of ['seeds the demo', 'finds the demo']) {
        const server = await start({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
        const output = await bannerOf(server);
        const banner = output.slice(output.lastIndexOf('VentureMatch is running at'));
        expect(banner, run).toContain(`Database: embedded (PGlite) in ${dataDir}`);
        expect(banner, run).toContain('Demo logins (password for all: venture-demo-2026):');
        expect(banner, run).toMatch(/startups +ledgerly, carepath/);
        expect(banner, run).toMatch(/investors +northstar, /);
        // Nothing after it: the logins are the last thing on the screen.
        expect(output.endsWith(banner), run).toBe(true);
        server.child.kill('SIGTERM');
        expect(await server.exited, run).toBe(0);
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL names the host and never prints the password',
    async () => {
      const adminUrl = process.env.TEST_DATABASE_URL!;
      const name = `vm_banner_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      cleanups.push(async () => {
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      });

      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      // A server that trusts local connections ignores a password it did not ask for.
      if (!url.password) url.password = 'never-print-me-7Qx';
      const password = decodeURIComponent(url.password);
      const server = await start({ DATABASE_URL: url.toString() });
      const output = await bannerOf(server);
      expect(output).toContain(`Database: PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}/${name}`);
      expect(output).not.toContain(password);
      expect(output).not.toContain(url.password);
      expect(output).not.toContain('Demo logins');
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
