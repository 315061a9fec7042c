// What reaches a log line, decided here and nowhere else (issue #12; security guide, "Logs"):
// the logger options, the serializers that redact at the source, the one line per request, and
// the banner `npm start` prints last (issue #15).
// Never logged: passwords or their hashes, session tokens or cookies, message text, document
// content, reset tokens. Database errors are the main risk: Drizzle puts the query parameters
// (the row's values) in its message, and PostgreSQL's `detail` repeats them ("Failing row contains
// (…, $argon2id$…)"), so those errors are rebuilt from an allowlist of fields.
import { DrizzleQueryError } from 'drizzle-orm';
import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import { streamEvents } from '../shared/contracts/events';
import type { Env } from './env';
import { HEALTH_PATHS } from './http/health';

export const REDACTED = '[redacted]';

// The fields of a PostgreSQL error that name things but never carry a row's values. Left out on
// purpose: detail, hint, where, internalQuery, position, query, params.
const SAFE_DATABASE_FIELDS = ['code', 'severity', 'constraint', 'schema', 'table', 'column', 'routine'] as const;

// Keys that are secret or private wherever they turn up in a logged object (pino `redact`, the
// backstop behind the serializers). Paths are matched at the top level and two levels down.
const SECRET_KEYS = [
  'password',
  'confirmPassword',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'password_hash',
  'token',
  'sessionToken',
  'resetToken',
  'cookie',
  'set-cookie',
  'authorization',
  'content',
  'body',
];

export const REDACT_PATHS = SECRET_KEYS.flatMap((key) => {
  const step = /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `["${key}"]`;
  return [step.startsWith('.') ? key : step, `*${step}`, `*.*${step}`];
});

const MAX_URL_LENGTH = 2048;
const MAX_MESSAGE_LENGTH = 4000;
const MAX_CAUSE_DEPTH = 5;

// --- errors -------------------------------------------------------------------------------------

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

type ErrorLike = Error & Record<string, unknown>;

/** A PostgreSQL error as raised by `pg` or PGlite: a five-character SQLSTATE and a severity. */
function isDriverError(error: ErrorLike): boolean {
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && typeof error.severity === 'string';
}

/** Drizzle's wrapper (or anything else carrying a query and its parameters). */
function isQueryError(error: ErrorLike): boolean {
  return error instanceof DrizzleQueryError || (typeof error.query === 'string' && 'params' in error);
}

function isDatabaseError(error: ErrorLike): boolean {
  return isDriverError(error) || isQueryError(error);
}

function causeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { cause?: unknown }).cause : undefined;
}

/** The message of a database error without parameters or quoted input. */
function safeDatabaseMessage(error: ErrorLike): string {
  if (isDriverError(error)) return withoutQuotedValues(withoutParams(error.message));
  return typeof error.query === 'string' ? `Failed query: ${error.query}` : withoutParams(error.message);
}

type MessageSwaps = Array<[raw: string, safe: string]>;

