// Builds the Fastify application: plugins, security hooks, feature routes and the client build.
// The tests import buildApp() and drive it with inject() or real HTTP; main.ts adds the process.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import type { AppDatabase, DatabaseHandle } from './db/client';
import { createEventHub, type EventHub } from './realtime/event-hub';
import { createAnswerCache, type AnswerCache, type AnswerTicket, type CachedAnswer } from './http/answer-cache';
import type { Env } from './env';
import type { Actor } from './actor';
import type { AppContext } from './app-context';
import { registerSessionGuard } from './http/session';
import { registerOriginCheck } from './http/origin-check';
import { registerErrorHandler } from './http/error-handler';
import { registerHealthRoutes } from './http/health';
import { registerApiDocs } from './http/openapi';
import { registerStaticFiles } from './http/static-files';
import type { Access } from './http/route';
import { buildLoggerOptions, createLogController, registerRequestLogging } from './logging';
import { createLoginThrottle, createRegistrationThrottle, type SessionPolicy } from './features/auth';
import { registerAuthRoutes } from './features/auth/auth.routes';
import { registerAccountRoutes } from './features/auth/account.routes';
import { registerActivityRoutes } from './features/activity/activity.routes';
import { registerDashboardRoutes } from './features/dashboard/dashboard.routes';
import { registerProfileRoutes } from './features/profiles/profiles.routes';
import { registerMatchingRoutes } from './features/matching/matching.routes';
import { registerDataRoomRoutes } from './features/data-room/data-room.routes';
import { registerSecureLinkRoutes } from './features/data-room/secure-links.routes';
import { registerInsightRoutes } from './features/data-room/insight.routes';
import { registerMessagingRoutes } from './features/messaging/messaging.routes';
import { registerMilestoneRoutes } from './features/milestones/milestones.routes';
import { registerPortfolioRoutes } from './features/portfolio/portfolio.routes';
import { registerBlockRoutes } from './features/safety/blocks.routes';
import { registerReportRoutes } from './features/safety/reports.routes';
import { registerNotificationRoutes } from './features/notifications/notifications.routes';
import { registerSearchRoutes } from './features/search/search.routes';
import { registerDiscoveryRoutes } from './features/discovery/discovery.routes';
import { registerTrackRecordRoutes } from './features/track-record/track-record.routes';
import { registerEventStream } from './realtime/event-stream.routes';
import { createAppJobQueue } from './app-jobs';
import type { JobQueue } from './jobs/job-queue';
import { createMatchingEngineStore, type MatchingEngineStore } from './features/matching';
import type { BlobStore } from './storage/blob-store';
import { createBlobStore } from './storage/create-blob-store';
import { createMailer, outboxDirFor } from './mail';

export interface AppConfig {
  cookieSecure: boolean;
  isProduction: boolean;
  appOrigin?: string;
  sessionPolicy: SessionPolicy;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: AppDatabase;
    events: EventHub;
    /** Recent answers of the hot lists, per user (http/answer-cache.ts). */
    answerCache: AnswerCache;
    /** Durable background work (re-scores, learning, sweeps): see jobs/job-queue.ts. */
    jobs: JobQueue;
    /** This instance's in-memory matching engine, synced from the database before each use. */
    matchingEngines: MatchingEngineStore;
    config: AppConfig;
    clock: () => Date;
    /** What every service context of this instance shares (see app-context.ts). */
    contextBase: Omit<AppContext<null>, 'actor' | 'log'>;
    hasClientBuild: boolean;
    /** Every route registered, as `METHOD path` (the fuzz and OpenAPI tests check coverage with it). */
    routeTable: Array<{ method: string; url: string }>;
    /** Who may call each contract route, as `METHOD path` → access (filled by defineRoute; read by the OpenAPI document). */
    routeAccess: Map<string, Access>;
  }
  interface FastifyRequest {
    actor: Actor | null;
    /** Set when this GET's answer may be stored in the answer cache once written. */
    answerTicket?: AnswerTicket;
    /** Set when this GET is answered from the answer cache. */
    cachedAnswer?: CachedAnswer;
  }
}

