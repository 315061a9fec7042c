// "Where you are signed in" (issue #17): the caller's sessions with the browser, OS and masked
// address each was opened from, ending one, and ending all the others. Ending goes through
// session.service.ts, so the ended sessions' open event streams close at once on every instance.
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { AccountSession } from '../../../shared/contracts/account';
import { notFound } from '../../app-error';
import { sessions } from '../../db/schema';
import { recordSecurityEvent } from '../security';
import { describeUserAgent } from './session-client';
import { endSession, endUserSessions, type SessionContext } from './session.service';
import { DAY_MS, publicSessionId } from './session-tokens';

/** A signed-in request's session context. */
export type SignedInSessionContext = SessionContext & { actor: Actor };

/** The caller's sessions that still stand (neither deadline passed), most recently seen first. */
async function liveSessions(ctx: SignedInSessionContext) {
  const now = ctx.clock();
  const idleCutoff = new Date(now.getTime() - ctx.sessionPolicy.idleDays * DAY_MS);
  return ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, ctx.actor.id), gt(sessions.lastActiveAt, idleCutoff), gt(sessions.absoluteExpiresAt, now)))
    .orderBy(desc(sessions.lastActiveAt), desc(sessions.createdAt));
}

export async function listAccountSessions(ctx: SignedInSessionContext): Promise<AccountSession[]> {
  const rows = await liveSessions(ctx);
  return rows.map((row) => ({
    id: publicSessionId(row.id),
    ...describeUserAgent(row.userAgent),
    ipApprox: row.ipApprox,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastActiveAt.toISOString(),
    current: row.id === ctx.actor.sessionId,
  }));
}

/**
 * Ends one of the caller's sessions, found by its listed id among the caller's own (so another
 * user's id is simply not found: 404). Ending the current one is a sign-out.
 */
export async function endAccountSession(ctx: SignedInSessionContext, input: { id: string; ip: string }): Promise<{ signedOut: boolean }> {
  const rows = await ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, ctx.actor.id));
  const target = rows.find((row) => publicSessionId(row.id) === input.id);
  if (!target) throw notFound('This session was not found. It may have ended already.');
  const isCurrent = target.id === ctx.actor.sessionId;
  await endSession(ctx, { userId: ctx.actor.id, sessionId: target.id });
  await recordSecurityEvent(ctx, { eventType: 'session_ended', userId: ctx.actor.id, ip: input.ip, detail: { from: 'sessions_list', isCurrent } });
  return { signedOut: isCurrent };
}

/** Ends every session of the caller but this one. */
export async function endOtherAccountSessions(ctx: SignedInSessionContext, input: { ip: string }): Promise<{ ended: number }> {
  const result = await endUserSessions(ctx, { userId: ctx.actor.id, exceptSessionId: ctx.actor.sessionId });
  await recordSecurityEvent(ctx, { eventType: 'session_ended', userId: ctx.actor.id, ip: input.ip, detail: { from: 'sessions_list', others: result.ended } });
  return result;
}
