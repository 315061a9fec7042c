// Registration, sign-in and sign-out: the rules, the queries and the security log entries.
import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { RegisterBody, LoginBody, User } from '../../../shared/contracts/auth';
import { conflict, invalid, unauthenticated } from '../../app-error';
import type { AppDatabase, DbExecutor } from '../../db/client';
import { preparedOnce } from '../../db/prepared-once';
import { users } from '../../db/schema';
import { inTransaction, type ServiceContext } from '../../service-context';
import { recordActivity } from '../activity';
import { recordSecurityEvent } from '../security';
import { findKnownDevice, rememberDevice } from './known-devices.service';
import { waitInWords, type LoginThrottle } from './login-throttle';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword, verifyPassword } from './passwords';
import type { RegistrationThrottle } from './registration-throttle';
import { createSession, endSession, type SessionContext } from './session.service';
import { ACCOUNT_JOBS, EMAIL_TAKEN, INVALID_CREDENTIALS_MESSAGE, isUniqueViolation, throttled, toPublicUser, USERNAME_TAKEN } from './account-rules';

/** Signing in and registering: the session lifetimes, and the failed-login and registration counters. */
export interface AuthContext extends SessionContext {
  loginThrottle: LoginThrottle;
  registrationThrottle: RegistrationThrottle;
}

/** Who is signing in or registering, as far as the security log is concerned. */
interface FromAddress {
  ip: string;
}

/** The browser signing in or registering: its address, its User-Agent (for the sessions list), and its known-device cookie if it sent one. */
interface FromBrowser extends FromAddress {
  userAgent?: string;
  deviceToken?: string;
}

/** Where links in the emails a request causes point: the app's public origin. */
interface WithOrigin {
  origin: string;
}

export interface IssuedSession {
  user: User;
  token: string;
  expiresAt: Date;
  /** The known-device cookie this browser keeps for its next sign-ins. */
  device: { token: string; expiresAt: Date };
}

/**
 * A browser that signs in or registers while holding a session gets a fresh id: the old one (the
 * context's actor, when there is one) ends once the new one exists. Its open event streams close too.
 */
async function endPreviousSession(ctx: ServiceContext<Actor | null>): Promise<void> {
  if (ctx.actor) await endSession(ctx, { userId: ctx.actor.id, sessionId: ctx.actor.sessionId });
}

