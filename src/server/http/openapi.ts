// The API reference (issue #13): an OpenAPI 3.1 document generated from the endpoint contracts,
// served at GET /api/openapi.json, and an interactive page at /api/docs that renders it.
//
// Nothing here restates a schema. Paths, parameters, bodies and responses come from ALL_ENDPOINTS
// through zod's own JSON Schema output (request parts as the client sends them, `io: 'input'`;
// responses as the route's parse leaves them, `io: 'output'`); who may call each route comes from
// its defineRoute call (app.routeAccess). The contracts cannot say what a raw body's bytes are, or
// which services answer 409 or 429: those few facts are the tables below, and building the
// document fails (so does its test) when a raw endpoint is missing from them.
//
// The page is Scalar's reference, rendered from its browser bundle, which we serve from our own
// origin. The page has no inline script (the settings ride in data attributes), so the app's
// strict Content-Security-Policy (`script-src 'self'`) applies to it unchanged.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { STATUS_CODES } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { version } from '../../../package.json';
import { ALL_ENDPOINTS } from '../../shared/contracts/all-endpoints';
import * as apiDocs from '../../shared/contracts/api-docs';
import { MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS, UploadDocumentFields } from '../../shared/contracts/documents';
import type { Endpoint } from '../../shared/contracts/endpoint';
import { HEARTBEAT_INTERVAL_MS, LIVE_EVENT_TYPES } from '../../shared/contracts/events';
import { ApiErrorBody } from '../../shared/errors';
import { defineRoute, type Access } from './route';
import { sessionCookieName } from './session';

type JsonSchema = Record<string, unknown>;
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

/** How each domain (the ALL_ENDPOINTS key's prefix, the operations' tag) is shown in the reference. */
const TAGS: Record<string, { title: string; description: string }> = {
  auth: { title: 'Accounts and sessions', description: 'Register, sign in and out, and the signed-in user.' },
  profiles: { title: 'Profiles', description: 'Startup and investor profiles, and the cards each side sees of the other.' },
  matches: { title: 'Matches', description: 'Match generation and decisions.' },
  messages: { title: 'Messages', description: 'Conversations between matched users.' },
  milestones: { title: 'Milestones', description: 'The plan a startup and an investor share.' },
  documents: { title: 'Data room', description: 'Uploads, sharing, views and engagement.' },
  portfolio: { title: 'Portfolio and analytics', description: 'An investor’s portfolio and analytics.' },
  activity: { title: 'Activity', description: 'The signed-in user’s activity feed.' },
  dashboard: { title: 'Dashboard', description: 'The dashboard’s numbers.' },
  events: { title: 'Live events', description: 'Server-Sent Events for the signed-in user.' },
  apiDocs: { title: 'API reference', description: 'This reference and the OpenAPI document behind it.' },
};

interface RawResponse {
  contentType: string;
  description: string;
  schema: JsonSchema;
  /** Other answers this endpoint gives, by status. */
  extra?: Record<string, unknown>;
}

const BINARY = { type: 'string', contentMediaType: 'application/octet-stream' };

/** What the bytes of each `raw: 'response'` endpoint are. */
const RAW_RESPONSES: Record<string, RawResponse> = {
  'events.streamEvents': {
    contentType: 'text/event-stream',
    description:
      `A Server-Sent Events stream of the caller’s live events. Each \`event:\` is one of ${LIVE_EVENT_TYPES.join(', ')}; ` +
      `its \`data:\` is a small JSON object of ids and counts (refetch the details). A comment heartbeat comes every ${HEARTBEAT_INTERVAL_MS / 1000} s; ` +
      'the stream ends when the session does.',
    schema: { type: 'string' },
  },
  'documents.getDocumentContent': {
    contentType: 'application/octet-stream',
    description:
      'The document’s bytes, with the Content-Type detected at upload, as an attachment (inline only for PDF and text previews). ' +
      'A single `Range: bytes=…` request is answered with 206 Partial Content.',
    schema: BINARY,
    extra: {
      206: { description: 'The requested byte range.', content: { 'application/octet-stream': { schema: BINARY } } },
      416: { description: 'The requested range is outside the document.', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiErrorBody' } } } },
    },
  },
  'portfolio.exportPortfolioCsv': { contentType: 'text/csv', description: 'The investor’s portfolio as a CSV attachment (portfolio.csv).', schema: { type: 'string' } },
  'apiDocs.getOpenApiDocument': { contentType: 'application/json', description: 'This OpenAPI 3.1 document.', schema: { type: 'object' } },
  'apiDocs.getApiReferencePage': { contentType: 'text/html', description: 'The interactive API reference.', schema: { type: 'string' } },
  'apiDocs.getApiReferenceScript': { contentType: 'text/javascript', description: 'The reference page’s script (Scalar’s browser bundle).', schema: { type: 'string' } },
};

/** What each `raw: 'request'` endpoint accepts: the multipart upload. */
const RAW_REQUESTS: Record<string, () => Record<string, unknown>> = {
  'documents.uploadDocument': () => {
    const fields = jsonSchemaOf(UploadDocumentFields, 'input');
    const properties = (fields.properties ?? {}) as Record<string, JsonSchema>;
    const required = (fields.required ?? []) as string[];
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            ...fields,
            properties: {
              file: {
                type: 'string',
                format: 'binary',
                contentMediaType: 'application/octet-stream',
                description: `One file of at most ${MAX_UPLOAD_BYTES / (1024 * 1024)} MiB: ${UPLOAD_EXTENSIONS.join(', ')}. Its type is detected from its bytes, not its name.`,
              },
              ...properties,
            },
            required: ['file', ...required],
          },
        },
      },
    };
  },
};

