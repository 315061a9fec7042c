// Links sent by email (docs/decisions/0038): "forgot password" and address verification. A link's
// token is 32 random bytes; the database keeps only its sha256, and the raw token exists only in
// the job that sends it and in the email itself. So the token is made by the job, at the moment it
// sends, never by the request: the jobs table (readable by operators, kept for days) carries an
// address and an origin, never a token.
//
// "Forgot password" answers the same whatever the address: the request does not even look the
// account up, it only queues the job (the same statements for a known and an unknown address, so
// the answer and its timing cannot tell them apart). The job looks the account up and sends only
// when there is one, at most MAX_EMAILS_PER_HOUR times an hour per account and purpose.
import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { User } from '../../../shared/contracts/auth';
import { invalid } from '../../app-error';
import { accountTokens, users } from '../../db/schema';
import { enqueueEmail, renderEmail, type MailContext, type RenderedEmail } from '../../mail';
import { inTransaction, type ServiceContext } from '../../service-context';
import { recordSecurityEvent } from '../security';
import { ACCOUNT_JOBS, announceAccountChanged, EMAIL_TAKEN, isUniqueViolation, throttled, toPublicUser } from './account-rules';
import type { AuthContext, IssuedSession } from './auth.service';
import { findKnownDevice, rememberDevice } from './known-devices.service';
import { waitInWords } from './login-throttle';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword } from './passwords';
import type { IpThrottle } from './registration-throttle';
import { runEmailVerifiedReactions } from './email-verified-reactions';
import { createSession, endSession, endUserSessions } from './session.service';
import { hashSessionToken } from './session-tokens';

type TokenPurpose = 'password-reset' | 'verify-email';

export const RESET_LINK_MINUTES = 60;
// Long enough for someone who registers in the evening and reads their mail the next day.
export const VERIFY_LINK_HOURS = 48;
/** Emails of one purpose an account gets per hour at most: nobody can bomb an inbox with our links. */
export const MAX_EMAILS_PER_HOUR = 3;

const HOUR_MS = 60 * 60_000;

export const RESET_LINK_SPENT_MESSAGE = 'This reset link has expired or was already used. Ask for a new one.';
export const VERIFY_LINK_SPENT_MESSAGE = 'This verification link has expired or was already used. Ask for a new one.';
const VERIFY_LINK_STALE_MESSAGE = 'This verification link is for an address your account no longer uses. Ask for a new one.';

/** The job context: the mailer sends the email the job has just made a token for. */
export type AccountMailContext = ServiceContext<null> & MailContext;

/** "Forgot password" also needs its per-address throttle. */
export interface RecoveryContext extends AuthContext {
  recoveryThrottle: IpThrottle;
}

/** The browser that opened a link: for the session it gets, its known-device cookie, and the security log. */
interface FromBrowser {
  ip: string;
  userAgent?: string;
  deviceToken?: string;
}

/** A fresh token and the hash stored for it. The token itself is the same size and source as a session cookie's. */
function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashSessionToken(token) };
}

/** How many links of `purpose` the account was sent in the last hour, and when the oldest of them was. */
async function recentTokens(
  ctx: ServiceContext<Actor | null>,
  input: { userId: number; purpose: TokenPurpose },
): Promise<{ sent: number; oldestAt: Date | null }> {
  const since = new Date(ctx.clock().getTime() - HOUR_MS);
  const [row] = await ctx.db
    .select({ sent: count(), oldestAt: sql<string | Date | null>`min(${accountTokens.createdAt})` })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, input.userId), eq(accountTokens.purpose, input.purpose), gt(accountTokens.createdAt, since)));
  const oldestAt = row?.oldestAt ? new Date(row.oldestAt) : null;
  return { sent: Number(row?.sent ?? 0), oldestAt };
}

/**
 * Answers a 429 when the account was already sent MAX_EMAILS_PER_HOUR links of `purpose` this hour.
 * Only for a signed-in caller asking about their own account: the anonymous "forgot password"
 * must never say anything about an account, so its job skips silently instead.
 */
export async function assertCanSendAnotherLink(ctx: ServiceContext, input: { purpose: TokenPurpose }): Promise<void> {
  const { sent, oldestAt } = await recentTokens(ctx, { userId: ctx.actor.id, purpose: input.purpose });
  if (sent < MAX_EMAILS_PER_HOUR) return;
  const retryAfterMs = Math.max(1000, (oldestAt?.getTime() ?? ctx.clock().getTime()) + HOUR_MS - ctx.clock().getTime());
  throw throttled(
    `We have already sent you ${MAX_EMAILS_PER_HOUR} emails in the last hour. Please check your inbox, or try again in ${waitInWords(retryAfterMs)}.`,
    retryAfterMs,
  );
}

