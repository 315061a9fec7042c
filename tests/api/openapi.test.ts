// The API reference (issue #13). GET /api/openapi.json must be a valid OpenAPI 3.1 document (the
// document's structure against the official schema, every embedded schema against JSON Schema
// 2020-12, every $ref resolving) that lists every /api route the app registers, with the access
// its defineRoute call declares; /api/docs must render it under the app's strict CSP.
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument, type OpenApiDocument } from '../../src/server/http/openapi';
import { ALL_ENDPOINTS } from '../../src/shared/contracts/all-endpoints';
import { defineEndpoint } from '../../src/shared/contracts/endpoint';
import { MAX_MESSAGE_LENGTH } from '../../src/shared/contracts/messages';
import { useTestSuite } from '../support/test-app';

const suite = useTestSuite();

type Json = Record<string, unknown>;

async function fetchDocument(): Promise<OpenApiDocument> {
  const response = await suite.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json();
}

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

function operationOf(document: OpenApiDocument, method: string, url: string): Json {
  const operation = document.paths[toOpenApiPath(url)]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${url} is missing from the document`);
  return operation;
}

/** Every JSON Schema in the document: component schemas, parameters, bodies and responses. */
function embeddedSchemas(document: OpenApiDocument): Array<[string, unknown]> {
  const found: Array<[string, unknown]> = Object.entries(document.components.schemas).map(([name, schema]) => [`components.schemas.${name}`, schema]);
  const visit = (value: unknown, where: string) => {
    if (typeof value !== 'object' || value === null) return;
    for (const [key, item] of Object.entries(value)) {
      if (key === 'schema') found.push([`${where}.schema`, item]);
      else visit(item, `${where}.${key}`);
    }
  };
  visit(document.paths, 'paths');
  visit(document.components.responses, 'components.responses');
  return found;
}

/** Every `$ref` in the document that does not point at something in it. */
function danglingRefs(document: OpenApiDocument): string[] {
  const resolves = (ref: string) => {
    if (!ref.startsWith('#/')) return false;
    let node: unknown = document;
    for (const segment of ref.slice(2).split('/')) {
      const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
      if (typeof node !== 'object' || node === null || !(key in node)) return false;
      node = (node as Json)[key];
    }
    return true;
  };
  const dangling: string[] = [];
  JSON.stringify(document, (key, value: unknown) => {
    if (key === '$ref' && typeof value === 'string' && !resolves(value)) dangling.push(value);
    return value;
  });
  return dangling;
}

async function expectValid(document: OpenApiDocument): Promise<void> {
  const validator = new Validator();
  const result = await validator.validate(document as unknown as Json);
  expect(result.errors ?? [], 'the OpenAPI 3.1 schema').toEqual([]);
  expect(result.valid).toBe(true);
  expect(validator.version).toBe('3.1');
  // The OpenAPI schema checks a Schema Object only for being an object: check each against 2020-12.
  const ajv = new Ajv2020({ strict: false });
  const invalid = embeddedSchemas(document)
    .filter(([, schema]) => !ajv.validateSchema(schema as Json))
    .map(([where]) => `${where}: ${ajv.errorsText(ajv.errors)}`);
  expect(invalid, 'schemas that are not JSON Schema 2020-12').toEqual([]);
  expect(danglingRefs(document), '$refs that resolve to nothing').toEqual([]);
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, public and revalidated on every use', async () => {
    const response = await suite.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const document: OpenApiDocument = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('VentureMatch API');
    expect(document.servers).toEqual([{ url: '/' }]);
    await expectValid(document);

    const etag = response.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await suite.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('lists every /api route the app registers, with its method, under its contract key', async () => {
    const document = await fetchDocument();
    const registered = suite.app.routeTable.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD');
    expect(registered.length).toBeGreaterThan(40);
    const missing = registered
      .filter((route) => !document.paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.url}`);
    expect(missing, 'registered routes missing from the OpenAPI document').toEqual([]);
    for (const [key, endpoint] of Object.entries(ALL_ENDPOINTS)) {
      const operation = operationOf(document, endpoint.method, endpoint.path);
      expect(operation.operationId).toBe(key);
      expect(operation.tags).toEqual([key.split('.')[0]]);
    }
    const operationIds = Object.values(document.paths).flatMap((item) => Object.values(item).map((operation) => operation.operationId));
    expect(new Set(operationIds).size).toBe(operationIds.length);
  });

  it('marks each route with the access its defineRoute call declares', async () => {
    const document = await fetchDocument();
    const contractRoutes = Object.values(ALL_ENDPOINTS).map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect([...suite.app.routeAccess.keys()].sort()).toEqual([...contractRoutes].sort());
    for (const [route, access] of suite.app.routeAccess) {
      const [method, url] = route.split(' ') as [string, string];
      const operation = operationOf(document, method, url);
      const responses = Object.keys(operation.responses as Json);
      expect(responses, route).toContain('400');
      if (access === 'public') {
        expect(operation.security, route).toEqual([]);
      } else {
        expect(operation.security, route).toEqual([{ session: access === 'user' ? [] : [access] }]);
        expect(responses, route).toEqual(expect.arrayContaining(['401', '403']));
      }
    }
    expect(operationOf(document, 'POST', '/api/login').security).toEqual([]);
    expect(operationOf(document, 'GET', '/api/matches/startup').security).toEqual([{ session: ['startup'] }]);
    expect(operationOf(document, 'GET', '/api/openapi.json').security).toEqual([]);
    expect(document.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'vm_session' });
  });

  it('describes bodies, parameters and responses from the contracts', async () => {
    const document = await fetchDocument();

    const send = operationOf(document, 'POST', '/api/messages') as {
      requestBody: { required: boolean; content: Record<string, { schema: Json }> };
      responses: Json;
    };
    expect(send.requestBody.required).toBe(true);
    const sendBody = send.requestBody.content['application/json']!.schema as { required: string[]; properties: Record<string, Json> };
    expect(sendBody.required).toEqual(expect.arrayContaining(['receiverId', 'content']));
    expect(sendBody.properties.content).toMatchObject({ type: 'string', minLength: 1, maxLength: MAX_MESSAGE_LENGTH });
    expect(sendBody.properties.receiverId).toMatchObject({ type: 'integer', minimum: 1 });
    expect(Object.keys(send.responses)).toContain('201');
    expect(send.responses['400']).toEqual({ $ref: '#/components/responses/BadRequest' });

    const startupMatches = operationOf(document, 'GET', '/api/matches/startup') as { responses: Record<string, { content: Record<string, { schema: Json }> }> };
    expect(startupMatches.responses['200']!.content['application/json']!.schema).toMatchObject({
      type: 'object',
      properties: { items: { type: 'array' }, nextCursor: expect.anything(), counts: expect.anything() },
    });

    const thread = operationOf(document, 'GET', '/api/messages/:partnerId') as { parameters: Json[] };
    expect(thread.parameters).toEqual([
      expect.objectContaining({ name: 'partnerId', in: 'path', required: true, schema: expect.objectContaining({ type: 'integer' }) }),
      expect.objectContaining({ name: 'before', in: 'query', required: false }),
      expect.objectContaining({ name: 'limit', in: 'query', required: false, schema: expect.objectContaining({ type: 'integer', maximum: 100 }) }),
    ]);

    const upload = operationOf(document, 'POST', '/api/documents') as {
      requestBody: { content: Record<string, { schema: { required: string[]; properties: Record<string, Json> } }> };
    };
    const form = upload.requestBody.content['multipart/form-data']!.schema;
    expect(form.required).toEqual(expect.arrayContaining(['file', 'type']));
    expect(form.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(form.properties.name).toMatchObject({ type: 'string', maxLength: 200 });

    const stream = operationOf(document, 'GET', '/api/events') as { responses: Record<string, { content: Json }> };
    expect(Object.keys(stream.responses['200']!.content)).toEqual(['text/event-stream']);
    const content = operationOf(document, 'GET', '/api/documents/:id/content') as { responses: Record<string, { content?: Json }> };
    expect(Object.keys(content.responses['200']!.content!)).toEqual(['application/octet-stream']);
    expect(Object.keys(content.responses)).toEqual(expect.arrayContaining(['206', '404', '416']));

    expect(document.components.schemas.ApiErrorBody).toMatchObject({ type: 'object', required: ['message'] });
  });

  it('moves shared and recursive parts of a schema into components, so every $ref resolves', async () => {
    const TreeNode = z.object({
      name: z.string(),
      get children(): z.ZodArray<typeof TreeNode> {
        return z.array(TreeNode);
      },
    });
    const Label = z.object({ text: z.string() }).meta({ id: 'Label' });
    const document = buildOpenApiDocument({
      accessOf: () => 'user',
      sessionCookie: 'vm_session',
      endpoints: {
        'fixtures.getTree': defineEndpoint({ method: 'GET', path: '/api/fixtures/tree', response: TreeNode }),
        'fixtures.labelPair': defineEndpoint({
          method: 'POST',
          path: '/api/fixtures/labels',
          body: z.strictObject({ first: Label, second: Label }),
          response: z.array(TreeNode),
        }),
      },
    });
    await expectValid(document);
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['fixtures.getTree.response', 'fixtures.labelPair.body.Label']));
  });
});

