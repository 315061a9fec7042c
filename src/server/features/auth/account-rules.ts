// What the auth services share: how an account row is shown to its owner (allowlisted), the
// sentences more than one flow says, and the shapes of their errors.
import type { User } from '../../../shared/contracts/auth';
import { AppError } from '../../app-error';
import type { users } from '../../db/schema';
import type { Actor } from '../../actor';
import type { ServiceContext } from '../../service-context';
import { queryRows } from '../../db/client';
import { sql } from 'drizzle-orm';

export type UserRow = typeof users.$inferSelect;

/** The auth feature's durable jobs (handlers in app-jobs.ts): each makes its token when it sends, never before. */
export const ACCOUNT_JOBS = {
  sendPasswordReset: 'auth.send-password-reset',
  sendEmailVerification: 'auth.send-email-verification',
} as const;

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password.';
export const USERNAME_TAKEN = 'This username is already taken.';
export const EMAIL_TAKEN = 'An account with this email already exists.';

/** The allowlisted view of an account, for its owner. */
export function toPublicUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    userType: row.userType,
    firstName: row.firstName,
    lastName: row.lastName,
    createdAt: row.createdAt.toISOString(),
    emailVerified: row.emailVerifiedAt !== null,
    pendingEmail: row.pendingEmail,
  };
}

/** A 429 with Retry-After in whole seconds. */
export function throttled(message: string, retryAfterMs: number): AppError {
  return new AppError('throttled', message, undefined, { 'Retry-After': String(Math.ceil(retryAfterMs / 1000)) });
}

/** The unique-index violation inside a (possibly wrapped) database error, or null. */
export function isUniqueViolation(error: unknown): { constraint?: string } | null {
  for (let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code === '23505') return { constraint: current.constraint };
  }
  return null;
}

/**
 * The account's address or its verification changed: its own answer (GET /api/user) and the
 * "Verified" badge on its cards in everyone's match lists. No browser event says so, so those
 * users' cached answers go (http/answer-cache.ts). The counterparts are read straight from the
 * matches table (as the dashboard's read model does): auth sits below matching.
 */
export async function announceAccountChanged(ctx: Pick<ServiceContext<Actor | null>, 'db' | 'events'>, userId: number): Promise<void> {
  const counterparts = await queryRows<{ userId: number }>(
    ctx.db,
    sql`select case when startup_id = ${userId} then investor_id else startup_id end as "userId"
          from matches where startup_id = ${userId} or investor_id = ${userId}`,
  );
  await ctx.events.publish(ctx.db, [userId, ...counterparts.map((row) => row.userId)], { type: 'reads_changed' });
}
