// Process entry: environment → database (migrated) → demo seed → HTTP server and job worker →
// graceful shutdown. On SIGTERM/SIGINT the server stops accepting, ends the live event streams
// (browsers reconnect to another instance), lets in-flight requests and running jobs finish, closes
// the database, and exits 0; if that takes longer than SHUTDOWN_TIMEOUT_MS it exits 1. Once
// listening it prints the start banner last: the address, the database and the demo logins.
import type { AddressInfo } from 'node:net';
import closeWithGrace from 'close-with-grace';
import { asc, inArray } from 'drizzle-orm';
import { buildApp } from './app';
import { openDatabase, type DatabaseHandle } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { runMigrations } from './db/migrate';
import { users } from './db/schema';
import { DEMO_INVESTORS, DEMO_PASSWORD, DEMO_STARTUPS } from './demo/demo-data';
import { isDatabaseEmpty, seedDemoData, shouldSeedDemo } from './demo/demo-seed';
import { EnvError, loadEnv, type Env } from './env';
import { sweepStaleUploads } from './features/data-room';
import { describeDatabase, formatStartBanner, serializeError, type BannerDatabase } from './logging';
import { describeMailTransport, mailStartupWarnings } from './mail';
import { createBlobStore } from './storage/create-blob-store';

/**
 * The demo accounts to print: seeded now on a first start, or the ones an earlier start seeded,
 * so the logins are there on every start, not only the first. None outside the demo (see
 * shouldSeedDemo: never in production, never on PostgreSQL).
 */
async function demoLogins(env: Env, database: DatabaseHandle): Promise<Array<{ username: string; userType: string }>> {
  if (!shouldSeedDemo(env, database.kind)) return [];
  if (await isDatabaseEmpty(database.db)) return seedDemoData(database.db);
  const usernames = [...DEMO_STARTUPS, ...DEMO_INVESTORS].map((person) => person.username);
  return database.db
    .select({ username: users.username, userType: users.userType })
    .from(users)
    .where(inArray(users.username, usernames))
    .orderBy(asc(users.id));
}

/** The address to open: "localhost" when listening on every interface or on loopback. */
function localUrl(host: string, port: number): string {
  const isLocal = ['0.0.0.0', '::', 'localhost', '127.0.0.1', '::1'].includes(host);
  const shownHost = isLocal ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shownHost}:${port}`;
}

/**
 * Set when a signal or fatal error starts the shutdown. A SIGTERM can arrive after listen but
 * before the start steps after it (the job worker, the banner) are done: those then fail on the
 * closed app and database, which is the shutdown working, not a failed start (closeWithGrace
 * exits 0 once the shutdown is done).
 */
let isShuttingDown = false;

async function main(): Promise<void> {
  const env = loadEnv();
  // Before the app's logger exists; errors are serialized so a failed query never prints its values.
  const startupLogger = { error: (obj: unknown, msg?: string) => console.error(msg ?? '', serializeError(obj)) };
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }, startupLogger);
  await runMigrations(database);

  const logins = await demoLogins(env, database);

  const blobs = createBlobStore(env);
  const app = await buildApp({ env, database, blobStore: blobs });
  if (!app.hasClientBuild) app.log.warn('No client build found in dist/client: run `npm run build` to serve the web app.');
  for (const warning of mailStartupWarnings(env)) app.log.warn(warning);

  closeWithGrace({ delay: env.SHUTDOWN_TIMEOUT_MS, logger: { error: (message: string) => app.log.error(message) } }, async ({ err, signal }) => {
    isShuttingDown = true;
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
  const bannerDatabase: BannerDatabase =
    database.kind === 'pglite' ? { kind: 'pglite', dataDir: env.DATA_DIR } : { kind: 'postgres', databaseUrl: env.DATABASE_URL ?? '' };
  const url = localUrl(env.HOST, port);
  // Production logs are JSON lines for a collector: the same facts as one more line.
  if (env.NODE_ENV === 'production') {
    app.log.info({ url, database: describeDatabase(bannerDatabase), mail: describeMailTransport(env) }, `VentureMatch is running at ${url}`);
    return;
  }
  // Last, so the address and the demo logins are the last thing a newcomer sees.
  console.log(formatStartBanner({ url, database: bannerDatabase, demo: logins.length > 0 ? { password: DEMO_PASSWORD, logins } : null }));
}

main().catch((error: unknown) => {
  if (isShuttingDown) return;
  // Configuration problems are the user's to fix: one clear line, no stack.
  if (error instanceof EnvError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('VentureMatch failed to start:', serializeError(error).stack);
  }
  process.exit(1);
});