/** Each database error's raw and safe message along the cause chain; null when there is none. */
function databaseMessagesIn(error: unknown): MessageSwaps | null {
  const swaps: MessageSwaps = [];
  let current = error;
  for (let depth = 0; depth <= MAX_CAUSE_DEPTH && current instanceof Error; depth++, current = causeOf(current)) {
    const candidate = current as ErrorLike;
    if (isDatabaseError(candidate) && candidate.message !== '') swaps.push([candidate.message, safeDatabaseMessage(candidate)]);
  }
  return swaps.length > 0 ? swaps : null;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Drops Drizzle's "\nparams: …" (to the end: a parameter may itself hold newlines). */
function withoutParams(message: string): string {
  const at = message.indexOf('\nparams:');
  return at === -1 ? message : message.slice(0, at);
}

// PostgreSQL quotes both names ('relation "users"', 'constraint "users_email_key"') and input
// ('invalid input syntax for type integer: "abc"', 'value "9999999999" is out of range'). A quoted
// string stays only when the word before it says it is a name.
const NAMED_THINGS = new Set([
  'relation',
  'table',
  'column',
  'constraint',
  'index',
  'type',
  'schema',
  'function',
  'sequence',
  'database',
  'role',
  'encoding',
  'extension',
  'trigger',
  'view',
  'operator',
  'collation',
  'domain',
  'enum',
]);

function withoutQuotedValues(message: string): string {
  return message.replace(/(\w+)(\s+)"[^"]*"|"[^"]*"/g, (match, word: string | undefined, space: string | undefined) =>
    word !== undefined && NAMED_THINGS.has(word.toLowerCase()) ? match : `${word ?? ''}${space ?? ''}"${REDACTED}"`,
  );
}

/** The stack's frames under a header we wrote: V8 repeats the (unsafe) message in `stack`. */
function safeStack(error: Error, header: string): string {
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return [header, ...frames].join('\n');
}

// Outputs of serializeError, so serializing twice (an explicit call, then the logger's own
// serializer) returns the first result instead of treating it as a foreign object.
const serializedOutputs = new WeakSet<object>();

/**
 * The `err` serializer. A database error, or any error whose `cause` chain holds one, keeps only
 * its type, SQLSTATE fields, SQL text (never the parameters) and stack frames. Other errors keep
 * type, message, stack, `code` and `statusCode`; no other property is copied, since an error
 * object can carry anything (a request body, a row).
 */
export function serializeError(value: unknown): SerializedError {
  if (typeof value === 'object' && value !== null && serializedOutputs.has(value)) return value as SerializedError;
  const result = serializeLevel(value, databaseMessagesIn(value), 0);
  serializedOutputs.add(result);
  return result;
}

// `swaps` is set when the chain holds a database error: an outer message may have copied an inner
// one ("could not save: Failed query: … params: …"), so each copy is replaced by its safe form.
function serializeLevel(value: unknown, swaps: MessageSwaps | null, depth: number): SerializedError {
  if (!(value instanceof Error)) {
    // A thrown non-error (string, plain object) says what it is, never what it holds.
    const type = value === null ? 'null' : typeof value === 'object' ? (value.constructor?.name ?? 'Object') : typeof value;
    const message = typeof value === 'string' && !swaps ? truncate(value, MAX_MESSAGE_LENGTH) : `[non-error ${type}]`;
    return { type, message, stack: '' };
  }
  const error = value as ErrorLike;
  let result: SerializedError;
  if (isDriverError(error)) {
    // pg names these "error" and PGlite's class name is minified: call them what they are.
    const message = truncate(safeDatabaseMessage(error), MAX_MESSAGE_LENGTH);
    result = { type: 'DatabaseError', message, stack: safeStack(error, `DatabaseError: ${message}`) };
    for (const field of SAFE_DATABASE_FIELDS) if (typeof error[field] === 'string') result[field] = error[field];
  } else if (isQueryError(error)) {
    const message = truncate(safeDatabaseMessage(error), MAX_MESSAGE_LENGTH);
    const type = error.constructor?.name ?? 'Error';
    result = { type, message, stack: safeStack(error, `${type}: ${message}`) };
    // Hoist the driver's fields so `err.code` / `err.constraint` can be searched on directly.
    const driverError = error.cause instanceof Error && isDriverError(error.cause as ErrorLike) ? (error.cause as ErrorLike) : undefined;
    if (driverError) for (const field of SAFE_DATABASE_FIELDS) if (typeof driverError[field] === 'string') result[field] = driverError[field];
  } else {
    const type = error.constructor?.name ?? error.name ?? 'Error';
    const cleaned = swaps ? withoutParams(swaps.reduce((text, [raw, safe]) => text.split(raw).join(safe), error.message)) : error.message;
    const message = truncate(cleaned, MAX_MESSAGE_LENGTH);
    result = { type, message, stack: swaps ? safeStack(error, `${type}: ${message}`) : (error.stack ?? '') };
    if (typeof error.code === 'string' || typeof error.code === 'number') result.code = error.code;
    if (typeof error.statusCode === 'number') result.statusCode = error.statusCode;
  }
  if (Array.isArray(error.errors) && depth < MAX_CAUSE_DEPTH) {
    result.aggregateErrors = (error.errors as unknown[]).slice(0, 10).map((inner) => serializeLevel(inner, databaseMessagesIn(inner), depth + 1));
  }
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) result.cause = serializeLevel(error.cause, swaps, depth + 1);
  return result;
}

