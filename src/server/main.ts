// Process entry: environment → database (migrated) → demo seed → HTTP server → graceful shutdown.
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { runMigrations } from './db/migrate';
import { describeDemoLogins, isDatabaseEmpty, seedDemoData, shouldSeedDemo } from './db/seed';
import { EnvError, loadEnv } from './env';
import { deleteExpiredSessions } from './features/auth/session.service';
import { startDataRoomHousekeeping } from './features/data-room/data-room.service';
import { createBlobStore } from './storage/create-blob-store';

// Housekeeping runs hourly: expired sessions, orphaned document blobs.
const SESSION_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

async function main(): Promise<void> {
  const env = loadEnv();
  const startupLogger = { error: (obj: unknown, msg?: string) => console.error(msg ?? '', obj) };
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }, startupLogger);
  await runMigrations(database);

  let demoLogins: string | undefined;
  if (shouldSeedDemo(env, database.kind) && (await isDatabaseEmpty(database.db))) demoLogins = describeDemoLogins(await seedDemoData(database.db));

  const blobs = createBlobStore(env);
  const app = await buildApp({ env, database, blobStore: blobs });
  if (!app.hasClientBuild) app.log.warn('No client build found in dist/client: run `npm run build` to serve the web app.');

  // Sessions are also deleted when presented after expiry; this catches the ones never seen again.
  const sessionSweep = setInterval(() => {
    deleteExpiredSessions(database.db, new Date(), app.config.sessionPolicy).catch((err: unknown) => app.log.warn({ err }, 'session sweep failed'));
  }, SESSION_SWEEP_INTERVAL_MS).unref();

  // Blobs whose row never committed (or whose delete failed) and temp files of uploads cut off by a
  // crash are removed in the background: once now, then hourly. (DATA_DIR/tmp is where app.ts
  // points the upload receiver.)
  const dataRoomHousekeeping = startDataRoomHousekeeping({ db: database.db, blobs, now: () => new Date() }, { uploadTmpDir: path.join(env.DATA_DIR, 'tmp'), log: app.log });

  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    clearInterval(sessionSweep);
    dataRoomHousekeeping.stop();
    await app.close();
    await database.close();
  });

  await app.listen({ port: env.PORT, host: env.HOST });
  const url = `http://localhost:${env.PORT}`;
  console.log(`\nVentureMatch is running at ${url} (database: ${database.kind === 'pglite' ? `embedded, in ${env.DATA_DIR}` : 'PostgreSQL'})`);
  if (demoLogins) console.log(`${demoLogins}\n`);
}

main().catch((error: unknown) => {
  // Configuration problems are the user's to fix: one clear line, no stack.
  if (error instanceof EnvError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('VentureMatch failed to start:', error);
  }
  process.exit(1);
});
