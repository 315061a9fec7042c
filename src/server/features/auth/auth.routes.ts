// /api/user, /api/register, /api/login, /api/logout (spec §7). Thin: parse, call the service, shape.
import type { FastifyInstance } from 'fastify';
import { getCurrentUser, login, logout, register } from '../../../shared/contracts/auth';
import { defineRoute } from '../../http/route';
import { clearSessionCookie, setSessionCookie } from '../../http/session';
import { getUserById, loginUser, logoutSession, registerUser } from './auth.service';
import { endSession } from './session.service';

export function registerAuthRoutes(app: FastifyInstance): void {
  const deps = app.services.auth;

  defineRoute(app, getCurrentUser, 'user', async ({ actor }) => getUserById(app.db, actor.id));

  // A browser that signs in or registers while holding a session gets a fresh id; the old row goes.
  defineRoute(app, register, 'public', async ({ actor, body, request, reply }) => {
    const issued = await registerUser(deps, body, request.ip);
    if (actor) await endSession(app.db, app.events, { userId: actor.id, sessionId: actor.sessionId });
    setSessionCookie(app, reply, issued.token, issued.expiresAt);
    return issued.user;
  });

  defineRoute(app, login, 'public', async ({ actor, body, request, reply }) => {
    const issued = await loginUser(deps, body, request.ip);
    if (actor) await endSession(app.db, app.events, { userId: actor.id, sessionId: actor.sessionId });
    setSessionCookie(app, reply, issued.token, issued.expiresAt);
    return issued.user;
  });

  defineRoute(app, logout, 'user', async ({ actor, request, reply }) => {
    await logoutSession({ db: deps.db, events: app.events }, actor, request.ip);
    clearSessionCookie(app, reply);
    return { ok: true as const };
  });
}
