// Secure links' endpoints (issue #20; docs/data-room.md, "Secure links"). Thin: access level, parse,
// one service call. The founder's side is for startups; the visitor's is public and carries the
// link's token in its path and the visitor's session in a per-link cookie set here.
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as contracts from '../../../shared/contracts/secure-links';
import { defineRoute } from '../../http/route';
import { publicOrigin } from '../../http/origin-check';
import { sendDocumentBody, sendUnsatisfiableRange } from './document-response';
import { VISITOR_COOKIE_PATH } from './link-rules';
import {
  acceptVisitorNda,
  endVisitorView,
  getVisitorLink,
  readVisitorDocument,
  recordVisitorPageTime,
  startVisitorSession,
  startVisitorView,
  submitVisitorPassword,
  verifyVisitorCode,
  type VisitorCookie,
} from './link-visitors.service';
import { createSecureLink, listSecureLinks, listSecureLinkVisitors, updateSecureLink } from './secure-links.service';

export function registerSecureLinkRoutes(app: FastifyInstance): void {
  // Scripts never read it, other sites never send it, and only the link API receives it.
  const setVisitorCookie = (reply: FastifyReply, cookie: VisitorCookie) =>
    reply.setCookie(cookie.name, cookie.value, {
      httpOnly: true,
      sameSite: 'strict',
      secure: app.config.cookieSecure || app.config.isProduction,
      path: VISITOR_COOKIE_PATH,
      expires: cookie.expiresAt,
    });

  defineRoute(app, contracts.listSecureLinks, 'startup', ({ ctx }) => listSecureLinks(ctx));
  defineRoute(app, contracts.createSecureLink, 'startup', ({ ctx, body, request }) =>
    createSecureLink(ctx, { settings: body, origin: publicOrigin(request, app.config) }),
  );
  defineRoute(app, contracts.updateSecureLink, 'startup', ({ ctx, params, body }) => updateSecureLink(ctx, { linkId: params.id, changes: body }));
  defineRoute(app, contracts.listSecureLinkVisitors, 'startup', ({ ctx, params }) => listSecureLinkVisitors(ctx, { linkId: params.id }));

  defineRoute(app, contracts.getVisitorLink, 'public', ({ ctx, params, request }) => getVisitorLink(ctx, { token: params.token, cookies: request.cookies }));
  defineRoute(app, contracts.startVisitorSession, 'public', async ({ ctx, params, body, request, reply }) => {
    const { state, cookie } = await startVisitorSession(ctx, {
      token: params.token,
      cookies: request.cookies,
      email: body.email,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
    });
    setVisitorCookie(reply, cookie);
    return state;
  });
  defineRoute(app, contracts.verifyVisitorCode, 'public', ({ ctx, params, body, request }) =>
    verifyVisitorCode(ctx, { token: params.token, cookies: request.cookies, code: body.code, ip: request.ip }),
  );
  defineRoute(app, contracts.submitVisitorPassword, 'public', ({ ctx, params, body, request }) =>
    submitVisitorPassword(ctx, { token: params.token, cookies: request.cookies, password: body.password, ip: request.ip }),
  );
  defineRoute(app, contracts.acceptVisitorNda, 'public', ({ ctx, params, body, request }) =>
    acceptVisitorNda(ctx, { token: params.token, cookies: request.cookies, acceptance: body, ip: request.ip, userAgent: request.headers['user-agent'] ?? '' }),
  );
  defineRoute(app, contracts.getVisitorDocumentContent, 'public', async ({ ctx, params, query, request, reply }) => {
    const answer = await readVisitorDocument(ctx, {
      token: params.token,
      cookies: request.cookies,
      documentId: params.documentId,
      isDownload: query.download === '1',
      rangeHeader: request.headers.range,
      ip: request.ip,
    });
    if (answer.kind === 'unsatisfiable') return sendUnsatisfiableRange(reply, answer.size);
    return sendDocumentBody(reply, { ...answer, disposition: query.download === '1' ? 'attachment' : query.disposition });
  });
  defineRoute(app, contracts.startVisitorView, 'public', ({ ctx, params, request }) =>
    startVisitorView(ctx, { token: params.token, cookies: request.cookies, documentId: params.documentId }),
  );
  defineRoute(app, contracts.endVisitorView, 'public', async ({ ctx, params, body, request }) => {
    await endVisitorView(ctx, {
      token: params.token,
      cookies: request.cookies,
      documentId: params.documentId,
      viewId: params.viewId,
      durationMs: body.durationMs,
    });
    return { ok: true as const };
  });
  // Issue #21: time on each page of a PDF, in batches while the view is open and on close.
  defineRoute(app, contracts.recordVisitorPageTime, 'public', async ({ ctx, params, body, request }) => {
    await recordVisitorPageTime(ctx, {
      token: params.token,
      cookies: request.cookies,
      documentId: params.documentId,
      viewId: params.viewId,
      pages: body.pages,
    });
    return { ok: true as const };
  });
}
