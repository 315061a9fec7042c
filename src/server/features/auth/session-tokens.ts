// The pure arithmetic of sessions: how a cookie token maps to its row id, and when a session's
// cookie must expire. No database, no clock: session.service.ts passes in the times.
import { createHash } from 'node:crypto';

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface SessionPolicy {
  idleDays: number;
  absoluteDays: number;
}

/** The row id of a session: the sha256 of its cookie token, so a database leak holds no usable cookie. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** When the cookie should expire: the sooner of the idle and absolute deadlines. */
export function sessionCookieExpiry(lastActiveAt: Date, absoluteExpiresAt: Date, policy: SessionPolicy): Date {
  const idleDeadline = lastActiveAt.getTime() + policy.idleDays * DAY_MS;
  return new Date(Math.min(idleDeadline, absoluteExpiresAt.getTime()));
}

/**
 * How a session is named in its owner's sessions list: derived from the row id (itself the cookie's
 * sha256) under a label of its own, so the list exposes neither the cookie nor the internal key the
 * server's caches and announcements use. 128 bits: no guessing another user's, and it is checked
 * against the caller's own sessions anyway.
 */
export function publicSessionId(sessionId: string): string {
  return createHash('sha256').update(`session-list:${sessionId}`).digest('hex').slice(0, 32);
}
