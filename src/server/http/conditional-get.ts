// Conditional GETs for JSON answers (issue #16): each 200 carries a weak ETag computed from its
// serialised body, and a request whose If-None-Match names it gets 304 with no body, so a client
// that still holds that answer neither downloads nor parses it again. The tag is a hash of what
// would be sent, so any change to the data (or to the contract's fields) gives a new one, with no
// version column to keep. Answers stay `Cache-Control: no-store` (docs/security.md): no browser or
// proxy stores them, so the tag is only ever sent back by a client that kept the body itself.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A weak tag: the same JSON may go out as identity, gzip or br bytes, which a strong tag would
 * have to tell apart; weak comparison is all If-None-Match uses anyway.
 */
export function weakEtagOf(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Whether an If-None-Match value names `etag`, by weak comparison (RFC 9110, section 13.1.2). */
export function isNamedByIfNoneMatch(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaqueTag = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaqueTag(etag);
  // Our tags are base64url inside quotes, never a comma: splitting on commas is exact for them.
  return ifNoneMatch.split(',').some((tag) => opaqueTag(tag) === wanted);
}

/** A route-level onSend hook for GET routes with JSON answers: sets the ETag, answers 304 when it matches. */
export async function answerNotModified(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  // Errors and empty answers are never tagged: a client must not keep a 4xx as "unchanged".
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
  const etag = weakEtagOf(payload);
  reply.header('ETag', etag);
  if (!isNamedByIfNoneMatch(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  reply.removeHeader('Content-Type');
  return null;
}
