// The session guard: turns the session cookie into `request.actor` for every /api request.
// Routes never read cookies themselves; they declare who may call them (see route.ts).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contextFor } from '../app-context';
import { resolveSession } from '../features/auth';

export function sessionCookieName(isSecure: boolean): string {
  // The __Host- prefix makes the browser refuse the cookie unless Secure, Path=/ and no Domain.
  return isSecure ? '__Host-vm_session' : 'vm_session';
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(sessionCookieName(app.config.cookieSecure), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.cookieSecure,
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName(app.config.cookieSecure), { path: '/', httpOnly: true, sameSite: 'lax', secure: app.config.cookieSecure });
}

/** The known-device cookie (docs/decisions/0029): lets this browser's sign-ins skip strangers' throttling. */
export function deviceCookieName(isSecure: boolean): string {
  return isSecure ? '__Host-vm_device' : 'vm_device';
}

export function setDeviceCookie(app: FastifyInstance, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(deviceCookieName(app.config.cookieSecure), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.cookieSecure,
    path: '/',
    expires: expiresAt,
  });
}

export function registerSessionGuard(app: FastifyInstance): void {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[sessionCookieName(app.config.cookieSecure)];
    if (!token) return;
    // Nobody is known yet: the session is looked up for no one in particular.
    const resolved = await resolveSession(contextFor(app.contextBase, null, request.log), token);
    if (!resolved) {
      clearSessionCookie(app, reply);
      return;
    }
    request.actor = resolved.actor;
    // Every later log line of this request says who made it.
    request.log = request.log.child({ userId: resolved.actor.id });
    // Rolling idle timeout: move the cookie's expiry along with the server-side deadline.
    if (resolved.refreshedExpiry) setSessionCookie(app, reply, token, resolved.refreshedExpiry);
  });
}
