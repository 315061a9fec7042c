// Server-side sessions: a random token in an HttpOnly cookie, its sha256 in the sessions table.
// Idle timeout (rolling) and absolute lifetime are configurable; the clock is injected for tests.
// Ending a session also announces it on the event hub, so its open event streams close at once on
// every instance.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { Actor } from '../../actor';
import type { EventHub } from '../../realtime/event-hub';

const DAY_MS = 24 * 60 * 60 * 1000;
// Refresh lastActiveAt at most this often, so reads do not turn every request into a write.
const ACTIVITY_REFRESH_MS = 60 * 1000;

export interface SessionPolicy {
  idleDays: number;
  absoluteDays: number;
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Issues a brand-new session (login and registration never reuse an existing id). Returns the cookie token. */
export async function createSession(db: DbExecutor, userId: number, now: Date, policy: SessionPolicy): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url'); // 256 bits from the CSPRNG
  const absoluteExpiresAt = new Date(now.getTime() + policy.absoluteDays * DAY_MS);
  await db.insert(sessions).values({ id: hashSessionToken(token), userId, createdAt: now, lastActiveAt: now, absoluteExpiresAt });
  return { token, expiresAt: sessionCookieExpiry(now, absoluteExpiresAt, policy) };
}

/** When the cookie should expire: the sooner of the idle and absolute deadlines. */
export function sessionCookieExpiry(lastActiveAt: Date, absoluteExpiresAt: Date, policy: SessionPolicy): Date {
  const idleDeadline = lastActiveAt.getTime() + policy.idleDays * DAY_MS;
  return new Date(Math.min(idleDeadline, absoluteExpiresAt.getTime()));
}

/**
 * Resolves a cookie token to its user. Expired sessions (idle or absolute) are deleted and
 * resolve to null, as do unknown tokens: a replayed cookie after logout gets nothing.
 */
export async function resolveSession(db: DbExecutor, token: string, now: Date, policy: SessionPolicy): Promise<{ actor: Actor; refreshedExpiry?: Date } | null> {
  const sessionId = hashSessionToken(token);
  const [row] = await db
    .select({ userId: sessions.userId, userType: users.userType, lastActiveAt: sessions.lastActiveAt, absoluteExpiresAt: sessions.absoluteExpiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId));
  if (!row) return null;

  const idleDeadline = row.lastActiveAt.getTime() + policy.idleDays * DAY_MS;
  if (now.getTime() >= idleDeadline || now.getTime() >= row.absoluteExpiresAt.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return null;
  }

  const actor: Actor = { id: row.userId, userType: row.userType, sessionId };
  if (now.getTime() - row.lastActiveAt.getTime() < ACTIVITY_REFRESH_MS) return { actor };
  await db.update(sessions).set({ lastActiveAt: now }).where(eq(sessions.id, sessionId));
  return { actor, refreshedExpiry: sessionCookieExpiry(now, row.absoluteExpiresAt, policy) };
}

/**
 * Whether a session still stands (not logged out, not past either deadline), without counting as
 * activity: long-lived connections such as the live event stream recheck with this, so an open
 * tab neither outlives its session nor keeps an idle one alive.
 */
export async function isSessionActive(db: DbExecutor, sessionId: string, now: Date, policy: SessionPolicy): Promise<boolean> {
  const deadline = await sessionDeadline(db, sessionId, policy);
  return deadline !== null && now.getTime() < deadline.getTime();
}

/**
 * When a session stops being valid as things stand (the sooner of its idle and absolute
 * deadlines), or null when it is gone. The idle deadline moves later with activity, so a caller
 * waiting for it must look again when it comes.
 */
export async function sessionDeadline(db: DbExecutor, sessionId: string, policy: SessionPolicy): Promise<Date | null> {
  const [row] = await db
    .select({ lastActiveAt: sessions.lastActiveAt, absoluteExpiresAt: sessions.absoluteExpiresAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row ? sessionCookieExpiry(row.lastActiveAt, row.absoluteExpiresAt, policy) : null;
}

export async function deleteSession(db: DbExecutor, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends one session (a logout): deletes it and, at commit, closes its open event streams. */
export async function endSession(db: DbExecutor, events: EventHub, session: { userId: number; sessionId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(and(eq(sessions.id, session.sessionId), eq(sessions.userId, session.userId)));
    await events.publish(tx, [session.userId], { type: 'session_ended', sessionId: session.sessionId });
  });
}

/**
 * Ends every session of a user, or every one but `exceptSessionId` (a password change keeps the
 * session that made it): deletes them and, at commit, closes their open event streams.
 */
export async function endUserSessions(db: DbExecutor, events: EventHub, userId: number, options: { exceptSessionId?: string } = {}): Promise<{ ended: number }> {
  const { exceptSessionId } = options;
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId)))
      .returning({ id: sessions.id });
    // Announced even when no row was left (e.g. already swept), so no stream of the user outlives it.
    await events.publish(tx, [userId], { type: 'sessions_ended', exceptSessionId: exceptSessionId ?? null });
    return { ended: ended.length };
  });
}

/** Removes sessions past either deadline; run periodically so the table does not grow forever. */
export async function deleteExpiredSessions(db: DbExecutor, now: Date, policy: SessionPolicy): Promise<void> {
  const idleCutoff = new Date(now.getTime() - policy.idleDays * DAY_MS);
  await db.delete(sessions).where(or(lt(sessions.lastActiveAt, idleCutoff), lt(sessions.absoluteExpiresAt, now)));
}
