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
import { answerNotModified } from './conditional-get';
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

function parsePart<T extends z.ZodType | undefined>(schema: T, value: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export function defineRoute<E extends Endpoint, A extends Access>(app: FastifyInstance, endpoint: E, access: A, handler: Handler<E, A>): void {
  // Recorded for the OpenAPI document (http/openapi.ts): access is stated once, in this call.
  app.routeAccess.set(`${endpoint.method} ${endpoint.path}`, access);
  const successStatus = endpoint.successStatus ?? 200;
  const isJson = endpoint.raw !== 'response';
  const writer = isJson ? planResponseWriter(endpoint.response) : null;
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
    onSend: isJson && endpoint.method === 'GET' ? [answerNotModified] : undefined,
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
      } as unknown as Parameters<Handler<E, A>>[0];
      const result = await handler(context);
      // A raw response (a file stream) has already been sent by the handler.
      if (!writer) return reply;
      reply.code(successStatus);
      // Either way only the fields the contract lists are written: a new column never leaks.
      return writer.kind === 'compiled' ? result : endpoint.response.parse(result);
    },
  });
}
