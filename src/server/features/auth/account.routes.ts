// Account endpoints (issue #17; docs/security.md, "Account recovery and sessions"): forgot and reset
// password, change password, verify and change the email address, the sessions list, and the
// account's data: its export and its deletion (docs/decisions/0040). Thin:
// parse, call the service with the request's address and public origin, set or clear the cookies.
import contentDisposition from 'content-disposition';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as contracts from '../../../shared/contracts/account';
import { publicOrigin } from '../../http/origin-check';
import { defineRoute } from '../../http/route';
import { clearSessionCookie, deviceCookieName, setDeviceCookie, setSessionCookie } from '../../http/session';
import * as account from './account.service';
import { deleteAccount } from './account-deletion.service';
import { exportAccount } from './account-export.service';
import * as tokens from './account-tokens.service';
import type { IssuedSession } from './auth.service';
import { createIpThrottle } from './registration-throttle';
import * as sessionList from './session-list.service';

/**
 * "Forgot password" requests one address may make an hour. Generous for a shared office network,
 * low enough that nobody can use us to mail thousands of strangers; each account also gets at most
 * 3 reset emails an hour whoever asks (account-tokens.service.ts).
 */
const FORGOT_PASSWORD_MAX_PER_IP_PER_HOUR = 20;

export function registerAccountRoutes(app: FastifyInstance): void {
  const recoveryThrottle = createIpThrottle(app.db, { keyPrefix: 'password-forgot-ip', maxPerIpPerHour: FORGOT_PASSWORD_MAX_PER_IP_PER_HOUR });
  const origin = (request: FastifyRequest) => publicOrigin(request, app.config);
  const browser = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    deviceToken: request.cookies[deviceCookieName(app.config.cookieSecure)],
  });
  const setCookies = (reply: FastifyReply, issued: IssuedSession) => {
    setSessionCookie(app, reply, issued.token, issued.expiresAt);
    setDeviceCookie(app, reply, issued.device.token, issued.device.expiresAt);
  };

  defineRoute(app, contracts.forgotPassword, 'public', async ({ ctx, body, request }) => {
    await tokens.requestPasswordReset({ ...ctx, recoveryThrottle }, { email: body.email, ip: request.ip, origin: origin(request) });
    return { message: contracts.FORGOT_PASSWORD_MESSAGE };
  });

  defineRoute(app, contracts.resetPassword, 'public', async ({ ctx, body, request, reply }) => {
    const issued = await tokens.resetPassword(ctx, { ...body, ...browser(request), origin: origin(request) });
    setCookies(reply, issued);
    return issued.user;
  });

  defineRoute(app, contracts.changePassword, 'user', async ({ ctx, body, request }) => {
    const { endedSessions } = await account.changePassword(ctx, { ...body, ip: request.ip, origin: origin(request) });
    return { ok: true as const, endedSessions };
  });

  defineRoute(app, contracts.verifyEmail, 'public', ({ ctx, body, request }) => tokens.verifyEmail(ctx, { token: body.token, origin: origin(request) }));

  defineRoute(app, contracts.resendEmailVerification, 'user', async ({ ctx, request }) => {
    await account.resendEmailVerification(ctx, { origin: origin(request) });
    return { message: 'We have sent you a new verification email.' };
  });

  defineRoute(app, contracts.changeEmail, 'user', ({ ctx, body, request }) => account.changeEmail(ctx, { ...body, ip: request.ip, origin: origin(request) }));

  defineRoute(app, contracts.listAccountSessions, 'user', async ({ ctx }) => ({ sessions: await sessionList.listAccountSessions(ctx) }));

  defineRoute(app, contracts.endAccountSession, 'user', async ({ ctx, params, request, reply }) => {
    const { signedOut } = await sessionList.endAccountSession(ctx, { id: params.id, ip: request.ip });
    if (signedOut) clearSessionCookie(app, reply);
    return { ok: true as const, signedOut };
  });

  defineRoute(app, contracts.revokeOtherSessions, 'user', ({ ctx, request }) => sessionList.endOtherAccountSessions(ctx, { ip: request.ip }));

  // The archive is written while it is sent (account-export.service.ts): no Content-Length, and
  // never compressed again here (route.ts leaves raw answers alone).
  defineRoute(app, contracts.exportAccount, 'user', async ({ ctx, request, reply }) => {
    reply.header('Content-Type', 'application/zip').header('Cache-Control', 'no-store').header('X-Content-Type-Options', 'nosniff');
    // Fastify answers HEAD by reading the body to its end and dropping it: the archive is not built for that.
    if (request.method === 'HEAD') return reply.send();
    const { filename, stream } = await exportAccount(ctx, { ip: request.ip });
    return reply.header('Content-Disposition', contentDisposition(filename, { type: 'attachment' })).send(stream);
  });

  defineRoute(app, contracts.deleteAccount, 'user', async ({ ctx, body, request, reply }) => {
    await deleteAccount(ctx, { ...body, ip: request.ip });
    // This browser forgets the account: its session (already ended) and its known-device cookie,
    // whose row is gone and which would only mark a stranger's browser as this account's.
    clearSessionCookie(app, reply);
    reply.clearCookie(deviceCookieName(app.config.cookieSecure), { httpOnly: true, sameSite: 'lax', secure: app.config.cookieSecure, path: '/' });
    return { ok: true as const };
  });
}
