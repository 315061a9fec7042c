// Server-side sessions: a random token in an HttpOnly cookie, its sha256 in the sessions table.
// Idle timeout (rolling) and absolute lifetime are configurable; the time is the context's clock,
// so tests move it past the deadlines. Ending a session also announces it on the event hub, so its
// open event streams close at once on every instance, and every instance's session cache forgets it
// (session-cache.ts): lookups are answered from that cache for up to 30 s.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import type { Actor } from '../../actor';
import type { ServiceContext } from '../../service-context';
import { deleteStaleDevices } from './known-devices.service';
import { instanceSessionCache, type RememberedSession } from './session-cache';
import { sessionClient } from './session-client';
import { DAY_MS, hashSessionToken, sessionCookieExpiry, type SessionPolicy } from './session-tokens';

// Refresh lastActiveAt at most this often, so reads do not turn every request into a write.
const ACTIVITY_REFRESH_MS = 60 * 1000;

/**
 * The account's own "last active" (the directory's "recently active" order, issue #19) moves with
 * its sessions: on sign-in and whenever a session's activity is refreshed, so at most a minute
 * stale and never an extra write per request. Never moved back (another session may be ahead).
 */
async function touchAccount(db: SessionContext['db'], userId: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ lastActiveAt: now })
    .where(and(eq(users.id, userId), or(isNull(users.lastActiveAt), lt(users.lastActiveAt, now))));
}

/**
 * What the session services need beyond the shared context: this instance's session lifetimes.
 * The session guard calls them before anyone is known, so the actor may be null.
 */
export interface SessionContext extends ServiceContext<Actor | null> {
  sessionPolicy: SessionPolicy;
}

/**
 * Issues a brand-new session (login, registration and a password reset never reuse an existing id).
 * Returns the cookie token. `client` is the browser's User-Agent and address, kept (masked) for its
 * owner's sessions list; a bare user id opens a session for no browser in particular (tests, scripts).
 */
export async function createSession(
  ctx: SessionContext,
  input: number | { userId: number; client?: { userAgent?: string | null; ip?: string | null } },
): Promise<{ token: string; expiresAt: Date }> {
  const { userId, client } = typeof input === 'number' ? { userId: input, client: undefined } : input;
  const now = ctx.clock();
  const token = randomBytes(32).toString('base64url'); // 256 bits from the CSPRNG
  const absoluteExpiresAt = new Date(now.getTime() + ctx.sessionPolicy.absoluteDays * DAY_MS);
  await ctx.db
    .insert(sessions)
    .values({ id: hashSessionToken(token), userId, createdAt: now, lastActiveAt: now, absoluteExpiresAt, ...sessionClient(client ?? {}) });
  await touchAccount(ctx.db, userId, now);
  return { token, expiresAt: sessionCookieExpiry(now, absoluteExpiresAt, ctx.sessionPolicy) };
}

/** Whether a session is past its idle or absolute deadline at `now`. */
function isPastDeadline(session: Pick<RememberedSession, 'lastActiveAt' | 'absoluteExpiresAt'>, now: Date, policy: SessionPolicy): boolean {
  const idleDeadline = session.lastActiveAt.getTime() + policy.idleDays * DAY_MS;
  return now.getTime() >= idleDeadline || now.getTime() >= session.absoluteExpiresAt.getTime();
}

/**
 * Resolves a cookie token to its user. Expired sessions (idle or absolute) are deleted and
 * resolve to null, as do unknown tokens: a replayed cookie after logout gets nothing. A session
 * resolved in the last 30 s is answered from this instance's cache (session-cache.ts) while its
 * deadlines have not passed; a cached session past a deadline is looked up again.
 */
