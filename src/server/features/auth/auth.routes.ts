// /api/user, /api/register, /api/login, /api/logout (docs/security.md, "Sessions and
// authentication"). Thin: parse, call the service, set or clear the cookies. Logout leaves the
// known-device cookie in place: the browser stays known for its owner's next sign-in.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getCurrentUser, login, logout, register } from '../../../shared/contracts/auth';
import { publicOrigin } from '../../http/origin-check';
import { defineRoute } from '../../http/route';
import { clearSessionCookie, deviceCookieName, setDeviceCookie, setSessionCookie } from '../../http/session';
import * as auth from './auth.service';

export function registerAuthRoutes(app: FastifyInstance): void {
  // Asked on every screen load: kept per user until their account changes (announceAccountChanged; http/answer-cache.ts).
  defineRoute(app, getCurrentUser, 'user', ({ ctx }) => auth.getCurrentUser(ctx), { cacheAnswers: true });

  const deviceToken = (request: FastifyRequest) => request.cookies[deviceCookieName(app.config.cookieSecure)];
  // The session cookie goes first: clients that read only the first Set-Cookie still find it.
  const setCookies = (reply: FastifyReply, issued: auth.IssuedSession) => {
    setSessionCookie(app, reply, issued.token, issued.expiresAt);
    setDeviceCookie(app, reply, issued.device.token, issued.device.expiresAt);
  };

  defineRoute(app, register, 'public', async ({ ctx, body, request, reply }) => {
    const issued = await auth.registerUser(ctx, {
      ...body,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      origin: publicOrigin(request, app.config),
    });
    setCookies(reply, issued);
    return issued.user;
  });

  defineRoute(app, login, 'public', async ({ ctx, body, request, reply }) => {
    const issued = await auth.loginUser(ctx, { ...body, ip: request.ip, userAgent: request.headers['user-agent'], deviceToken: deviceToken(request) });
    setCookies(reply, issued);
    return issued.user;
  });

  defineRoute(app, logout, 'user', async ({ ctx, request, reply }) => {
    await auth.logoutSession(ctx, { ip: request.ip });
    clearSessionCookie(app, reply);
    return { ok: true as const };
  });
}