/**
 * Stores the hash of a new token, sends the email that carries it, and forgets the token if the
 * send fails (the job is retried and makes a fresh one), so no link exists that was never sent.
 */
async function sendLink(
  ctx: AccountMailContext,
  input: { userId: number; purpose: TokenPurpose; email: string; validMs: number; render: (token: string) => RenderedEmail },
): Promise<void> {
  const now = ctx.clock();
  const { token, tokenHash } = newToken();
  await ctx.db.insert(accountTokens).values({
    tokenHash,
    userId: input.userId,
    purpose: input.purpose,
    email: input.email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + input.validMs),
  });
  try {
    await ctx.mailer.send(input.render(token));
  } catch (error) {
    await ctx.db.delete(accountTokens).where(eq(accountTokens.tokenHash, tokenHash));
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Forgot password, and the reset link

/**
 * POST /api/password/forgot: queues the reset email, whatever the address. The only thing that
 * can refuse is the per-address throttle, which counts every request alike.
 */
export async function requestPasswordReset(ctx: RecoveryContext, input: { email: string; ip: string; origin: string }): Promise<void> {
  const retryAfterMs = await ctx.recoveryThrottle.take(input.ip);
  if (retryAfterMs > 0) {
    throw throttled(`Too many password reset requests came from this network. Please try again in ${waitInWords(retryAfterMs)}.`, retryAfterMs);
  }
  const email = input.email.toLowerCase();
  // One waiting job per address: a double click sends one email.
  await ctx.jobs.enqueue(ctx.db, ACCOUNT_JOBS.sendPasswordReset, { email, origin: input.origin }, { dedupeKey: `password-reset:${email}` });
}

/** The `auth.send-password-reset` job: a reset link to the account with this address, if there is one. */
export async function sendPasswordResetEmail(ctx: AccountMailContext, input: { email: string; origin: string }): Promise<void> {
  const [row] = await ctx.db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.email})`);
  if (!row) return;
  const { sent } = await recentTokens(ctx, { userId: row.id, purpose: 'password-reset' });
  if (sent >= MAX_EMAILS_PER_HOUR) {
    ctx.log.info({ userId: row.id }, 'password reset email skipped: the hourly limit for this account is reached');
    return;
  }
  await sendLink(ctx, {
    userId: row.id,
    purpose: 'password-reset',
    email: row.email,
    validMs: RESET_LINK_MINUTES * 60_000,
    render: (token) => renderEmail({ kind: 'password-reset', to: row.email, name: row.firstName, token, validMinutes: RESET_LINK_MINUTES }, input.origin),
  });
}

/**
 * POST /api/password/reset: spends the link (once, atomically), sets the new password, ends every
 * session of the account (their open streams close), signs this browser in, and queues the
 * "your password was changed" notice.
 */
export async function resetPassword(ctx: AuthContext, input: { token: string; password: string; origin: string } & FromBrowser): Promise<IssuedSession> {
  if (isCommonPassword(input.password)) throw invalid(COMMON_PASSWORD_MESSAGE, { password: [COMMON_PASSWORD_MESSAGE] });
  // Hashed before the transaction: argon2's 35 ms should not hold the token row's lock.
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock();
  const tokenHash = hashSessionToken(input.token);

  const reset = await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    // A link works only while the address it was sent to is still the account's: once the account
    // has moved to another address, links in the old mailbox are dead.
    const [spent] = await tx
      .update(accountTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountTokens.tokenHash, tokenHash),
          eq(accountTokens.purpose, 'password-reset'),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, now),
          sql`exists (select 1 from ${users} where ${users.id} = ${accountTokens.userId} and lower(${users.email}) = lower(${accountTokens.email}))`,
        ),
      )
      .returning({ userId: accountTokens.userId });
    if (!spent) return null;
    const { userId } = spent;
    // Every other reset link of the account dies with this one.
    await tx
      .update(accountTokens)
      .set({ usedAt: now })
      .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, 'password-reset'), isNull(accountTokens.usedAt)));
    // Opening the link proved the address reaches its owner: it counts as verified.
    const [row] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
      .where(eq(users.id, userId))
      .returning();
    const user = row!;
    await endUserSessions(txCtx, { userId });
    // Opening the link may just have verified the address: the badge on the account's cards changes.
    await announceAccountChanged(txCtx, userId);
    await runEmailVerifiedReactions(txCtx, { userId, email: user.email.toLowerCase() });
    const session = await createSession(txCtx, { userId, client: { userAgent: input.userAgent, ip: input.ip } });
    const deviceId = await findKnownDevice(txCtx, { token: input.deviceToken, userId });
    const device = await rememberDevice(txCtx, { userId, knownDeviceId: deviceId, token: input.deviceToken });
    await enqueueEmail(txCtx, { template: { kind: 'password-changed', to: user.email, name: user.firstName }, origin: input.origin });
    await recordSecurityEvent(txCtx, { eventType: 'password_reset', userId, ip: input.ip });
    return { issued: { user: toPublicUser(user), ...session, device }, username: user.username };
  });
  if (!reset) throw invalid(RESET_LINK_SPENT_MESSAGE, { token: [RESET_LINK_SPENT_MESSAGE] });

  // Whoever failed to sign in as this user before, the owner expects the new password to work now.
  await ctx.loginThrottle.recordSuccess({ username: reset.username, ip: input.ip, deviceId: null });
  // A browser signed in to another account gets only the new session (its old one ends, as at sign-in).
  if (ctx.actor && ctx.actor.id !== reset.issued.user.id) await endSession(ctx, { userId: ctx.actor.id, sessionId: ctx.actor.sessionId });
  return reset.issued;
}

// ---------------------------------------------------------------------------------------------
// Address verification

/**
 * The `auth.send-email-verification` job: a link to the address waiting to be proven (the pending
 * new address, else the account's own while unverified). Nothing to prove, nothing sent.
 */
export async function sendVerificationEmail(ctx: AccountMailContext, input: { userId: number; origin: string }): Promise<void> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, input.userId));
  if (!row) return;
  const address = row.pendingEmail ?? (row.emailVerifiedAt ? null : row.email);
  if (!address) return;
  const { sent } = await recentTokens(ctx, { userId: row.id, purpose: 'verify-email' });
  if (sent >= MAX_EMAILS_PER_HOUR) {
    ctx.log.info({ userId: row.id }, 'verification email skipped: the hourly limit for this account is reached');
    return;
  }
  await sendLink(ctx, {
    userId: row.id,
    purpose: 'verify-email',
    email: address,
    validMs: VERIFY_LINK_HOURS * HOUR_MS,
    render: (token) => renderEmail({ kind: 'verify-email', to: address, name: row.firstName, token }, input.origin),
  });
}

/**
 * POST /api/email/verify: spends the link and marks the address it was sent to verified. When that
 * address is the pending new one, it becomes the account's email, and the old address is told.
 * Anyone holding the link may open it, signed in or not: the link is the proof.
 */
export async function verifyEmail(ctx: ServiceContext<Actor | null>, input: { token: string; origin: string }): Promise<User> {
  const now = ctx.clock();
  const tokenHash = hashSessionToken(input.token);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [spent] = await tx
        .update(accountTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(accountTokens.tokenHash, tokenHash),
            eq(accountTokens.purpose, 'verify-email'),
            isNull(accountTokens.usedAt),
            gt(accountTokens.expiresAt, now),
          ),
        )
        .returning({ userId: accountTokens.userId, email: accountTokens.email });
      if (!spent) throw invalid(VERIFY_LINK_SPENT_MESSAGE, { token: [VERIFY_LINK_SPENT_MESSAGE] });
      // Locked: a change of address racing this link cannot slip between the check and the write.
      const [row] = await tx.select().from(users).where(eq(users.id, spent.userId)).for('update');
      const user = row!;
      const address = spent.email.toLowerCase();

      let updated: typeof user;
      if (user.email.toLowerCase() === address) {
        [updated] = (await tx
          .update(users)
          .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
          .where(eq(users.id, user.id))
          .returning()) as [typeof user];
      } else if (user.pendingEmail?.toLowerCase() === address) {
        // The unique index on lower(email) decides if another account took the address meanwhile.
        [updated] = (await tx.update(users).set({ email: address, pendingEmail: null, emailVerifiedAt: now }).where(eq(users.id, user.id)).returning()) as [
          typeof user,
        ];
        await enqueueEmail(inTransaction(ctx, tx), {
          template: { kind: 'email-changed', to: user.email, name: user.firstName, newEmail: address },
          origin: input.origin,
        });
        await recordSecurityEvent(inTransaction(ctx, tx), { eventType: 'email_changed', userId: user.id, detail: { from: user.email, to: address } });
      } else {
        throw invalid(VERIFY_LINK_STALE_MESSAGE, { token: [VERIFY_LINK_STALE_MESSAGE] });
      }
      await announceAccountChanged(inTransaction(ctx, tx), user.id);
      await runEmailVerifiedReactions(inTransaction(ctx, tx), { userId: user.id, email: address });
      // The other links sent to this address have nothing left to prove.
      await tx
        .update(accountTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(accountTokens.userId, user.id),
            eq(accountTokens.purpose, 'verify-email'),
            isNull(accountTokens.usedAt),
            sql`lower(${accountTokens.email}) = ${address}`,
          ),
        );
      return toPublicUser(updated);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    throw error;
  }
}
