// /api/user, /api/register, /api/login, /api/logout (docs/security.md, "Sessions and
// authentication"). Thin: parse, call the service, set or clear the cookie.
import type { FastifyInstance } from 'fastify';
import { getCurrentUser, login, logout, register } from '../../../shared/contracts/auth';
import { defineRoute } from '../../http/route';
import { clearSessionCookie, setSessionCookie } from '../../http/session';
import * as auth from './auth.service';

export function registerAuthRoutes(app: FastifyInstance): void {
  defineRoute(app, getCurrentUser, 'user', ({ ctx }) => auth.getCurrentUser(ctx));

  defineRoute(app, register, 'public', async ({ ctx, body, request, reply }) => {
    const issued = await auth.registerUser(ctx, { ...body, ip: request.ip });
    setSessionCookie(app, reply, issued.token, issued.expiresAt);
    return issued.user;
  });

  defineRoute(app, login, 'public', async ({ ctx, body, request, reply }) => {
    const issued = await auth.loginUser(ctx, { ...body, ip: request.ip });
    setSessionCookie(app, reply, issued.token, issued.expiresAt);
    return issued.user;
  });

  defineRoute(app, logout, 'user', async ({ ctx, request, reply }) => {
    await auth.logoutSession(ctx, { ip: request.ip });
    clearSessionCookie(app, reply);
    return { ok: true as const };
  });
}
