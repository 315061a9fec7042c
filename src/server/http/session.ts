// The session guard: turns the session cookie into `request.actor` for every /api request.
// Routes never read cookies themselves; they declare who may call them (see route.ts).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contextFor } from '../app-context';
import { resolveSession } from '../features/auth';

// The __Host- prefix makes the browser refuse a cookie unless Secure, Path=/ and no Domain.
const hostCookieName = (name: string, isSecure: boolean) => (isSecure ? `__Host-${name}` : name);

/** What both of our cookies are: unreadable by scripts, sent on top-level navigation, whole-site. */
const cookieOptions = (app: FastifyInstance) => ({ httpOnly: true, sameSite: 'lax' as const, secure: app.config.cookieSecure, path: '/' });

export function sessionCookieName(isSecure: boolean): string {
  return hostCookieName('vm_session', isSecure);
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(sessionCookieName(app.config.cookieSecure), token, { ...cookieOptions(app), expires: expiresAt });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName(app.config.cookieSecure), cookieOptions(app));
}

/** The known-device cookie (docs/decisions/0029): lets this browser's sign-ins skip strangers' throttling. */
export function deviceCookieName(isSecure: boolean): string {
  return hostCookieName('vm_device', isSecure);
}

export function setDeviceCookie(app: FastifyInstance, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(deviceCookieName(app.config.cookieSecure), token, { ...cookieOptions(app), expires: expiresAt });
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
