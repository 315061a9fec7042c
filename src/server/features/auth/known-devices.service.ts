// Known devices (docs/security.md, docs/decisions/0029): a browser that signs in successfully gets
// a long-lived random token in an HttpOnly cookie, stored here only as its sha256 and bound to the
// account. Its later sign-in attempts for that account are throttled in their own bucket, so the
// owner can still sign in while strangers are failing on the username.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Actor } from '../../actor';
import { knownDevices } from '../../db/schema';
import type { ServiceContext } from '../../service-context';
import { DAY_MS, hashSessionToken } from './session-tokens';

/** A device unused for this long is forgotten: its cookie expires and its row is swept. */
export const KNOWN_DEVICE_DAYS = 365;

type DeviceContext = ServiceContext<Actor | null>;

/** The device's id when `token` is a live known device of `userId`, else null. */
export async function findKnownDevice(ctx: DeviceContext, input: { token: string | undefined; userId: number | null }): Promise<string | null> {
  const { token, userId } = input;
  if (!token || userId === null) return null;
  const id = hashSessionToken(token);
  const since = new Date(ctx.clock().getTime() - KNOWN_DEVICE_DAYS * DAY_MS);
  const [row] = await ctx.db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(and(eq(knownDevices.id, id), eq(knownDevices.userId, userId), gt(knownDevices.lastSignInAt, since)));
  return row?.id ?? null;
}

/**
 * Marks the browser as a known device of `userId` after a successful sign-in: the same token
 * again when it already was one (its year starts over), else a fresh token. Answers the cookie.
 */
export async function rememberDevice(
  ctx: DeviceContext,
  input: { userId: number; knownDeviceId: string | null; token: string | undefined },
): Promise<{ token: string; expiresAt: Date }> {
  const now = ctx.clock();
  const expiresAt = new Date(now.getTime() + KNOWN_DEVICE_DAYS * DAY_MS);
  if (input.knownDeviceId && input.token) {
    await ctx.db.update(knownDevices).set({ lastSignInAt: now }).where(eq(knownDevices.id, input.knownDeviceId));
    return { token: input.token, expiresAt };
  }
  const token = randomBytes(32).toString('base64url');
  await ctx.db.insert(knownDevices).values({ id: hashSessionToken(token), userId: input.userId, createdAt: now, lastSignInAt: now });
  return { token, expiresAt };
}

/** Forgets devices that have not signed in for a year; run with the hourly session sweep. */
export async function deleteStaleDevices(ctx: DeviceContext): Promise<void> {
  const cutoff = new Date(ctx.clock().getTime() - KNOWN_DEVICE_DAYS * DAY_MS);
  await ctx.db.delete(knownDevices).where(lt(knownDevices.lastSignInAt, cutoff));
}