/** Endpoints that can answer more than their access level and input suggest (their services say so). */
const EXTRA_ERRORS: Record<string, number[]> = {
  'auth.login': [401, 429],
  'auth.register': [409],
  'matches.updateMatch': [409],
  'matches.generateMatches': [409],
  'milestones.updateMilestoneStatus': [409],
};

const ERROR_RESPONSES: Record<number, { name: string; description: string; retryAfter?: boolean }> = {
  400: { name: 'BadRequest', description: 'The input is not valid: `message` says why, `fieldErrors` per field.' },
  401: { name: 'Unauthenticated', description: 'No valid session (or, for sign-in, wrong credentials).' },
  403: { name: 'Forbidden', description: 'The session’s account may not do this, or the request came from another site.' },
  404: { name: 'NotFound', description: 'No such object, or not one the caller may see.' },
  409: { name: 'Conflict', description: 'The request conflicts with the current state (a taken name, a decided match, a finished milestone).' },
  413: { name: 'PayloadTooLarge', description: 'The body is too large (JSON bodies: 100 KB; uploads: 10 MiB).' },
  429: { name: 'TooManyRequests', description: 'Too many attempts; `Retry-After` says when to try again.', retryAfter: true },
  503: { name: 'ServiceUnavailable', description: 'The database is briefly out of reach; retry after `Retry-After` seconds.', retryAfter: true },
};

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** zod's JSON Schema for one contract part, without the dialect marker (OpenAPI 3.1 sets it). */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    // `.int()` bounds a number to the safe integers, which says nothing to a reader (and makes the
    // reference show -9007199254740991 as the example): drop those implied bounds.
    override: ({ jsonSchema }) => {
      if (jsonSchema.type !== 'integer') return;
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  }) as JsonSchema;
  return rest;
}

/**
 * A contract part as an OpenAPI schema. zod puts shared or recursive parts in local `$defs` (and a
 * self-reference as `#`), which would resolve against the document's root: they move to
 * components.schemas under `name`, and their references follow.
 */
function toOpenApiSchema(schema: z.ZodType, io: 'input' | 'output', name: string, components: Record<string, JsonSchema>): JsonSchema {
  const { $defs, ...root } = jsonSchemaOf(schema, io) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const componentRef = (component: string) => `#/components/schemas/${component}`;
  let refersToRoot = false;
  const rewrite = (value: JsonSchema): JsonSchema =>
    JSON.parse(
      JSON.stringify(value, (key, item: unknown) => {
        if (key !== '$ref' || typeof item !== 'string') return item;
        if (item === '#') {
          refersToRoot = true;
          return componentRef(name);
        }
        return item.startsWith('#/$defs/') ? componentRef(`${name}.${item.slice('#/$defs/'.length)}`) : item;
      }),
    ) as JsonSchema;
  for (const [defName, definition] of Object.entries($defs ?? {})) components[`${name}.${defName}`] = rewrite(definition);
  const rewritten = rewrite(root);
  if (!refersToRoot) return rewritten;
  components[name] = rewritten;
  return { $ref: componentRef(name) };
}

const errorResponseRef = (status: number) => ({ $ref: `#/components/responses/${ERROR_RESPONSES[status]!.name}` });

/** `listStartupMatches` → "List startup matches". */
function summaryOf(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function accessSentence(access: Access, method: string): string {
  const who =
    access === 'public' ? 'Public: no session needed.' : access === 'user' ? 'Needs a signed-in session (either account type).' : `Needs a signed-in ${access} account.`;
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
    if (!describe) throw new Error(`OpenAPI: ${operationId} takes a raw request body; describe it in RAW_REQUESTS (src/server/http/openapi.ts).`);
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
  if (endpoint.raw === 'response') {
    const raw = RAW_RESPONSES[operationId];
    if (!raw) throw new Error(`OpenAPI: ${operationId} writes a raw response; describe it in RAW_RESPONSES (src/server/http/openapi.ts).`);
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

/**
 * Scalar's settings. Everything that would reach scalar.com (web fonts, telemetry, the developer
 * toolbar's sharing, the AI agent it turns on for localhost) is off: the CSP would block it anyway.
 */
const SCALAR_CONFIGURATION = {
  withDefaultFonts: false,
  telemetry: false,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  documentDownloadType: 'json',
  metaData: { title: 'VentureMatch API reference' },
};

interface ScalarBundle {
  source: Buffer;
  gzipped: Buffer;
  /** A digest of the bundle, in the page's script URL, so the browser may cache it for good. */
  hash: string;
}

/**
 * The bundle shipped inside @scalar/fastify-api-reference (pinned: its path is not a public export).
 * We serve it ourselves rather than register the plugin, whose page initializes Scalar with an
 * inline script and whose extra routes would sit outside the contracts.
 */
async function loadScalarBundle(): Promise<ScalarBundle> {
  const entry = createRequire(import.meta.url).resolve('@scalar/fastify-api-reference');
  const source = await readFile(path.join(path.dirname(entry), 'js', 'standalone.js'));
  return { source, gzipped: await promisify(gzip)(source), hash: createHash('sha256').update(source).digest('hex').slice(0, 16) };
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function referencePage(scriptHash: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>VentureMatch API reference</title>
  </head>
  <body>
    <noscript>This reference needs JavaScript. The OpenAPI document itself is at <a href="${apiDocs.getOpenApiDocument.path}">${apiDocs.getOpenApiDocument.path}</a>.</noscript>
    <script id="api-reference" type="application/json" data-url="${apiDocs.getOpenApiDocument.path}" data-configuration="${escapeAttribute(JSON.stringify(SCALAR_CONFIGURATION))}"></script>
    <script src="${apiDocs.getApiReferenceScript.path}?v=${scriptHash}"></script>
  </body>
</html>
`;
}

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
