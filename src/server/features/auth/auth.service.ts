// Registration, sign-in and sign-out: the rules, the queries and the security log entries.
import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { RegisterBody, LoginBody, User } from '../../../shared/contracts/auth';
import { AppError, conflict, invalid, unauthenticated } from '../../app-error';
import type { DbExecutor } from '../../db/client';
import { users } from '../../db/schema';
import { inTransaction, type ServiceContext } from '../../service-context';
import { recordActivity } from '../activity';
import { recordSecurityEvent } from '../security';
import type { LoginThrottle } from './login-throttle';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword, verifyPassword } from './passwords';
import { createSession, endSession, type SessionContext } from './session.service';

/** Signing in and registering: the session lifetimes, and the failed-login counters. */
export interface AuthContext extends SessionContext {
  loginThrottle: LoginThrottle;
}

/** Who is signing in or registering, as far as the security log is concerned. */
interface FromAddress {
  ip: string;
}

export interface IssuedSession {
  user: User;
  token: string;
  expiresAt: Date;
}

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password.';
const USERNAME_TAKEN = 'This username is already taken.';
const EMAIL_TAKEN = 'An account with this email already exists.';

type UserRow = typeof users.$inferSelect;

/** The allowlisted public view of an account. */
function toPublicUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    userType: row.userType,
    firstName: row.firstName,
    lastName: row.lastName,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A browser that signs in or registers while holding a session gets a fresh id: the old one (the
 * context's actor, when there is one) ends once the new one exists. Its open event streams close too.
 */
async function endPreviousSession(ctx: ServiceContext<Actor | null>): Promise<void> {
  if (ctx.actor) await endSession(ctx, { userId: ctx.actor.id, sessionId: ctx.actor.sessionId });
}

function isUniqueViolation(error: unknown): { constraint?: string } | null {
  for (let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code === '23505') return { constraint: current.constraint };
  }
  return null;
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

export async function registerUser(ctx: AuthContext, input: RegisterBody & FromAddress): Promise<IssuedSession> {
  const { ip } = input;
  if (isCommonPassword(input.password)) throw invalid(COMMON_PASSWORD_MESSAGE, { password: [COMMON_PASSWORD_MESSAGE] });

  const duplicates = await findDuplicateFields(ctx.db, input.username, input.email);
  if (Object.keys(duplicates).length > 0) throw conflict(Object.values(duplicates)[0]![0]!, duplicates);

  const passwordHash = await hashPassword(input.password);
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
      const session = await createSession(txCtx, user.id);
      return { user: toPublicUser(user), ...session };
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

export async function loginUser(ctx: AuthContext, input: LoginBody & FromAddress): Promise<IssuedSession> {
  const { ip } = input;
  const throttle = ctx.loginThrottle;
  const retryAfterMs = await throttle.retryAfterMs(input.username, ip);
  if (retryAfterMs > 0) {
    await recordSecurityEvent(ctx, { eventType: 'login_throttled', ip, detail: { username: input.username } });
    const minutes = Math.ceil(retryAfterMs / 60_000);
    throw new AppError(
      'throttled',
      `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      undefined,
      { 'Retry-After': String(Math.ceil(retryAfterMs / 1000)) },
    );
  }

  const [row] = await ctx.db.select().from(users).where(sql`lower(${users.username}) = lower(${input.username})`);
  // Unknown user and wrong password take the same time and get the same answer.
  const isValid = await verifyPassword(row?.passwordHash ?? null, input.password);
  if (!row || !isValid) {
    await throttle.recordFailure(input.username, ip);
    await recordSecurityEvent(ctx, { eventType: 'login_failed', userId: row?.id ?? null, ip, detail: { username: input.username } });
    throw unauthenticated(INVALID_CREDENTIALS_MESSAGE);
  }

  await throttle.recordSuccess(input.username);
  const session = await createSession(ctx, row.id);
  await recordSecurityEvent(ctx, { eventType: 'login_succeeded', userId: row.id, ip });
  await endPreviousSession(ctx);
  return { user: toPublicUser(row), ...session };
}

/** Signs the actor's session out; its open event streams close too, on every instance. */
export async function logoutSession(ctx: ServiceContext, input: FromAddress): Promise<void> {
  const { actor } = ctx;
  await endSession(ctx, { userId: actor.id, sessionId: actor.sessionId });
  await recordSecurityEvent(ctx, { eventType: 'logout', userId: actor.id, ip: input.ip });
}

/** The signed-in user's own account. */
export async function getCurrentUser(ctx: ServiceContext): Promise<User> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, ctx.actor.id));
  if (!row) throw unauthenticated();
  return toPublicUser(row);
}
