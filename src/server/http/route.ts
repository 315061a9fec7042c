// The one way routes are declared: a shared contract, who may call it, and a handler that calls a
// service. Parsing, the session guard, role checks, response allowlisting, compression and
// conditional GETs happen here, once.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyCompressRouteOptions } from '@fastify/compress';
import { type z } from 'zod';
import type { Endpoint } from '../../shared/contracts/endpoint';
import type { UserType } from '../../shared/enums';
import { forbidden, unauthenticated, validationError } from '../app-error';
import { rejectUnstorableText } from './input-guards';
import type { Actor } from '../actor';
import { contextFor, type AppContext } from '../app-context';
import { recordSecurityEvent } from '../features/security';
import { negotiate } from '@fastify/accept-negotiator';
import { encodedAnswer, type CachedAnswer } from './answer-cache';
import { answerNotModified, isNamedByIfNoneMatch } from './conditional-get';
import { planResponseWriter } from './response-serialization';

/** Who may call an endpoint: anyone, any signed-in user, or one role. */
export type Access = 'public' | 'user' | UserType;

export interface RouteContext<E extends Endpoint> {
  actor: Actor;
  /** The service context for this request: pass it as the first argument of any service call. */
  ctx: AppContext;
  params: E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.output<P> : never;
  query: E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.output<Q> : never;
  body: E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.output<B> : never;
  request: FastifyRequest;
  reply: FastifyReply;
  /**
   * For a route that caches its answers: the moment this answer stops being true with nothing
   * changed (a grant that expires); the cache keeps it no longer. Null: no such moment.
   */
  keepAnswerUntil(moment: Date | null): void;
}

type PublicContext<E extends Endpoint> = Omit<RouteContext<E>, 'actor' | 'ctx'> & { actor: Actor | null; ctx: AppContext<Actor | null> };

type Handler<E extends Endpoint, A extends Access> = (
  context: A extends 'public' ? PublicContext<E> : RouteContext<E>,
) => Promise<E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.input<R> : never>;

/**
 * JSON answers of 1 kB and more go out compressed when the client accepts it: brotli (quality 4, the
 * plugin's default: fast enough per request) or gzip. Smaller ones cost more to compress than they
 * save. Raw answers (document bytes, CSV, the event stream) are never compressed here: a stream
 * must not wait in a compressor's buffer, and files keep their own length and ranges.
 */
const JSON_COMPRESSION: FastifyCompressRouteOptions['compress'] = { threshold: 1024, encodings: ['br', 'gzip'] };

/** The encodings (and the size floor) of JSON_COMPRESSION, for answers sent from the answer cache. */
const CACHED_ANSWER_ENCODINGS = ['br', 'gzip'];
const COMPRESSION_THRESHOLD = 1024;

export interface RouteOptions {
  /**
   * Keep this GET's answers per user in the instance's answer cache (http/answer-cache.ts). Only
   * for reads whose every change is announced on the event hub to the users who see it.
   */
  cacheAnswers?: boolean;
}

/**
 * Writes an answer the cache holds (or has just stored): its tag, a 304 when the client has it,
 * else its bytes in the best encoding the client accepts, compressed once for every later client.
 * The Content-Encoding set here tells the compression hook that follows to leave the bytes alone.
 */
function writeCachedAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): string | Buffer | null {
  reply.header('ETag', answer.etag);
  if (isNamedByIfNoneMatch(request.headers['if-none-match'], answer.etag)) {
    reply.code(304);
    reply.removeHeader('Content-Type');
    return null;
  }
  reply.type('application/json; charset=utf-8');
  if (answer.body.length < COMPRESSION_THRESHOLD) return answer.body;
  reply.header('Vary', 'Accept-Encoding');
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', CACHED_ANSWER_ENCODINGS);
  if (encoding !== 'br' && encoding !== 'gzip') return answer.body;
  const bytes = encodedAnswer(answer, encoding);
  reply.header('Content-Encoding', encoding);
  reply.header('Content-Length', bytes.length);
  return bytes;
}

/**
 * The onSend hook of cached GET routes: an answer served from the cache is written as it is kept;
 * a fresh one is stored (when its read may be) and written the same way; anything else (errors, a
 * read overlapped by a change) is tagged as every GET is.
 */
