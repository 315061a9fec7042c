// Cross-site request defence (docs/security.md). Login, logout and multipart uploads are "simple"
// requests a foreign page can send with our cookie, so every state-changing request must come
// from our own origin. GET/HEAD/OPTIONS change nothing and pass.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../app-error';
import { redactUrl } from '../logging';
import { recordSecurityEvent } from '../features/security';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The app's own public origin: the configured one (APP_ORIGIN, behind a proxy), else what the
 * browser addressed (protocol + Host). The cross-site check compares against it, and emails build
 * their links on it.
 */
export function publicOrigin(request: FastifyRequest, config: { appOrigin?: string }): string {
  return config.appOrigin ?? `${request.protocol}://${request.host}`;
}

export function registerOriginCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const ownOrigin = publicOrigin(request, app.config);
    const isCrossSite = fetchSite === 'cross-site' || (origin !== undefined && origin !== ownOrigin);
    if (!isCrossSite) return;
    await recordSecurityEvent(app.contextBase, {
      eventType: 'cross_site_denied',
      userId: request.actor?.id ?? null,
      ip: request.ip,
      // Redacted as in the logs: a secure link's token must not reach the security log either.
      detail: { url: redactUrl(request.url), origin: origin ?? null, secFetchSite: fetchSite ?? null },
    });
    request.log.warn({ origin, fetchSite }, 'cross-site request refused');
    throw forbidden('This request came from another site and was refused.');
  });
}
