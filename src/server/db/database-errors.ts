// Recognises "the database is out of reach" among errors, so requests answer 503 with Retry-After
// (the client may retry; a load balancer may send traffic elsewhere) instead of a bare 500.
// Only connection-level failures count: a bad query is still a bug and still a 500.

// SQLSTATE codes meaning the server cannot take work now: connection exceptions (class 08),
// shutdowns and restarts (57P01–57P03), too many connections (53300).
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_SYSCALL_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
// node-postgres reports some losses only in words.
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error/i,
  /connection (?:is )?closed/i,
  /cannot use a pool after calling end/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (
    let current = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined;
    current && !seen.has(current);
    current = current.cause as typeof current
  ) {
    seen.add(current);
    const code = typeof current.code === 'string' ? current.code : '';
    if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_SYSCALL_CODES.has(code)) return true;
    if (typeof current.message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(current!.message as string))) return true;
    // Connecting to "localhost" tries ::1 and 127.0.0.1 and fails with an AggregateError of both.
    if (Array.isArray(current.errors) && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
