// The process environment, validated once at boot. A bad value stops the start with one line
// naming the variable, instead of failing later in some unrelated place.
import { isIP } from 'node:net';
import { z } from 'zod';

const booleanFlag = z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).transform((value) => value === 'true' || value === '1');

const positiveInt = (fallback: number) =>
  z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').positive('must be above 0').default(fallback);

// Which proxies may say who the client is (X-Forwarded-For): a hop count, or the proxies' own
// addresses. `true` would trust every hop, letting any client forge its address and dodge the
// per-IP throttles, so it is refused with the form to use instead.
const TRUST_PROXY_FORM = 'the number of proxies in front of the app (e.g. 1) or their addresses/CIDRs, comma-separated (e.g. 10.0.0.2,10.1.0.0/16)';
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const trustProxy = z.string().transform((value, ctx): false | number | string[] => {
  const text = value.trim();
  if (text === 'false' || text === '0') return false;
  if (text === 'true') {
    ctx.issues.push({
      code: 'custom',
      input: value,
      message: `true would trust every hop, so any client could forge X-Forwarded-For; give ${TRUST_PROXY_FORM}`,
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  ctx.issues.push({ code: 'custom', input: value, message: `must be ${TRUST_PROXY_FORM}` });
  return z.NEVER;
});

export const DEFAULT_MAIL_FROM = 'VentureMatch <no-reply@venturematch.local>';
// One sender: "a@b.c", "Any Name <a@b.c>" or "\"Name, Inc.\" <a@b.c>". An unquoted name has no
// comma, semicolon or @ (which would make it a second address), and no CR/LF anywhere (a header
// value must stay on its line).
const MAIL_FROM_FORM = /^(?:(?:"[^"\r\n]*" ?|[^"<>@,;\r\n]*)<[^\s<>@,;]+@[^\s<>@,;]+>|[^\s<>@,;"]+@[^\s<>@,;"]+)$/;

// Values that may hold a password: an error names the variable but never repeats what it got.
const SECRET_VARIABLES = new Set(['DATABASE_URL', 'SMTP_URL', 'S3_SECRET_ACCESS_KEY']);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(0, 'must be a port number')
    .max(65535, 'must be a port number')
    .default(5000),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  SEED_DEMO: booleanFlag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be a pino level' }).default('info'),
  // The public origin (scheme://host[:port]) behind a proxy; used by the cross-site check.
  APP_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) origin such as https://app.example.com' })
    .transform((value) => new URL(value).origin)
    .optional(),
  TRUST_PROXY: trustProxy.default(false),
  COOKIE_SECURE: booleanFlag.optional(),
  SESSION_IDLE_DAYS: positiveInt(7),
  SESSION_ABSOLUTE_DAYS: positiveInt(30),
  LOGIN_MAX_FAILURES_PER_USERNAME: positiveInt(10),
  LOGIN_MAX_FAILURES_PER_IP: positiveInt(50),
  LOGIN_THROTTLE_WINDOW_MINUTES: positiveInt(15),
  // Registrations (attempts that pass validation) one address may make per hour.
  REGISTRATION_MAX_PER_IP_PER_HOUR: positiveInt(5),
  // Where document bytes go: the local disk under DATA_DIR, or S3-compatible object storage.
  STORAGE_DRIVER: z.enum(['disk', 's3'], { error: 'must be disk or s3' }).default('disk'),
  S3_BUCKET: z.string().min(3, 'must be a bucket name').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  // Email (ADR 0037): an SMTP server to send through, else .eml files in DATA_DIR/outbox. The URL
  // may carry a user and password, so it is never echoed in an error or a log line.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/?#\s]+/i, 'must be an smtp:// or smtps:// URL such as smtp://user:password@smtp.example.com:587')
    .refine((value) => URL.canParse(value), 'must be an smtp:// or smtps:// URL such as smtp://user:password@smtp.example.com:587')
    .optional(),
  // The sender of every email: a bare address or "Name <address>".
  MAIL_FROM: z
    .string()
    .trim()
    .regex(MAIL_FROM_FORM, 'must be an email address or "Name <address>", such as VentureMatch <no-reply@example.com>')
    .default(DEFAULT_MAIL_FROM),
  // HTTP timeouts (docs/operations.md): a connection silent this long is cut (slowloris, a stalled
  // upload); request headers must arrive within HTTP_HEADERS_TIMEOUT_MS and a whole request body
  // within HTTP_REQUEST_TIMEOUT_MS. Live event streams send a heartbeat well inside the idle limit.
  HTTP_IDLE_TIMEOUT_MS: positiveInt(30_000),
  HTTP_HEADERS_TIMEOUT_MS: positiveInt(30_000),
  HTTP_REQUEST_TIMEOUT_MS: positiveInt(5 * 60_000),
  // Retention for rows unauthenticated traffic writes (docs/operations.md).
  RETENTION_ANONYMOUS_EVENT_DAYS: positiveInt(90),
  RETENTION_MAX_ANONYMOUS_EVENTS: positiveInt(100_000),
  RETENTION_MAX_RATE_LIMIT_ROWS: positiveInt(100_000),
  // How long a graceful shutdown may take before the process exits anyway (with code 1).
  SHUTDOWN_TIMEOUT_MS: positiveInt(10_000),
});

export type Env = z.infer<typeof EnvSchema> & { COOKIE_SECURE: boolean; HOST: string };

export class EnvError extends Error {}

/** Parses an environment (process.env by default). Throws EnvError with one readable line. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Treat empty strings as unset, as most .env tooling does.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const got = SECRET_VARIABLES.has(name) ? undefined : cleaned[name];
    throw new EnvError(`Invalid environment variable ${name}: ${issue.message}${got === undefined ? '' : ` (got "${got}")`}.`);
  }
  const env = parsed.data;
  if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) throw new EnvError('Invalid environment variable S3_BUCKET: required when STORAGE_DRIVER=s3.');
  const isProduction = env.NODE_ENV === 'production';
  // Reset and verification links are built from the public origin. Without one they would follow
  // the request's Host header, which whoever asks for a reset chooses: a forged Host would mail the
  // owner a link to someone else's site, carrying their token (ADR 0037).
  if (isProduction && !env.APP_ORIGIN) {
    throw new EnvError(
      'Invalid environment variable APP_ORIGIN: required when NODE_ENV=production, e.g. https://app.example.com (links in emails are built from it; a Host header can be forged).',
    );
  }
  return {
    ...env,
    // On a developer's machine listen on loopback only; in production containers need every interface.
    HOST: env.HOST ?? (isProduction ? '0.0.0.0' : 'localhost'),
    COOKIE_SECURE: env.COOKIE_SECURE ?? isProduction,
  };
}
