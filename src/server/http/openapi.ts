// The API reference (issue #13): an OpenAPI 3.1 document generated from the endpoint contracts,
// served at GET /api/openapi.json, and an interactive page at /api/docs that renders it
// (api-reference-page.ts).
//
// Nothing here restates a schema. Paths, parameters, bodies and responses come from ALL_ENDPOINTS
// through zod's own JSON Schema output (openapi-schema.ts; request parts as the client sends them,
// `io: 'input'`; responses as the route's parse leaves them, `io: 'output'`); who may call each
// route comes from its defineRoute call (app.routeAccess). The contracts cannot say what a raw
// body's bytes are, or which services answer 409 or 429: those few facts are the tables in
// openapi-annotations.ts, and building the document fails (so does its test) when a raw endpoint
// is missing from them.
import { createHash } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { version } from '../../../package.json';
import { ALL_ENDPOINTS } from '../../shared/contracts/all-endpoints';
import * as apiDocs from '../../shared/contracts/api-docs';
import type { Endpoint } from '../../shared/contracts/endpoint';
import { ApiErrorBody } from '../../shared/errors';
import { loadScalarBundle, referencePage, type ScalarBundle } from './api-reference-page';
import { ERROR_RESPONSES, EXTRA_ERRORS, RAW_REQUESTS, RAW_RESPONSES, TAGS } from './openapi-annotations';
import { jsonSchemaOf, toOpenApiSchema, type JsonSchema } from './openapi-schema';
import { defineRoute, type Access } from './route';
import { sessionCookieName } from './session';

type Operation = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string; description?: string; 'x-displayName'?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, unknown>;
    securitySchemes: Record<string, unknown>;
  };
}

