// Server-side sessions: a random token in an HttpOnly cookie, its sha256 in the sessions table.
// Idle timeout (rolling) and absolute lifetime are configurable; the clock is injected for tests.
import { createHash, randomBytes } from 'node:crypto';
import { eq, lt, or } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { UserType } from '../../../shared/enums';

const DAY_MS = 24 * 60 * 60 * 1000;
// Refresh lastActiveAt at most this often, so reads do not turn every request into a write.
const ACTIVITY_REFRESH_MS = 60 * 1000;

export interface SessionPolicy {
  idleDays: number;
  absoluteDays: number;
}

export interface SessionActor {
  id: number;
  userType: UserType;
  sessionId: string;
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
export async function resolveSession(db: DbExecutor, token: string, now: Date, policy: SessionPolicy): Promise<{ actor: SessionActor; refreshedExpiry?: Date } | null> {
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

  const actor: SessionActor = { id: row.userId, userType: row.userType, sessionId };
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
  const [row] = await db
    .select({ lastActiveAt: sessions.lastActiveAt, absoluteExpiresAt: sessions.absoluteExpiresAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  if (!row) return false;
  return now.getTime() < row.lastActiveAt.getTime() + policy.idleDays * DAY_MS && now.getTime() < row.absoluteExpiresAt.getTime();
}

export async function deleteSession(db: DbExecutor, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Removes sessions past either deadline; run periodically so the table does not grow forever. */
export async function deleteExpiredSessions(db: DbExecutor, now: Date, policy: SessionPolicy): Promise<void> {
  const idleCutoff = new Date(now.getTime() - policy.idleDays * DAY_MS);
  await db.delete(sessions).where(or(lt(sessions.lastActiveAt, idleCutoff), lt(sessions.absoluteExpiresAt, now)));
}