async function sendThroughAnswerCache(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (request.cachedAnswer) return writeCachedAnswer(request, reply, request.cachedAnswer);
  if (request.answerTicket && reply.statusCode === 200 && typeof payload === 'string') {
    const answer = request.server.answerCache.remember(request.answerTicket, payload);
    if (answer) return writeCachedAnswer(request, reply, answer);
  }
  return answerNotModified(request, reply, payload);
}

function parsePart<T extends z.ZodType | undefined>(schema: T, value: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export function defineRoute<E extends Endpoint, A extends Access>(
  app: FastifyInstance,
  endpoint: E,
  access: A,
  handler: Handler<E, A>,
  options: RouteOptions = {},
): void {
  // Recorded for the OpenAPI document (http/openapi.ts): access is stated once, in this call.
  app.routeAccess.set(`${endpoint.method} ${endpoint.path}`, access);
  const successStatus = endpoint.successStatus ?? 200;
  const isJson = endpoint.raw !== 'response';
  const writer = isJson ? planResponseWriter(endpoint.response) : null;
  const cachesAnswers = options.cacheAnswers === true && isJson && endpoint.method === 'GET' && access !== 'public';
  if (options.cacheAnswers && !cachesAnswers) throw new Error(`${endpoint.method} ${endpoint.path}: only signed-in JSON GETs can cache answers`);
  if (writer?.kind === 'zod-parse' && !app.config.isProduction) {
    app.log.info(
      { route: `${endpoint.method} ${endpoint.path}`, reason: writer.reason },
      'response written through a zod parse (slower): no JSON Schema for it',
    );
  }
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    // Fastify compiles this into fast-json-stringify: only the schema's properties are written.
    schema: writer?.kind === 'compiled' ? { response: { [successStatus]: writer.jsonSchema } } : undefined,
    compress: isJson ? JSON_COMPRESSION : false,
    // Before the compression hook (route hooks run in order): the tag is of the JSON, whatever the encoding.
    onSend: cachesAnswers ? [sendThroughAnswerCache] : isJson && endpoint.method === 'GET' ? [answerNotModified] : undefined,
    handler: async (request, reply) => {
      const actor = request.actor;
      if (access !== 'public') {
        if (!actor) throw unauthenticated();
        if (access !== 'user' && actor.userType !== access) {
          await recordSecurityEvent(request.server.contextBase, {
            eventType: 'authorization_denied',
            userId: actor.id,
            ip: request.ip,
            detail: { route: endpoint.path, method: endpoint.method, requiredRole: access },
          });
          request.log.warn({ userId: actor.id, route: endpoint.path }, 'role check failed');
          throw forbidden(`Only ${access} accounts can do that.`);
        }
      }
      // Text PostgreSQL cannot store (NUL, lone surrogates) is a 400 naming the field, for every route.
      rejectUnstorableText(request.params);
      rejectUnstorableText(request.query);
      if (endpoint.raw !== 'request') rejectUnstorableText(request.body);
      const context = {
        actor,
        ctx: contextFor(request.server.contextBase, actor, request.log),
        params: parsePart(endpoint.params, request.params),
        query: parsePart(endpoint.query, request.query),
        // Multipart bodies are streamed by the handler, never parsed here.
        body: endpoint.raw === 'request' ? undefined : parsePart(endpoint.body, request.body),
        request,
        reply,
        keepAnswerUntil(moment: Date | null) {
          const ticket = request.answerTicket;
          if (moment && ticket) ticket.validUntil = Math.min(ticket.validUntil ?? Infinity, moment.getTime());
        },
      } as unknown as Parameters<Handler<E, A>>[0];
      if (cachesAnswers && actor) {
        // The route and its parsed parameters, not the raw URL: `?limit=20&status=all` and its reordering are one answer.
        const key = JSON.stringify([endpoint.path, context.params, context.query]);
        const cached = app.answerCache.recall(actor.id, key);
        if (cached) {
          request.cachedAnswer = cached;
          return reply.code(successStatus).send(cached.body);
        }
        request.answerTicket = app.answerCache.open(actor.id, key) ?? undefined;
      }
      const result = await handler(context);
      // A raw response (a file stream) has already been sent by the handler.
      if (!writer) return reply;
      reply.code(successStatus);
      // Either way only the fields the contract lists are written: a new column never leaks.
      return writer.kind === 'compiled' ? result : endpoint.response.parse(result);
    },
  });
}