export interface OpenApiOptions {
  /** Who may call `METHOD path` (app.routeAccess); an unrecorded route is documented as needing a session. */
  accessOf: (route: string) => Access | undefined;
  /** The session cookie's name on this instance (`__Host-vm_session` when COOKIE_SECURE). */
  sessionCookie: string;
  endpoints?: Record<string, Endpoint>;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const errorResponseRef = (status: number) => ({ $ref: `#/components/responses/${ERROR_RESPONSES[status]!.name}` });

/** `listStartupMatches` → "List startup matches". */
function summaryOf(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function accessSentence(access: Access, method: string): string {
  const who =
    access === 'public'
      ? 'Public: no session needed.'
      : access === 'user'
        ? 'Needs a signed-in session (either account type).'
        : `Needs a signed-in ${access} account.`;
  return STATE_CHANGING.has(method) ? `${who} Must come from the app’s own origin (cross-site requests are refused with 403).` : who;
}

/** The status codes an endpoint can answer with besides success. */
function errorStatuses(key: string, endpoint: Endpoint, access: Access): number[] {
  const statuses = new Set<number>([400, 503, ...(EXTRA_ERRORS[key] ?? [])]);
  if (access !== 'public') statuses.add(401).add(403);
  if (STATE_CHANGING.has(endpoint.method)) statuses.add(403);
  if (endpoint.path.includes(':')) statuses.add(404);
  if (endpoint.body || endpoint.raw === 'request') statuses.add(413);
  return [...statuses].sort((a, b) => a - b);
}

function parametersOf(endpoint: Endpoint, operationId: string, components: Record<string, JsonSchema>): Array<Record<string, unknown>> {
  const parameters: Array<Record<string, unknown>> = [];
  const paramsSchema = endpoint.params ? toOpenApiSchema(endpoint.params, 'input', `${operationId}.params`, components) : {};
  const paramProperties = (paramsSchema.properties ?? {}) as Record<string, JsonSchema>;
  for (const [, name] of endpoint.path.matchAll(/:(\w+)/g)) {
    parameters.push({ name, in: 'path', required: true, schema: paramProperties[name!] ?? { type: 'string' } });
  }
  if (endpoint.query) {
    const querySchema = toOpenApiSchema(endpoint.query, 'input', `${operationId}.query`, components);
    const required = new Set((querySchema.required ?? []) as string[]);
    for (const [name, schema] of Object.entries((querySchema.properties ?? {}) as Record<string, JsonSchema>)) {
      parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  return parameters;
}

function requestBodyOf(endpoint: Endpoint, operationId: string, components: Record<string, JsonSchema>): Record<string, unknown> | undefined {
  if (endpoint.raw === 'request') {
    const describe = RAW_REQUESTS[operationId];
    if (!describe) throw new Error(`OpenAPI: ${operationId} takes a raw request body; describe it in RAW_REQUESTS (src/server/http/openapi-annotations.ts).`);
    return describe();
  }
  if (!endpoint.body) return undefined;
  const schema = toOpenApiSchema(endpoint.body, 'input', `${operationId}.body`, components);
  // A missing body is read as `{}` (route.ts), so it is optional when nothing in it is required.
  const isRequired = Array.isArray(schema.required) && schema.required.length > 0;
  return { required: isRequired, content: { 'application/json': { schema } } };
}

function successResponseOf(endpoint: Endpoint, operationId: string, components: Record<string, JsonSchema>): Record<string, unknown> {
  const status = endpoint.successStatus ?? 200;
  // No Content: nothing to describe (DELETE /api/saved-searches/:id).
  if (status === 204) return { 204: { description: STATUS_CODES[204] ?? 'No Content' } };
  if (endpoint.raw === 'response') {
    const raw = RAW_RESPONSES[operationId];
    if (!raw) throw new Error(`OpenAPI: ${operationId} writes a raw response; describe it in RAW_RESPONSES (src/server/http/openapi-annotations.ts).`);
    return { [status]: { description: raw.description, content: { [raw.contentType]: { schema: raw.schema } } }, ...raw.extra };
  }
  const schema = toOpenApiSchema(endpoint.response, 'output', `${operationId}.response`, components);
  return { [status]: { description: STATUS_CODES[status] ?? 'Success', content: { 'application/json': { schema } } } };
}

export function buildOpenApiDocument({ accessOf, sessionCookie, endpoints = ALL_ENDPOINTS }: OpenApiOptions): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = { ApiErrorBody: jsonSchemaOf(ApiErrorBody, 'output') };
  const paths: OpenApiDocument['paths'] = {};
  const domains = new Set<string>();

  for (const [operationId, endpoint] of Object.entries(endpoints)) {
    const [domain = operationId, name = operationId] = operationId.split('.');
    domains.add(domain);
    const access = accessOf(`${endpoint.method} ${endpoint.path}`) ?? 'user';
    const parameters = parametersOf(endpoint, operationId, schemas);
    const requestBody = requestBodyOf(endpoint, operationId, schemas);
    const responses = { ...successResponseOf(endpoint, operationId, schemas) };
    for (const status of errorStatuses(operationId, endpoint, access)) responses[status] = errorResponseRef(status);
    const operation: Operation = {
      operationId,
      tags: [domain],
      summary: summaryOf(name),
      description: accessSentence(access, endpoint.method),
      // OpenAPI 3.1 lets an apiKey requirement name the roles it needs.
      security: access === 'public' ? [] : [{ session: access === 'user' ? [] : [access] }],
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
    const openApiPath = endpoint.path.replace(/:(\w+)/g, '{$1}');
    (paths[openApiPath] ??= {})[endpoint.method.toLowerCase()] = operation;
  }

  const responses = Object.fromEntries(
    Object.values(ERROR_RESPONSES).map(({ name, description, retryAfter }) => [
      name,
      {
        description,
        ...(retryAfter ? { headers: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } } } : {}),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiErrorBody' } } },
      },
    ]),
  );

  return {
    openapi: '3.1.0',
    info: {
      title: 'VentureMatch API',
      version,
      description: [
        'The JSON API behind VentureMatch, generated from the same zod contracts the server validates with and the client is typed from.',
        '',
        `Sign in with \`POST /api/login\` (or register): the server sets the \`${sessionCookie}\` cookie, and the browser sends it with every later request, including the requests this page tries out.`,
        'State-changing requests must come from the app’s own origin. Every failure is `{ message, fieldErrors? }` (ApiErrorBody), with a sentence meant for people.',
      ].join('\n'),
    },
    servers: [{ url: '/' }],
    // Known domains in reading order, then any new one under its own name.
    tags: [...new Set([...Object.keys(TAGS).filter((name) => domains.has(name)), ...domains])].map((name) => {
      const tag = TAGS[name];
      return tag ? { name, description: tag.description, 'x-displayName': tag.title } : { name };
    }),
    paths,
    components: {
      schemas,
      responses,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: sessionCookie,
          description: `The HttpOnly session cookie set by sign-in (\`vm_session\`, or \`${sessionCookieName(true)}\` when the server runs with COOKIE_SECURE over HTTPS).`,
        },
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Serving

export function registerApiDocs(app: FastifyInstance): void {
  // Built on first request, when every route (and its access) has been registered.
  let document: { json: string; etag: string } | undefined;
  let bundle: Promise<ScalarBundle> | undefined;
  const scalarBundle = () => {
    bundle ??= loadScalarBundle().catch((error: unknown) => {
      bundle = undefined;
      throw error;
    });
    return bundle;
  };

  defineRoute(app, apiDocs.getOpenApiDocument, 'public', async ({ request, reply }) => {
    if (!document) {
      const json = JSON.stringify(
        buildOpenApiDocument({ accessOf: (route) => app.routeAccess.get(route), sessionCookie: sessionCookieName(app.config.cookieSecure) }),
      );
      document = { json, etag: `"${createHash('sha256').update(json).digest('hex').slice(0, 32)}"` };
    }
    reply.header('Cache-Control', 'no-cache').header('ETag', document.etag);
    if (request.headers['if-none-match'] === document.etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(document.json);
  });

  defineRoute(app, apiDocs.getApiReferencePage, 'public', async ({ reply }) => {
    const { hash } = await scalarBundle();
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(referencePage(hash));
  });

  defineRoute(app, apiDocs.getApiReferenceScript, 'public', async ({ request, reply }) => {
    const { source, gzipped, hash } = await scalarBundle();
    const isCurrent = (request.query as { v?: unknown }).v === hash;
    const acceptsGzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    reply
      .header('Cache-Control', isCurrent ? 'public, max-age=31536000, immutable' : 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .type('text/javascript; charset=utf-8');
    if (acceptsGzip) reply.header('Content-Encoding', 'gzip');
    return reply.send(acceptsGzip ? gzipped : source);
  });
}