export async function resolveSession(ctx: SessionContext, token: string): Promise<{ actor: Actor; refreshedExpiry?: Date } | null> {
  const { db, sessionPolicy: policy } = ctx;
  const now = ctx.clock();
  const sessionId = hashSessionToken(token);
  const cache = instanceSessionCache(ctx);
  const remembered = cache.recall(sessionId);
  if (remembered && !isPastDeadline(remembered, now, policy)) {
    if (now.getTime() - remembered.lastActiveAt.getTime() < ACTIVITY_REFRESH_MS) return { actor: { ...remembered.actor } };
    // The activity write doubles as a check that the row is still there.
    const [touched] = await db
      .update(sessions)
      .set({ lastActiveAt: now })
      .where(eq(sessions.id, sessionId))
      .returning({ absoluteExpiresAt: sessions.absoluteExpiresAt });
    if (!touched) {
      cache.forget(sessionId);
      return null;
    }
    cache.remember(sessionId, { actor: remembered.actor, lastActiveAt: now, absoluteExpiresAt: touched.absoluteExpiresAt });
    await touchAccount(db, remembered.actor.id, now);
    return { actor: { ...remembered.actor }, refreshedExpiry: sessionCookieExpiry(now, touched.absoluteExpiresAt, policy) };
  }
  // Not remembered, or remembered past a deadline: the database decides (another instance's activity may have moved it).
  cache.forget(sessionId);

  const [row] = await db
    .select({ userId: sessions.userId, userType: users.userType, lastActiveAt: sessions.lastActiveAt, absoluteExpiresAt: sessions.absoluteExpiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId));
  if (!row) return null;

  if (isPastDeadline(row, now, policy)) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return null;
  }

  const actor: Actor = { id: row.userId, userType: row.userType, sessionId };
  const isRefreshDue = now.getTime() - row.lastActiveAt.getTime() >= ACTIVITY_REFRESH_MS;
  // Remembered before a second look at the row, so a logout racing this lookup cannot leave a
  // stale entry: one announced from here on reaches the entry, one committed since the first look
  // is seen by the second. When activity is due, its write is that second look.
  cache.remember(sessionId, { actor, lastActiveAt: isRefreshDue ? now : row.lastActiveAt, absoluteExpiresAt: row.absoluteExpiresAt });
  const confirmed = isRefreshDue
    ? await db.update(sessions).set({ lastActiveAt: now }).where(eq(sessions.id, sessionId)).returning({ id: sessions.id })
    : await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, sessionId));
  if (confirmed.length === 0) {
    cache.forget(sessionId);
    return null;
  }
  if (!isRefreshDue) return { actor: { ...actor } };
  await touchAccount(db, row.userId, now);
  return { actor: { ...actor }, refreshedExpiry: sessionCookieExpiry(now, row.absoluteExpiresAt, policy) };
}

/**
 * Whether a session still stands (not logged out, not past either deadline), without counting as
 * activity: long-lived connections such as the live event stream recheck with this, so an open
 * tab neither outlives its session nor keeps an idle one alive.
 */
export async function isSessionActive(ctx: SessionContext, sessionId: string): Promise<boolean> {
  const deadline = await sessionDeadline(ctx, sessionId);
  return deadline !== null && ctx.clock().getTime() < deadline.getTime();
}

/**
 * When a session stops being valid as things stand (the sooner of its idle and absolute
 * deadlines), or null when it is gone. The idle deadline moves later with activity, so a caller
 * waiting for it must look again when it comes.
 */
export async function sessionDeadline(ctx: SessionContext, sessionId: string): Promise<Date | null> {
  const [row] = await ctx.db
    .select({ lastActiveAt: sessions.lastActiveAt, absoluteExpiresAt: sessions.absoluteExpiresAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row ? sessionCookieExpiry(row.lastActiveAt, row.absoluteExpiresAt, ctx.sessionPolicy) : null;
}

/**
 * Ends one session (a logout): deletes it and, at commit, closes its open event streams and drops
 * it from every instance's session cache. This instance's cache forgets it as soon as the commit is
 * done, without waiting for its own NOTIFY to come back.
 */
export async function endSession(ctx: ServiceContext<Actor | null>, session: { userId: number; sessionId: string }): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(sessions).where(and(eq(sessions.id, session.sessionId), eq(sessions.userId, session.userId)));
    await ctx.events.publish(tx, [session.userId], { type: 'session_ended', sessionId: session.sessionId });
  });
  instanceSessionCache(ctx).forget(session.sessionId);
}

/**
 * Ends every session of a user, or every one but `exceptSessionId` (a password change keeps the
 * session that made it): deletes them and, at commit, closes their open event streams and drops
 * them from every instance's session cache (this one's at once, as in endSession).
 */
export async function endUserSessions(ctx: ServiceContext<Actor | null>, input: { userId: number; exceptSessionId?: string }): Promise<{ ended: number }> {
  const { userId, exceptSessionId } = input;
  const result = await ctx.db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId)))
      .returning({ id: sessions.id });
    // Announced even when no row was left (e.g. already swept), so no stream of the user outlives it.
    await ctx.events.publish(tx, [userId], { type: 'sessions_ended', exceptSessionId: exceptSessionId ?? null });
    return { ended: ended.length };
  });
  instanceSessionCache(ctx).forgetUser(userId, exceptSessionId);
  return result;
}

/**
 * Removes sessions past either deadline, and known devices unused for a year; run periodically so
 * neither table grows forever.
 */
export async function deleteExpiredSessions(ctx: SessionContext): Promise<void> {
  const now = ctx.clock();
  const idleCutoff = new Date(now.getTime() - ctx.sessionPolicy.idleDays * DAY_MS);
  await ctx.db.delete(sessions).where(or(lt(sessions.lastActiveAt, idleCutoff), lt(sessions.absoluteExpiresAt, now)));
  await deleteStaleDevices(ctx);
}