describe('GET /api/docs', () => {
  it('renders the reference with no inline script, under the app’s strict CSP', async () => {
    const response = await suite.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|nonce-|https?:)/);

    const scripts = [...response.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBe(2);
    for (const [, attributes, body] of scripts) {
      // Either a same-origin script file, or inert JSON data with nothing inside.
      expect(/\bsrc="\/api\//.test(attributes!) || (/type="application\/json"/.test(attributes!) && body!.trim() === '')).toBe(true);
    }
    expect(response.body).toContain('data-url="/api/openapi.json"');
  });

  it('serves Scalar’s bundle from our origin, cacheable for good at its versioned URL', async () => {
    const page = await suite.app.inject({ method: 'GET', url: '/api/docs' });
    const src = /<script src="([^"]+)"><\/script>/.exec(page.body)?.[1];
    expect(src).toMatch(/^\/api\/docs\/scalar\.js\?v=[0-9a-f]{16}$/);

    const script = await suite.app.inject({ method: 'GET', url: src! });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toContain('createApiReference');

    const zipped = await suite.app.inject({ method: 'GET', url: src!, headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(script.rawPayload.length / 2);

    const unversioned = await suite.app.inject({ method: 'GET', url: '/api/docs/scalar.js' });
    expect(unversioned.headers['cache-control']).toBe('no-cache');
  });
});