export interface BuildAppOptions {
  env: Env;
  database: DatabaseHandle;
  /** Injectable clock, so tests can move time past session deadlines. */
  now?: () => Date;
  /** Serve the built client from this directory (default dist/client, when it exists). */
  clientDir?: string | null;
  logger?: boolean | object;
  /** Document storage (default: from the environment, the disk under DATA_DIR). */
  blobStore?: BlobStore;
}

// JSON bodies are small in this app; uploads (multipart) get their own limit in the data room.
const JSON_BODY_LIMIT = 100 * 1024;

function defaultClientDir(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 4; depth++) {
    const candidate = path.join(dir, 'dist', 'client');
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
    dir = path.dirname(dir);
  }
  return null;
}

/**
 * Which peers may speak for the client through X-Forwarded-For: none, the proxies' addresses, or a
 * hop count. Never `true` (env.ts refuses it): entries beyond the trusted proxies are the client's
 * own words. Fastify no longer honours a bare number, so a hop count becomes the equivalent
 * function: the socket's peer and the next `hops - 1` addresses are proxies, the one after is the client.
 */
function trustProxyOption(setting: Env['TRUST_PROXY']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const app = Fastify({
    logger: options.logger ?? buildLoggerOptions(env, { isTty: Boolean(process.stdout.isTTY) }),
    // Fastify's request pair is off: registerRequestLogging writes one line per request instead.
    logController: createLogController(),
    // Our own ids only: a client-chosen request id could forge log correlation.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    // Fastify rejects some URLs before routing (a broken %-escape, a path parameter over 100
    // characters) and would echo the whole URL back: answer with our own sentence instead.
    frameworkErrors: (error, _request, reply) => {
      const isTooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void (reply as FastifyReply).code(isTooLong ? 414 : 400).send({ message: isTooLong ? 'This address is too long.' : 'This address is not valid.' });
    },
    // Bounded waits (docs/operations.md): an idle socket is cut, headers and bodies must arrive in time.
    connectionTimeout: env.HTTP_IDLE_TIMEOUT_MS,
    requestTimeout: env.HTTP_REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(env.HTTP_HEADERS_TIMEOUT_MS, env.HTTP_REQUEST_TIMEOUT_MS),
      // Node enforces the two limits above on a timer (every 30 s by default); check more often
      // so a slowloris connection is cut close to the limit, not up to 30 s after it.
      connectionsCheckingInterval: Math.min(5000, env.HTTP_HEADERS_TIMEOUT_MS),
    },
  });

  const routeTable: Array<{ method: string; url: string }> = [];
  app.decorate('routeTable', routeTable);
  app.decorate('routeAccess', new Map<string, Access>());
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });

  const clientDir = options.clientDir === undefined ? defaultClientDir() : options.clientDir;
  const now = options.now ?? (() => new Date());
  const sessionPolicy: SessionPolicy = { idleDays: env.SESSION_IDLE_DAYS, absoluteDays: env.SESSION_ABSOLUTE_DAYS };

  app.decorate('db', options.database.db);
  const events = createEventHub(options.database, app.log);
  app.decorate('events', events);
  app.decorate('answerCache', createAnswerCache({ clock: now, events }));
  app.addHook('onReady', () => events.start());
  const blobs = options.blobStore ?? createBlobStore(env);
  app.decorate('matchingEngines', createMatchingEngineStore());
  // SMTP_URL, else .eml files in DATA_DIR/outbox (ADR 0037). Tests reach a real SMTP server the same way.
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: outboxDirFor(env.DATA_DIR), log: app.log, clock: now });
  app.decorate(
    'jobs',
    createAppJobQueue({
      db: options.database.db,
      clock: now,
      log: app.log,
      events,
      engines: app.matchingEngines,
      blobs,
      mailer,
      env,
      sessionPolicy,
      // The embedded database is locked to this process: nobody else can be running its jobs.
      isSoleWorker: options.database.kind === 'pglite',
    }),
  );
  // Jobs a request enqueued are committed by the time it is answered: look for them now rather
  // than at the next poll. (The worker itself is started by main.ts, not by tests.)
  app.addHook('onResponse', async () => app.jobs.wake());
  // Let running jobs finish (or give them back) before the event hub and the database go.
  app.addHook('onClose', () => app.jobs.stop());
  // After the jobs: a mail.send job still running needs its SMTP connection.
  app.addHook('onClose', () => mailer.close());
  app.addHook('onClose', () => events.stop());
  app.decorate('clock', now);
  app.decorate('hasClientBuild', clientDir !== null);
  app.decorate('config', {
    cookieSecure: env.COOKIE_SECURE,
    isProduction: env.NODE_ENV === 'production',
    appOrigin: env.APP_ORIGIN,
    sessionPolicy,
  });
  const loginThrottle = createLoginThrottle(options.database.db, {
    maxFailuresPerUsername: env.LOGIN_MAX_FAILURES_PER_USERNAME,
    maxFailuresPerIp: env.LOGIN_MAX_FAILURES_PER_IP,
    // A known device's own bucket (docs/decisions/0029): twice the username's, since it signed in before.
    maxFailuresPerDevice: 2 * env.LOGIN_MAX_FAILURES_PER_USERNAME,
    windowMinutes: env.LOGIN_THROTTLE_WINDOW_MINUTES,
  });
  const registrationThrottle = createRegistrationThrottle(options.database.db, { maxPerIpPerHour: env.REGISTRATION_MAX_PER_IP_PER_HOUR });
  app.decorate('contextBase', {
    db: options.database.db,
    clock: now,
    events,
    jobs: app.jobs,
    blobs,
    uploadTmpDir: path.join(env.DATA_DIR, 'tmp'),
    matchingEngines: app.matchingEngines,
    sessionPolicy,
    loginThrottle,
    registrationThrottle,
    mailer,
  });

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Radix and the scroll lock inject small <style> elements; scripts stay strictly 'self'.
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS only when we know we are served over HTTPS.
    strictTransportSecurity: env.NODE_ENV === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  // Compresses only the JSON answers the route helper opts in (http/route.ts); request bodies are
  // never inflated. Registered before the routes: it attaches itself to each one as it is added.
  await app.register(compress, { global: false, globalDecompression: false });

  // API answers are per-user and often sensitive: never cache them anywhere (document content
  // sets its own, equally strict, header).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });
  // Secure links (docs/data-room.md): the visitor page and its API carry a secret token in their
  // path, so search engines must not index them and no request from them may name them in a Referer.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/v/') || request.url.startsWith('/api/links/')) {
      reply.header('X-Robots-Tag', 'noindex, nofollow').header('Referrer-Policy', 'no-referrer');
    }
  });

  registerErrorHandler(app);
  registerHealthRoutes(app);
  registerRequestLogging(app);
  registerSessionGuard(app);
  registerOriginCheck(app);

  registerAuthRoutes(app);
  registerAccountRoutes(app);
  registerProfileRoutes(app);
  registerActivityRoutes(app);
  registerDashboardRoutes(app);
  registerMatchingRoutes(app);
  registerMessagingRoutes(app);
  registerMilestoneRoutes(app);
  registerPortfolioRoutes(app);
  registerBlockRoutes(app);
  registerReportRoutes(app);
  registerNotificationRoutes(app);
  registerSearchRoutes(app);
  registerDiscoveryRoutes(app);
  registerTrackRecordRoutes(app);
  registerEventStream(app);
  await registerDataRoomRoutes(app);
  registerSecureLinkRoutes(app);
  registerInsightRoutes(app);
  registerApiDocs(app);

  if (clientDir) await registerStaticFiles(app, clientDir);

  return app;
}