// --- requests and responses ---------------------------------------------------------------------

// A secure link's token is its path's secret (docs/data-room.md, "Secure links"): never logged.
const LINK_TOKEN_IN_PATH = /^(\/v\/|\/api\/links\/)[^/]+/;

/** The path as sent, with every query value replaced (no secret may ride in on a query string) and a secure link's token hidden. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = truncate((at === -1 ? url : url.slice(0, at)).replace(LINK_TOKEN_IN_PATH, `$1${REDACTED}`), MAX_URL_LENGTH);
  if (at === -1) return path;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return `${truncate(eq === -1 ? pair : pair.slice(0, eq), 64)}=${REDACTED}`;
    });
  return names.length === 0 ? path : `${path}?${names.slice(0, 20).join('&')}`;
}

function pathOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? url : url.slice(0, at);
}

interface LoggableRequest {
  id?: unknown;
  method?: string;
  url?: string;
  ip?: string;
  headers?: Record<string, string | string[] | undefined>;
  socket?: { remoteAddress?: string };
}

/** The `req` serializer: who asked for what, and no header but the user agent and the length. */
export function serializeRequest(request: LoggableRequest) {
  const headers = request.headers ?? {};
  const userAgent = headers['user-agent'];
  const contentLength = headers['content-length'];
  return {
    id: typeof request.id === 'string' || typeof request.id === 'number' ? request.id : undefined,
    method: request.method,
    url: request.url === undefined ? undefined : redactUrl(request.url),
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
    headers: {
      ...(typeof userAgent === 'string' ? { 'user-agent': truncate(userAgent, 256) } : {}),
      ...(typeof contentLength === 'string' ? { 'content-length': contentLength } : {}),
    },
  };
}

/** The `res` serializer: the status, nothing else (response headers include Set-Cookie). */
export function serializeResponse(reply: { statusCode?: number | string }) {
  return { statusCode: reply.statusCode };
}

// --- the logger ---------------------------------------------------------------------------------

/** Fastify's logger options (its own and pino's). */
export type AppLoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * Fastify's `logger` option: JSON in production and tests, one readable line per entry on a
 * developer's terminal. The serializers and the redact paths apply to both.
 */
export function buildLoggerOptions(env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>, { isTty }: { isTty: boolean }): AppLoggerOptions {
  const options: AppLoggerOptions = {
    level: env.LOG_LEVEL,
    serializers: { req: serializeRequest, res: serializeResponse, err: serializeError, error: serializeError },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
  };
  if (env.NODE_ENV === 'development' && isTty) {
    // Synchronous, so the last lines before a crash are not lost; the request's fields are
    // already in its message ("GET /api/matches 200 12 ms").
    options.stream = pretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId,req,res,responseTime', singleLine: true });
  }
  return options;
}

/**
 * Fastify's built-in "incoming request" / "request completed" pair is replaced by the single
 * line from registerRequestLogging. Its other lines (a stream that failed after the headers, a
 * failing serializer) stay, which `disableRequestLogging: true` would silence too.
 */
export function createLogController(): LogController {
  return new (class extends LogController {
    override incomingRequest(): void {}
    override requestCompleted(): void {}
  })();
}

// Probes and the live event stream would drown the log in identical lines.
const QUIET_PATHS: ReadonlySet<string> = new Set(HEALTH_PATHS);

function requestLine(request: FastifyRequest, status: number | string, elapsedMs: number): string {
  return `${request.method} ${redactUrl(request.url)} ${status} ${Math.round(elapsedMs)} ms`;
}

function logRequestLine(log: FastifyBaseLogger, level: 'info' | 'debug', request: FastifyRequest, reply: FastifyReply, elapsedMs: number, suffix = ''): void {
  log[level]({ req: request, res: reply, responseTime: Math.round(elapsedMs) }, requestLine(request, reply.statusCode, elapsedMs) + suffix);
}

