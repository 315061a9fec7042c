// The signed-in user's own account: changing the password, changing the email address (the new one
// takes effect once verified), and asking for another verification email. Each change that needs
// the password checks it through the sign-in throttle, so a stolen session cannot be used to guess
// the password any faster than the sign-in form allows.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { ChangeEmailBody, ChangePasswordBody } from '../../../shared/contracts/account';
import type { User } from '../../../shared/contracts/auth';
import { invalid, unauthenticated } from '../../app-error';
import { accountTokens, users } from '../../db/schema';
import { enqueueEmail } from '../../mail';
import { inTransaction } from '../../service-context';
import { recordSecurityEvent } from '../security';
import { ACCOUNT_JOBS, announceAccountChanged, EMAIL_TAKEN, throttled, toPublicUser, type UserRow } from './account-rules';
import { assertCanSendAnotherLink } from './account-tokens.service';
import type { AuthContext } from './auth.service';
import { waitInWords } from './login-throttle';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword, verifyPassword } from './passwords';
import { endUserSessions } from './session.service';

/** The auth context of a signed-in request. */
export type SignedInAuthContext = AuthContext & { actor: Actor };

/** The request's address (the throttle and the security log) and the origin for the emails' links. */
interface FromRequest {
  ip: string;
  origin: string;
}

export const WRONG_PASSWORD_MESSAGE = 'Your current password is not correct.';
const ALREADY_VERIFIED_MESSAGE = 'Your email address is already verified.';

export async function loadOwnAccount(ctx: SignedInAuthContext): Promise<UserRow> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, ctx.actor.id));
  if (!row) throw unauthenticated();
  return row;
}

/**
 * Checks the account's password as the sign-in form would: refused while the username or the
 * address is throttled (429), and a wrong one counts as a failed sign-in. Counted per username and
 * IP, never in a known device's more generous bucket: whoever holds the session may not be the
 * person whose browser it is.
 */
export async function confirmPassword(
  ctx: SignedInAuthContext,
  input: { row: UserRow; password: string; ip: string; field: string; during: string },
): Promise<void> {
  const { row, ip } = input;
  const attempt = { username: row.username, ip, deviceId: null };
  const retryAfterMs = await ctx.loginThrottle.retryAfterMs(attempt);
  if (retryAfterMs > 0) {
    await recordSecurityEvent(ctx, { eventType: 'login_throttled', userId: row.id, ip, detail: { username: row.username, during: input.during } });
    throw throttled(`Too many failed sign-in attempts. Please try again in ${waitInWords(retryAfterMs)}.`, retryAfterMs);
  }
  if (await verifyPassword(row.passwordHash, input.password)) {
    await ctx.loginThrottle.recordSuccess(attempt);
    return;
  }
  const trips = await ctx.loginThrottle.recordFailure(attempt);
  await recordSecurityEvent(ctx, { eventType: 'login_failed', userId: row.id, ip, detail: { username: row.username, during: input.during } });
  for (const trip of trips) {
    await recordSecurityEvent(ctx, {
      eventType: 'login_lockout',
      userId: trip.scope === 'ip' ? null : row.id,
      ip,
      detail: { username: row.username, ...trip },
    });
  }
  const message = input.field === 'currentPassword' ? WRONG_PASSWORD_MESSAGE : 'This password is not correct.';
  throw invalid(message, { [input.field]: [message] });
}

/**
 * POST /api/account/password: sets a new password. This session stays; every other one ends (their
 * open streams close), reset links still out there die, and the notice email is queued.
 */
export async function changePassword(ctx: SignedInAuthContext, input: ChangePasswordBody & FromRequest): Promise<{ endedSessions: number }> {
  if (isCommonPassword(input.newPassword)) throw invalid(COMMON_PASSWORD_MESSAGE, { newPassword: [COMMON_PASSWORD_MESSAGE] });
  const row = await loadOwnAccount(ctx);
  await confirmPassword(ctx, { row, password: input.currentPassword, ip: input.ip, field: 'currentPassword', during: 'change_password' });
  const passwordHash = await hashPassword(input.newPassword);
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, row.id));
    await tx
      .update(accountTokens)
      .set({ usedAt: now })
      .where(and(eq(accountTokens.userId, row.id), eq(accountTokens.purpose, 'password-reset'), isNull(accountTokens.usedAt)));
    const { ended } = await endUserSessions(txCtx, { userId: row.id, exceptSessionId: ctx.actor.sessionId });
    await enqueueEmail(txCtx, { template: { kind: 'password-changed', to: row.email, name: row.firstName }, origin: input.origin });
    await recordSecurityEvent(txCtx, { eventType: 'password_changed', userId: row.id, ip: input.ip, detail: { endedSessions: ended } });
    return { endedSessions: ended };
  });
}

/**
 * POST /api/account/email: asks to move the account to another address. The address in use stays
 * until the link sent to the new one is opened (verifyEmail). Asking for the current address again
 * withdraws a pending change.
 */
export async function changeEmail(ctx: SignedInAuthContext, input: ChangeEmailBody & FromRequest): Promise<User> {
  const row = await loadOwnAccount(ctx);
  await confirmPassword(ctx, { row, password: input.password, ip: input.ip, field: 'password', during: 'change_email' });
  const address = input.email.toLowerCase();
  if (address === row.email.toLowerCase()) {
    const [kept] = await ctx.db.update(users).set({ pendingEmail: null }).where(eq(users.id, row.id)).returning();
    await announceAccountChanged(ctx, row.id);
    return toPublicUser(kept!);
  }
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${address}`, ne(users.id, row.id)));
  if (taken) throw invalid(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
  await assertCanSendAnotherLink(ctx, { purpose: 'verify-email' });

  return ctx.db.transaction(async (tx) => {
    const [updated] = await tx.update(users).set({ pendingEmail: address }).where(eq(users.id, row.id)).returning();
    await ctx.jobs.enqueue(tx, ACCOUNT_JOBS.sendEmailVerification, { userId: row.id, origin: input.origin }, { dedupeKey: `verify-email:${row.id}` });
    await recordSecurityEvent(inTransaction(ctx, tx), { eventType: 'email_change_requested', userId: row.id, ip: input.ip, detail: { to: address } });
    await announceAccountChanged(inTransaction(ctx, tx), row.id);
    return toPublicUser(updated!);
  });
}

/** POST /api/email/verify/resend: another link to the address waiting to be verified. */
export async function resendEmailVerification(ctx: SignedInAuthContext, input: { origin: string }): Promise<void> {
  const row = await loadOwnAccount(ctx);
  if (row.pendingEmail === null && row.emailVerifiedAt !== null) throw invalid(ALREADY_VERIFIED_MESSAGE);
  await assertCanSendAnotherLink(ctx, { purpose: 'verify-email' });
  await ctx.jobs.enqueue(ctx.db, ACCOUNT_JOBS.sendEmailVerification, { userId: row.id, origin: input.origin }, { dedupeKey: `verify-email:${row.id}` });
}