async function findDuplicateFields(db: DbExecutor, username: string, email: string): Promise<Record<string, string[]>> {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username}) or lower(${users.email}) = lower(${email})`);
  const fieldErrors: Record<string, string[]> = {};
  if (rows.some((row) => row.username.toLowerCase() === username.toLowerCase())) fieldErrors.username = [USERNAME_TAKEN];
  if (rows.some((row) => row.email.toLowerCase() === email.toLowerCase())) fieldErrors.email = [EMAIL_TAKEN];
  return fieldErrors;
}

export async function registerUser(ctx: AuthContext, input: RegisterBody & FromBrowser & WithOrigin): Promise<IssuedSession> {
  const { ip } = input;
  if (isCommonPassword(input.password)) throw invalid(COMMON_PASSWORD_MESSAGE, { password: [COMMON_PASSWORD_MESSAGE] });

  const retryAfterMs = await ctx.registrationThrottle.take(ip);
  if (retryAfterMs > 0) {
    await recordSecurityEvent(ctx, { eventType: 'registration_throttled', ip });
    throw throttled(`Too many accounts were created from this network. Please try again in ${waitInWords(retryAfterMs)}.`, retryAfterMs);
  }

  // Hashed before the uniqueness check, whatever its outcome: a taken username or email then costs
  // the same argon2 time as a new account, so the answer's timing does not tell which exist.
  const passwordHash = await hashPassword(input.password);
  const duplicates = await findDuplicateFields(ctx.db, input.username, input.email);
  if (Object.keys(duplicates).length > 0) throw conflict(Object.values(duplicates)[0]![0]!, duplicates);

  const now = ctx.clock();
  let issued: IssuedSession;
  try {
    // The account, its first activity and its session exist together or not at all.
    issued = await ctx.db.transaction(async (tx) => {
      const txCtx = inTransaction(ctx, tx);
      const [row] = await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email.toLowerCase(),
          passwordHash,
          userType: input.userType,
          firstName: input.firstName,
          lastName: input.lastName,
          createdAt: now,
        })
        .returning();
      const user = row!;
      await recordActivity(txCtx, { userId: user.id, activityType: 'account_created', entityId: user.id, description: 'Created your VentureMatch account' });
      await recordSecurityEvent(txCtx, { eventType: 'registered', userId: user.id, ip });
      const session = await createSession(txCtx, { userId: user.id, client: { userAgent: input.userAgent, ip } });
      // The address is unproven until its link is opened: the job makes the token and sends it.
      await ctx.jobs.enqueue(tx, ACCOUNT_JOBS.sendEmailVerification, { userId: user.id, origin: input.origin }, { dedupeKey: `verify-email:${user.id}` });
      // The browser that made the account is its first known device.
      const device = await rememberDevice(txCtx, { userId: user.id, knownDeviceId: null, token: undefined });
      return { user: toPublicUser(user), ...session, device };
    });
  } catch (error) {
    // Two registrations racing for one name: the unique index decides, the loser gets a clear 409.
    const violation = isUniqueViolation(error);
    if (!violation) throw error;
    const isEmail = violation.constraint?.includes('email');
    throw conflict(isEmail ? EMAIL_TAKEN : USERNAME_TAKEN, isEmail ? { email: [EMAIL_TAKEN] } : { username: [USERNAME_TAKEN] });
  }
  await endPreviousSession(ctx);
  return issued;
}

export async function loginUser(ctx: AuthContext, input: LoginBody & FromBrowser): Promise<IssuedSession> {
  const { ip, username } = input;
  const throttle = ctx.loginThrottle;
  const [row] = await ctx.db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  // A browser that signed in to this account before is throttled in its own bucket, apart from
  // everyone else's failures on the username (docs/decisions/0029).
  const deviceId = await findKnownDevice(ctx, { token: input.deviceToken, userId: row?.id ?? null });
  const attempt = { username, ip, deviceId };
  const retryAfterMs = await throttle.retryAfterMs(attempt);
  if (retryAfterMs > 0) {
    await recordSecurityEvent(ctx, { eventType: 'login_throttled', ip, detail: { username, knownDevice: deviceId !== null } });
    throw throttled(`Too many failed sign-in attempts. Please try again in ${waitInWords(retryAfterMs)}.`, retryAfterMs);
  }

  // Unknown user and wrong password take the same time and get the same answer.
  const isValid = await verifyPassword(row?.passwordHash ?? null, input.password);
  if (!row || !isValid) {
    const trips = await throttle.recordFailure(attempt);
    await recordSecurityEvent(ctx, { eventType: 'login_failed', userId: row?.id ?? null, ip, detail: { username } });
    for (const trip of trips) {
      const userId = trip.scope === 'ip' ? null : (row?.id ?? null);
      await recordSecurityEvent(ctx, { eventType: 'login_lockout', userId, ip, detail: { username, ...trip } });
    }
    throw unauthenticated(INVALID_CREDENTIALS_MESSAGE);
  }

  await throttle.recordSuccess(attempt);
  const session = await createSession(ctx, { userId: row.id, client: { userAgent: input.userAgent, ip } });
  const device = await rememberDevice(ctx, { userId: row.id, knownDeviceId: deviceId, token: input.deviceToken });
  await recordSecurityEvent(ctx, { eventType: 'login_succeeded', userId: row.id, ip, detail: { knownDevice: deviceId !== null } });
  await endPreviousSession(ctx);
  return { user: toPublicUser(row), ...session, device };
}

/** Signs the actor's session out; its open event streams close too, on every instance. */
export async function logoutSession(ctx: ServiceContext, input: FromAddress): Promise<void> {
  const { actor } = ctx;
  await endSession(ctx, { userId: actor.id, sessionId: actor.sessionId });
  await recordSecurityEvent(ctx, { eventType: 'logout', userId: actor.id, ip: input.ip });
}

// GET /api/user is the most frequent call there is: a prepared statement (issue #16).
const currentUserStatement = preparedOnce((db: AppDatabase) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('auth_current_user'),
);

/** The signed-in user's own account. */
export async function getCurrentUser(ctx: ServiceContext): Promise<User> {
  const [row] = await currentUserStatement(ctx.db).execute({ userId: ctx.actor.id });
  if (!row) throw unauthenticated();
  return toPublicUser(row);
}