/**
 * One info line per request ("GET /api/matches 200 12 ms"). Skipped: health probes, and anything
 * outside /api/ (the client's files) unless it failed with a 5xx. The live event stream is
 * logged once, at debug, when it closes, however it closes.
 */
export function registerRequestLogging(app: FastifyInstance): void {
  // An open stream is a 200; a refused one (401) is an ordinary request and logged as one.
  const isOpenStream = (request: FastifyRequest, reply: FastifyReply) => request.routeOptions.url === streamEvents.path && reply.statusCode === 200;

  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url !== streamEvents.path) return;
    const opened = performance.now();
    reply.raw.once('close', () => {
      if (isOpenStream(request, reply)) logRequestLine(request.log, 'debug', request, reply, performance.now() - opened, ' (live events stream closed)');
    });
  });

  app.addHook('onResponse', async (request, reply) => {
    if (isOpenStream(request, reply)) return;
    const path = pathOf(request.url);
    if (QUIET_PATHS.has(path)) return;
    if (!path.startsWith('/api/') && reply.statusCode < 500) return;
    logRequestLine(request.log, 'info', request, reply, reply.elapsedTime);
  });
}

// --- the start banner ---------------------------------------------------------------------------

export type BannerDatabase = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; databaseUrl: string };

export interface StartBannerInput {
  /** Where this process answers, e.g. http://localhost:5000. */
  url: string;
  database: BannerDatabase;
  /** The demo accounts on this database and their shared password; none outside the demo. */
  demo: { password: string; logins: ReadonlyArray<{ username: string; userType: string }> } | null;
}

/**
 * The database in words: "embedded (PGlite) in ./data" or "PostgreSQL at db.internal:5432/app".
 * Only the host, port and database name of a DATABASE_URL: never its user or password.
 */
export function describeDatabase(database: BannerDatabase): string {
  if (database.kind === 'pglite') return `embedded (PGlite) in ${database.dataDir}`;
  try {
    const url = new URL(database.databaseUrl);
    // postgres:///app?host=/var/run/postgresql names a socket directory instead of a host.
    const host = url.hostname || url.searchParams.get('host') || 'localhost';
    const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
    return `PostgreSQL at ${host}${url.port ? `:${url.port}` : ''}${name ? `/${name}` : ''}`;
  } catch {
    // Unparseable: say nothing more than the kind rather than risk echoing a secret.
    return 'PostgreSQL';
  }
}

const BANNER_WIDTH = 100;

/** "label   a, b, c" wrapped under its first value, so a long list of names stays readable. */
function labelledList(label: string, values: readonly string[]): string[] {
  const indent = ' '.repeat(4 + label.length + 2);
  const lines: string[] = [];
  let line = `    ${label}  `;
  for (const [index, value] of values.entries()) {
    const item = index < values.length - 1 ? `${value},` : value;
    if (line.length > indent.length && line.length + item.length > BANNER_WIDTH) {
      lines.push(line.trimEnd());
      line = indent;
    }
    line += `${item} `;
  }
  lines.push(line.trimEnd());
  return lines;
}

/**
 * What a newcomer needs after `npm start`, printed last so request lines never bury it: the
 * address, the database in use, and the demo logins. The first line is also how scripts and tests
 * find the port ("VentureMatch is running at http://localhost:5000").
 */
export function formatStartBanner({ url, database, demo }: StartBannerInput): string {
  const lines = ['', `  VentureMatch is running at ${url}`, `  Database: ${describeDatabase(database)}`];
  if (demo && demo.logins.length > 0) {
    lines.push(`  Demo logins (password for all: ${demo.password}):`);
    const padTo = Math.max(...['startup', 'investor'].map((type) => `${type}s`.length));
    for (const userType of ['startup', 'investor']) {
      const names = demo.logins.filter((login) => login.userType === userType).map((login) => login.username);
      if (names.length > 0) lines.push(...labelledList(`${userType}s`.padEnd(padTo), names));
    }
  }
  lines.push('');
  return lines.join('\n');
}
