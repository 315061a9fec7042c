// Process entry: environment → database (migrated) → demo seed → HTTP server and job worker →
// graceful shutdown. On SIGTERM/SIGINT the server stops accepting, ends the live event streams
// (browsers reconnect to another instance), lets in-flight requests and running jobs finish, closes
// the database, and exits 0; if that takes longer than SHUTDOWN_TIMEOUT_MS it exits 1.
import type { AddressInfo } from 'node:net';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { runMigrations } from './db/migrate';
import { describeDemoLogins, isDatabaseEmpty, seedDemoData, shouldSeedDemo } from './demo/demo-seed';
import { EnvError, loadEnv } from './env';
import { sweepStaleUploads } from './features/data-room';
import { serializeError } from './logging';
import { createBlobStore } from './storage/create-blob-store';

async function main(): Promise<void> {
  const env = loadEnv();
  // Before the app's logger exists; errors are serialized so a failed query never prints its values.
  const startupLogger = { error: (obj: unknown, msg?: string) => console.error(msg ?? '', serializeError(obj)) };
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }, startupLogger);
  await runMigrations(database);

  let demoLogins: string | undefined;
  if (shouldSeedDemo(env, database.kind) && (await isDatabaseEmpty(database.db))) demoLogins = describeDemoLogins(await seedDemoData(database.db));

  const blobs = createBlobStore(env);
  const app = await buildApp({ env, database, blobStore: blobs });
  if (!app.hasClientBuild) app.log.warn('No client build found in dist/client: run `npm run build` to serve the web app.');

  closeWithGrace({ delay: env.SHUTDOWN_TIMEOUT_MS, logger: { error: (message: string) => app.log.error(message) } }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    // Stops accepting, ends event streams (preClose), waits for in-flight requests, then stops the
    // job worker and the event hub (onClose hooks in app.ts).
    await app.close();
    await database.close();
  });

  // Upload temp files that a crash cut off. The embedded database locks DATA_DIR to this process,
  // so before listen nothing there can be in flight; other instances may share it on PostgreSQL.
  const staleAfterMs = database.kind === 'pglite' ? 0 : undefined;
  await sweepStaleUploads({ ...app.contextBase, actor: null }, { olderThanMs: staleAfterMs }).catch((err: unknown) =>
    app.log.warn({ err }, 'could not sweep stale uploads'),
  );
  await app.listen({ port: env.PORT, host: env.HOST });
  // Durable jobs: what was due or running when the last process died runs now.
  await app.jobs.start();

  const { port } = app.server.address() as AddressInfo;
  console.log(
    `\nVentureMatch is running at http://localhost:${port} (database: ${database.kind === 'pglite' ? `embedded, in ${env.DATA_DIR}` : 'PostgreSQL'})`,
  );
  // Last, so the demo logins are the last thing a newcomer sees.
  if (demoLogins) console.log(`${demoLogins}\n`);
}

main().catch((error: unknown) => {
  // Configuration problems are the user's to fix: one clear line, no stack.
  if (error instanceof EnvError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('VentureMatch failed to start:', serializeError(error).stack);
  }
  process.exit(1);
});
