// API fuzz (issue #12, "Bad input gets a 4xx, never a 5xx"). Every endpoint in ALL_ENDPOINTS gets
// inputs derived from its own zod contract, valid-looking and hostile (see
// tests/support/fuzz-arbitraries.ts), sent as an anonymous caller, a forged session, a signed-in
// startup and a signed-in investor, against a small world where real ids exist. Every answer must
// be below 500, and every 4xx must carry a sentence a person can read.
//
// The test also fails when the app registers an /api route that ALL_ENDPOINTS (and so the fuzz)
// does not cover. Two routes are special: the live event stream never ends, so it is fuzzed over
// real HTTP and closed after its headers; the upload is multipart, so it gets multipart bodies.
//
// Random by default; a failure prints its seed. Replay with FUZZ_SEED=<seed>; FUZZ_RUNS sets the
// number of requests per endpoint; FUZZ_STATS=1 prints how often each endpoint answered each
// status (to check that valid-looking inputs do reach the services, not only the validator).
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches } from '../../src/server/db/schema';
import { createSession } from '../../src/server/features/auth/session.service';
import { ALL_ENDPOINTS } from '../../src/shared/contracts/all-endpoints';
import type { Endpoint } from '../../src/shared/contracts/endpoint';
import { DOCUMENT_CATEGORIES, FUNDING_GOAL_OPTIONS, TEAM_SIZE_OPTIONS } from '../../src/shared/enums';
import { buildInvestorProfileBody, buildStartupProfileBody, TEST_PASSWORD } from '../factories';
import { csvBytes, exeBytes, htmlBytes, pdfBytes, textBytes } from '../support/document-fixtures';
import {
  encodeUrlText,
  HOSTILE_NUMERIC_TEXT,
  HOSTILE_TEXT,
  hostileValue,
  nested,
  hostilePartArbitrary,
  queryString,
  RAW_SEGMENTS,
  urlValue,
  type FuzzHints,
  validArbitrary,
} from '../support/fuzz-arbitraries';
import { matchState } from '../support/match-state';
import { multipartPayload } from '../support/multipart';
import { serviceContext } from '../support/service-context';
import { TestClient, useTestSuite } from '../support/test-app';

const suite = useTestSuite();

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
const STREAM_KEY = 'events.streamEvents';
const UPLOAD_KEY = 'documents.uploadDocument';
const DELETE_ACCOUNT_KEY = 'account.deleteAccount';

// ---------------------------------------------------------------------------------------------
// The world: two startups, two investors, matches in every state, messages, a milestone, a shared
// document with an open view, a portfolio company. Ids and cursors from it seed the generators.

type PersonaName = 'anonymous' | 'forged' | 'startup' | 'investor';
interface Persona {
  name: PersonaName;
  ip: string;
  userId?: number;
  token?: string;
}

const personas = {} as Record<PersonaName, Persona>;
let hints: FuzzHints;

// Mostly valid (so requests reach the services), sometimes a near miss the refinements must catch.
const dates = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .date({ min: new Date('1901-01-01'), max: new Date(Date.now() - 24 * 60 * 60 * 1000), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10)),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      '2026-02-31',
      '2025-02-29',
      '0000-01-01',
      '0999-12-31',
      '9999-12-31',
      '2024-13-01',
      '2024-1-1',
      '20240101',
      '2024-01-01T00:00:00Z',
    ),
  },
);
const websites = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('', 'https://example.com', 'https://acme.example/about?x=1#team', 'http://[::1]:8080/') },
  { weight: 1, arbitrary: fc.constantFrom('javascript:alert(1)', 'ftp://files.example', 'https://', 'not a url') },
);
const encodeCursorText = (text: string) => Buffer.from(text).toString('base64url');
const cursors = (real: string[]) =>
  fc.oneof(
    fc.constantFrom(...real, encodeCursorText(`${new Date().toISOString()}|1`)),
    fc
      .tuple(fc.integer({ min: -8.64e15, max: 8.64e15 }), fc.oneof(fc.integer({ min: 1, max: 100 }), fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, 1.5)))
      .map(([time, id]) => encodeCursorText(`${new Date(time).toISOString()}|${id}`)),
    fc.constantFrom(
      encodeCursorText('+275760-09-13T00:00:00.000Z|1'),
      encodeCursorText('2026-01-01T00:00:00.000Z|2147483648'),
      encodeCursorText('2026-01-01T00:00:00.000Z|-5'),
      encodeCursorText('not-a-date|1'),
      encodeCursorText('2026-02-30T00:00:00.000Z|1'),
      encodeCursorText('|'),
      '!!!',
      '',
    ),
  );

async function registerWithProfile(userType: 'startup' | 'investor', ip: string) {
  const client = new TestClient(suite.app, ip);
  const { user, registration } = await client.register(userType);
  const profile = userType === 'startup' ? buildStartupProfileBody() : buildInvestorProfileBody();
  const saved = await client.request({ method: 'PUT', url: `/api/${userType}/profile`, payload: profile });
  if (saved.statusCode !== 200) throw new Error(`profile: ${saved.statusCode} ${saved.body}`);
  return { client, user, registration };
}

async function must(response: Promise<LightMyRequestResponse>, status: number): Promise<Record<string, unknown>> {
  const answered = await response;
  if (answered.statusCode !== status) throw new Error(`world setup: expected ${status}, got ${answered.statusCode} ${answered.body}`);
  return answered.json();
}

beforeAll(async () => {
  const startup = await registerWithProfile('startup', '198.18.90.1');
  const otherStartup = await registerWithProfile('startup', '198.18.90.2');
  const investor = await registerWithProfile('investor', '198.18.90.3');
  const otherInvestor = await registerWithProfile('investor', '198.18.90.4');
  const matchIds = (
    await suite.database.db
      .insert(matches)
      .values([
        { startupId: startup.user.id, investorId: investor.user.id, score: 80, ...matchState('accepted') },
        { startupId: startup.user.id, investorId: otherInvestor.user.id, score: 55, ...matchState('pending') },
        { startupId: otherStartup.user.id, investorId: investor.user.id, score: 40, ...matchState('rejected') },
      ])
      .returning({ id: matches.id })
  ).map((row) => row.id);

  const messageIds: number[] = [];
  for (const [client, receiverId, content] of [
    [startup.client, investor.user.id, 'Hello from the startup'],
    [investor.client, startup.user.id, 'Hello back'],
    [startup.client, investor.user.id, 'Shall we meet?'],
  ] as const) {
    messageIds.push((await must(client.request({ method: 'POST', url: '/api/messages', payload: { receiverId, content } }), 201)).id as number);
  }
  const milestone = await must(
    startup.client.request({ method: 'POST', url: '/api/milestones', payload: { title: 'Intro call', investorId: investor.user.id } }),
    201,
  );
  const { payload, headers } = multipartPayload(
    { name: 'Deck', type: 'Pitch Deck' },
    { filename: 'deck.pdf', content: pdfBytes(1), contentType: 'application/pdf' },
  );
  const document = await must(startup.client.request({ method: 'POST', url: '/api/documents', payload, headers }), 201);
  await must(startup.client.request({ method: 'POST', url: `/api/documents/${String(document.id)}/access`, payload: { userId: investor.user.id } }), 201);
  const view = await must(investor.client.request({ method: 'POST', url: `/api/documents/${String(document.id)}/views` }), 201);
  const company = await must(
    investor.client.request({
      method: 'POST',
      url: '/api/portfolio',
      payload: {
        companyName: 'Acme',
        industry: 'SaaS',
        stage: 'Seed',
        investmentDate: '2024-05-01',
        investmentAmount: 250_000,
        description: 'A company we backed early on.',
      },
    }),
    201,
  );
  const activityPage = await must(startup.client.request({ method: 'GET', url: '/api/activities?limit=1' }), 200);
  const threadPage = await must(startup.client.request({ method: 'GET', url: `/api/messages/${investor.user.id}?limit=1` }), 200);
  const realCursors = [activityPage.nextCursor, threadPage.olderCursor].filter((cursor): cursor is string => typeof cursor === 'string');

  personas.anonymous = { name: 'anonymous', ip: '198.18.91.1' };
  personas.forged = { name: 'forged', ip: '198.18.91.2' };
  personas.startup = { name: 'startup', ip: '198.18.91.3', userId: startup.user.id, token: startup.client.sessionToken };
  personas.investor = { name: 'investor', ip: '198.18.91.4', userId: investor.user.id, token: investor.client.sessionToken };

  const ids = [
    ...new Set([
      startup.user.id,
      otherStartup.user.id,
      investor.user.id,
      otherInvestor.user.id,
      ...matchIds,
      ...messageIds,
      milestone.id as number,
      document.id as number,
      view.viewId as number,
      company.id as number,
    ]),
  ];
  const usernames = [startup, otherStartup, investor, otherInvestor].map((account) => account.registration.username);
  hints = {
    ids,
    fields: {
      website: websites,
      link: websites,
      foundingDate: dates,
      investmentDate: dates,
      date: dates,
      password: fc.oneof({ weight: 6, arbitrary: fc.constant(TEST_PASSWORD) }, { weight: 1, arbitrary: fc.constantFrom('short', 'p'.repeat(1025)) }),
      confirmPassword: fc.constant(TEST_PASSWORD),
      username: fc.oneof(fc.constantFrom(...usernames), fc.stringMatching(/^[a-z0-9_]{3,20}$/)),
      teamSize: fc.constantFrom(...TEAM_SIZE_OPTIONS.map((option) => option.value)),
      fundingGoal: fc.constantFrom(...FUNDING_GOAL_OPTIONS.map((option) => option.value)),
      cursor: cursors(realCursors),
      before: cursors(realCursors),
      email: fc.oneof(fc.emailAddress(), fc.stringMatching(/^[a-z0-9]{1,12}@example\.test$/)),
    },
  };
}, 120_000);

// ---------------------------------------------------------------------------------------------
// Sending and judging

interface FuzzRequest {
  persona: PersonaName;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer | object;
}

const personaArbitrary = fc.oneof(
  { weight: 4, arbitrary: fc.constant<PersonaName>('startup') },
  { weight: 4, arbitrary: fc.constant<PersonaName>('investor') },
  { weight: 1, arbitrary: fc.constant<PersonaName>('anonymous') },
  { weight: 1, arbitrary: fc.constant<PersonaName>('forged') },
);

const forgedTokens = fc.oneof(
  fc.constantFrom('', 'x', 'a'.repeat(4096), '%00', '%ED%A0%80', 'null', '../..'),
  fc.string({ unit: 'grapheme-ascii', maxLength: 64 }).map(encodeURIComponent),
);

async function send(request: FuzzRequest, forgedToken = 'forged'): Promise<LightMyRequestResponse> {
  const persona = personas[request.persona];
  const token = persona.name === 'forged' ? forgedToken : persona.token;
  const options: InjectOptions = {
    method: request.method as InjectOptions['method'],
    url: request.url,
    headers: { ...request.headers, ...(token !== undefined ? { cookie: `vm_session=${token}` } : {}) },
    remoteAddress: persona.ip,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  };
  const response = await suite.app.inject(options);
  // Login, register and logout replace or end the caller's session: give the persona a fresh one
  // so the rest of the run stays signed in.
  const replaced = response.cookies.find((cookie) => cookie.name === 'vm_session' && cookie.value !== persona.token);
  if (replaced && persona.userId !== undefined) {
    persona.token = (await createSession(serviceContext(suite.app), persona.userId)).token;
  }
  return response;
}

// A message is for people: a sentence, not a dump of zod issues, a stack or SQL.
const UNREADABLE: RegExp[] = [
  /Internal Server Error/i,
  /^\s*[[{]/,
  /"code"\s*:/,
  /ZodError|\$ZodError/,
  /\n\s+at\s/,
  /\b(SELECT|INSERT INTO|DELETE FROM|UPDATE \S+ SET)\b/,
  /violates|duplicate key|syntax error|invalid input syntax|out of range for type|relation "|unsupported Unicode escape/i,
  /\[object Object\]/,
  /received NaN/,
  // eslint-disable-next-line no-control-regex -- a NUL in a message means raw input was echoed.
  /\u0000/,
];

// Fastify answers a malformed URL (`/api/documents/%`) and an over-long path parameter itself,
// before any route or the app's error handler, echoing the whole URL. Still 4xx, so only the
// wording is wrong; the fix is Fastify's `frameworkErrors` option in app.ts (reported to the lead).
// Remove this list once that lands.
function problemWith(response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500) return `answered ${response.statusCode}`;
  if (response.statusCode < 400) return null;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `answered ${response.statusCode} without a JSON body`;
  }
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message !== 'string' || !/\p{L}{2,}/u.test(message)) return `answered ${response.statusCode} without a readable message`;
  if (message.length > 500) return `answered ${response.statusCode} with a ${message.length}-character message`;
  const unreadable = UNREADABLE.find((pattern) => pattern.test(message));
  return unreadable ? `answered ${response.statusCode} with a message that is not for people (${unreadable})` : null;
}

/** A short, printable picture of an input: long strings cut, control characters escaped. */
function preview(value: unknown, limit = 1500): string {
  if (value === undefined) return '(none)';
  const text = Buffer.isBuffer(value)
    ? `<${value.length} bytes> ${JSON.stringify(value.subarray(0, 600).toString('latin1'))}`
    : typeof value === 'string'
      ? JSON.stringify(value.length > 300 ? `${value.slice(0, 300)}…` : value)
      : JSON.stringify(value, (_key, item: unknown) => (typeof item === 'string' && item.length > 80 ? `${item.slice(0, 80)}…(${item.length} chars)` : item));
  // Control characters and lone surrogates are what must be made visible.
  // eslint-disable-next-line no-control-regex
  const unprintable = /[\u0000-\u001f\u007f\ud800-\udfff]/g;
  const escaped = (text ?? String(value)).replace(unprintable, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return escaped.length > limit ? `${escaped.slice(0, limit)}…(${escaped.length} chars)` : escaped;
}

function failure(key: string, request: FuzzRequest, response: LightMyRequestResponse, problem: string): Error {
  return new Error(
    [
      `${key}: ${problem}`,
      `  as:       ${request.persona}`,
      `  request:  ${request.method} ${preview(request.url, 600)}`,
      `  headers:  ${preview(request.headers)}`,
      `  body:     ${preview(request.payload)}`,
      `  response: ${response.statusCode} ${preview(response.body, 800)}`,
    ].join('\n'),
  );
}

const statusCounts = new Map<string, Map<number, number>>();
afterAll(() => {
  if (!process.env.FUZZ_STATS) return;
  const rows = [...statusCounts].map(
    ([key, counts]) =>
      `${key.padEnd(40)} ${[...counts]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(' ')}`,
  );
  console.log(`Fuzz answers by endpoint:\n${rows.join('\n')}`);
});

async function check(key: string, request: FuzzRequest, forgedToken?: string): Promise<void> {
  const response = await send(request, forgedToken);
  const counts = statusCounts.get(key) ?? new Map<number, number>();
  statusCounts.set(key, counts.set(response.statusCode, (counts.get(response.statusCode) ?? 0) + 1));
  const problem = problemWith(response);
  if (problem) throw failure(key, request, response, problem);
}

/** Runs a property with the shared seed and runs, naming the seed to replay on failure. */
async function fuzz<T>(label: string, arbitrary: fc.Arbitrary<T>, property: (value: T) => Promise<void>, numRuns = RUNS): Promise<void> {
  await fc.assert(fc.asyncProperty(arbitrary, property), {
    numRuns,
    ...(SEED !== undefined ? { seed: SEED } : {}),
    asyncReporter: async (details) => {
      if (!details.failed) return;
      const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      // Other endpoints' runs change the shared world first, so a replay is close but not always exact.
      const replay = `FUZZ_SEED=${details.seed} npx vitest run tests/api/fuzz.test.ts -t '${label}'`;
      throw new Error(`${cause}\n\nReplay: ${replay}\n(fast-check path ${details.counterexamplePath ?? '?'}, failed after ${details.numRuns} runs)`);
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Requests from contracts

const RAW_BODIES: ReadonlyArray<{ contentType: string; payload: string | Buffer }> = [
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: '{' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '"\\u0000"' },
  { contentType: 'application/json', payload: '{"a":"\\ud800"}' },
  { contentType: 'application/json', payload: '{"__proto__":{"isAdmin":true}}' },
  { contentType: 'application/json', payload: '{"constructor":{"prototype":{"isAdmin":true}}}' },
  { contentType: 'application/json', payload: `${'['.repeat(1000)}${']'.repeat(1000)}` },
  { contentType: 'application/json', payload: `${'['.repeat(50_000)}${']'.repeat(50_000)}` },
  { contentType: 'application/json', payload: `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}` },
  { contentType: 'application/json', payload: `"${'x'.repeat(120 * 1024)}"` },
  { contentType: 'application/json', payload: Buffer.from([0xff, 0xfe, 0x7b, 0x7d]) },
  { contentType: 'application/json', payload: Buffer.from('{"a":"\xed\xa0\x80"}', 'latin1') },
  { contentType: 'application/json; charset=utf-16', payload: '{}' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=%00' },
  { contentType: 'multipart/form-data', payload: '--x\r\n' },
  { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n' },
  { contentType: '', payload: '{}' },
  { contentType: 'application/json', payload: JSON.stringify(nested(1000, 'object')) },
];

// Each request is valid-looking except in the part it focuses on, so most requests get past
// validation into the services (and the database), and the hostile ones fail in one place.
type Focus = 'none' | 'params' | 'query' | 'body' | 'transport';
interface Parts {
  valid: unknown;
  hostile: unknown;
}

const partsOf = (schema: unknown, hostile?: fc.Arbitrary<unknown>): fc.Arbitrary<Parts> =>
  schema
    ? fc.record({ valid: validArbitrary(schema, hints), hostile: hostilePartArbitrary(schema, hints, { hostile }) })
    : fc.constant({ valid: undefined, hostile: undefined });

const JUNK_QUERIES = ['?', '?&&', '?=', '?a', '?a=%', '?a=%zz', '?a[]=1', '?a=1&a=2', '?%00=1', '?limit=1&limit=2', `?q=${'x'.repeat(5000)}`];

function urlFor(endpoint: Endpoint, params: unknown, rawSegment?: string): string {
  const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  return endpoint.path.replace(/:(\w+)/g, (_match, name: string) => {
    if (rawSegment !== undefined && name === names[0]) return rawSegment;
    const value = typeof params === 'object' && params !== null ? (params as Record<string, unknown>)[name] : params;
    return encodeUrlText(urlValue(value));
  });
}

const jsonBody = (value: unknown) => (value === undefined ? {} : { payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' });

function requestArbitrary(endpoint: Endpoint): fc.Arbitrary<{ request: FuzzRequest; forgedToken: string }> {
  const hasParams = endpoint.path.includes(':');
  const focuses: Array<{ weight: number; arbitrary: fc.Arbitrary<Focus> }> = [
    { weight: 3, arbitrary: fc.constant('none') },
    { weight: 1, arbitrary: fc.constant('transport') },
    ...(hasParams ? [{ weight: 2, arbitrary: fc.constant<Focus>('params') }] : []),
    ...(endpoint.query ? [{ weight: 2, arbitrary: fc.constant<Focus>('query') }] : []),
    ...(endpoint.body ? [{ weight: 4, arbitrary: fc.constant<Focus>('body') }] : []),
  ];
  const hostileParam = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMERIC_TEXT) }, { weight: 2, arbitrary: hostileValue() });
  const transport = fc.record({
    rawSegment: hasParams ? fc.option(fc.constantFrom(...RAW_SEGMENTS), { nil: undefined }) : fc.constant(undefined),
    junkQuery: fc.option(fc.constantFrom(...JUNK_QUERIES), { nil: undefined }),
    rawBody: fc.option(fc.constantFrom(...RAW_BODIES), { nil: undefined }),
    headers: fc.constantFrom<Record<string, string>>(
      {},
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { range: 'bytes=999999999999-' },
      { range: 'bytes=-0,0-1,2-3' },
      { range: 'bytes=5-2' },
      { accept: 'text/html' },
      { 'content-length': '5' },
    ),
  });
  return fc
    .record({
      focus: fc.oneof(...focuses),
      persona: personaArbitrary,
      forgedToken: forgedTokens,
      params: partsOf(hasParams ? endpoint.params : undefined, hostileParam),
      query: partsOf(endpoint.query),
      body: partsOf(endpoint.body),
      transport,
    })
    .map(({ focus, persona, forgedToken, params, query, body, transport: wire }) => {
      const isTransport = focus === 'transport';
      const path = urlFor(endpoint, focus === 'params' ? params.hostile : params.valid, isTransport ? wire.rawSegment : undefined);
      const search = isTransport && wire.junkQuery !== undefined ? wire.junkQuery : queryString(focus === 'query' ? query.hostile : query.valid);
      const sent = isTransport && wire.rawBody ? wire.rawBody : jsonBody(focus === 'body' ? body.hostile : body.valid);
      const headers = { ...(isTransport ? wire.headers : {}), ...(sent.contentType !== undefined ? { 'content-type': sent.contentType } : {}) };
      return {
        forgedToken,
        request: { persona, method: endpoint.method, url: `${path}${search}`, headers, ...(sent.payload !== undefined ? { payload: sent.payload } : {}) },
      };
    });
}

// ---------------------------------------------------------------------------------------------
// The tests

describe('API fuzz: bad input gets a 4xx, never a 5xx', () => {
  it('covers every /api route the app registers, and only those', () => {
    const registered = new Set(
      suite.app.routeTable.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD').map((route) => `${route.method} ${route.url}`),
    );
    const declared = new Set(Object.values(ALL_ENDPOINTS).map((endpoint) => `${endpoint.method} ${endpoint.path}`));
    expect(
      [...registered].filter((route) => !declared.has(route)),
      'registered routes missing from ALL_ENDPOINTS (so not fuzzed)',
    ).toEqual([]);
    expect(
      [...declared].filter((route) => !registered.has(route)),
      'ALL_ENDPOINTS entries the app does not register',
    ).toEqual([]);
    expect(Object.keys(ALL_ENDPOINTS)).toEqual(expect.arrayContaining([STREAM_KEY, UPLOAD_KEY]));
  });

  const plain = Object.entries(ALL_ENDPOINTS).filter(([key]) => key !== STREAM_KEY && key !== UPLOAD_KEY && key !== DELETE_ACCOUNT_KEY);
  it.each(plain.map(([key, endpoint]) => [key, endpoint] as const))('%s', async (key, endpoint) => {
    // An endpoint with no params, query or body varies only in headers and junk: fewer runs cover it
    // (and the API reference's 3.5 MB script is not worth fetching fifty times).
    const hasInput = endpoint.path.includes(':') || endpoint.query !== undefined || endpoint.body !== undefined;
    await fuzz(key, requestArbitrary(endpoint), ({ request, forgedToken }) => check(key, request, forgedToken), hasInput ? RUNS : Math.ceil(RUNS / 5));
  });

  // A valid upload (name, type, one file) with up to three things broken: a hostile field value or
  // field name, an extra field, a missing part, a second file, a file part without a filename, a
  // hostile filename or content; and sometimes broken framing (no or wrong boundary, truncated,
  // unterminated, empty, not multipart at all).
  it(`${UPLOAD_KEY} (multipart bodies)`, async () => {
    type UploadPart = { kind: 'field'; name: string; value: string } | { kind: 'file'; name: string; filename?: string; content: Buffer; contentType: string };
    type Breakage =
      | { kind: 'value'; field: 'name' | 'type'; value: string }
      | { kind: 'extra'; name: string; value: string }
      | { kind: 'drop'; index: number }
      | { kind: 'second-file' }
      | { kind: 'no-filename' }
      | { kind: 'filename'; filename: string }
      | { kind: 'content'; content: Buffer };
    const files = [
      { filename: 'notes.txt', content: textBytes(), contentType: 'text/plain' },
      { filename: 'deck.pdf', content: pdfBytes(1), contentType: 'application/pdf' },
      { filename: 'numbers.csv', content: csvBytes(), contentType: 'text/csv' },
    ];
    const hostileText = fc.oneof(fc.constantFrom(...HOSTILE_TEXT.filter((value) => value.length < 20_000)), fc.constant('n'.repeat(2000)));
    const breakage: fc.Arbitrary<Breakage> = fc.oneof(
      fc.record({ kind: fc.constant('value' as const), field: fc.constantFrom('name' as const, 'type' as const), value: hostileText }),
      fc.record({ kind: fc.constant('extra' as const), name: fc.constantFrom('extra', 'file', 'type', 'a\u0000b', '', 'x'.repeat(300)), value: hostileText }),
      fc.record({ kind: fc.constant('drop' as const), index: fc.integer({ min: 0, max: 2 }) }),
      fc.constant({ kind: 'second-file' as const }),
      fc.constant({ kind: 'no-filename' as const }),
      fc.record({
        kind: fc.constant('filename' as const),
        filename: fc.constantFrom(
          'a\u0000b.txt',
          '../../etc/passwd',
          '',
          '😀.txt',
          `${'x'.repeat(300)}.txt`,
          'noext',
          '\ud800.txt',
          'evil.exe',
          'a"b.txt',
          'a\r\nb.txt',
        ),
      }),
      fc.record({
        kind: fc.constant('content' as const),
        content: fc.constantFrom(Buffer.alloc(0), Buffer.from([0, 1, 2, 255]), Buffer.from('plain\u0000text'), htmlBytes(), exeBytes()),
      }),
    );
    const upload = fc.record({
      persona: fc.oneof({ weight: 6, arbitrary: fc.constant<PersonaName>('startup') }, { weight: 1, arbitrary: personaArbitrary }),
      name: fc.lorem({ maxCount: 3 }),
      type: fc.constantFrom(...DOCUMENT_CATEGORIES),
      file: fc.constantFrom(...files),
      breakages: fc.oneof({ weight: 1, arbitrary: fc.constant([]) }, { weight: 3, arbitrary: fc.array(breakage, { minLength: 1, maxLength: 3 }) }),
      framing: fc.oneof(
        { weight: 12, arbitrary: fc.constant('ok') },
        { weight: 1, arbitrary: fc.constantFrom('no-boundary', 'wrong-boundary', 'truncated', 'no-closing', 'not-multipart', 'empty') },
      ),
      cut: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    await fuzz(UPLOAD_KEY, upload, async ({ persona, name, type, file, breakages, framing, cut }) => {
      let parts: UploadPart[] = [
        { kind: 'field', name: 'name', value: name },
        { kind: 'field', name: 'type', value: type },
        { kind: 'file', name: 'file', ...file },
      ];
      for (const broken of breakages) {
        if (broken.kind === 'value')
          parts = parts.map((item) => (item.kind === 'field' && item.name === broken.field ? { ...item, value: broken.value } : item));
        if (broken.kind === 'extra') parts.splice(1, 0, { kind: 'field', name: broken.name, value: broken.value });
        if (broken.kind === 'drop') parts.splice(broken.index, 1);
        if (broken.kind === 'second-file') parts.push({ kind: 'file', name: 'file', ...files[0]! });
        if (broken.kind === 'no-filename') parts = parts.map((item) => (item.kind === 'file' ? { ...item, filename: undefined } : item));
        if (broken.kind === 'filename') parts = parts.map((item) => (item.kind === 'file' ? { ...item, filename: broken.filename } : item));
        if (broken.kind === 'content') parts = parts.map((item) => (item.kind === 'file' ? { ...item, content: broken.content } : item));
      }
      const boundary = 'vmfuzzboundary';
      const text = (value: string) => Buffer.from(value, 'utf8');
      const chunks: Buffer[] = [];
      for (const item of parts) {
        if (item.kind === 'field') chunks.push(text(`--${boundary}\r\nContent-Disposition: form-data; name="${item.name}"\r\n\r\n${item.value}\r\n`));
        else {
          const filename = item.filename === undefined ? '' : `; filename="${item.filename}"`;
          chunks.push(
            text(`--${boundary}\r\nContent-Disposition: form-data; name="${item.name}"${filename}\r\nContent-Type: ${item.contentType}\r\n\r\n`),
            item.content,
            text('\r\n'),
          );
        }
      }
      if (framing !== 'no-closing') chunks.push(text(`--${boundary}--\r\n`));
      let payload = Buffer.concat(chunks);
      if (framing === 'truncated') payload = payload.subarray(0, Math.floor(payload.length * cut));
      if (framing === 'empty') payload = Buffer.alloc(0);
      const contentTypes: Record<string, string> = {
        'no-boundary': 'multipart/form-data',
        'wrong-boundary': 'multipart/form-data; boundary=somethingelse',
        'not-multipart': 'application/json',
      };
      const contentType = contentTypes[framing] ?? `multipart/form-data; boundary=${boundary}`;
      await check(UPLOAD_KEY, { persona, method: 'POST', url: '/api/documents', headers: { 'content-type': contentType }, payload });
    });
  });

  // With the right password, account deletion would erase the world's personas and leave every
  // later endpoint fuzzed by a signed-out caller. Each signed-in run acts for a throwaway account of
  // the persona's role instead, which the request may really delete.
  it(`${DELETE_ACCOUNT_KEY} (on throwaway accounts)`, async () => {
    const endpoint = ALL_ENDPOINTS[DELETE_ACCOUNT_KEY]!;
    await fuzz(DELETE_ACCOUNT_KEY, requestArbitrary(endpoint), async ({ request, forgedToken }) => {
      const persona = personas[request.persona];
      if (persona.userId === undefined) return check(DELETE_ACCOUNT_KEY, request, forgedToken);
      const kept = { userId: persona.userId, token: persona.token };
      const throwaway = new TestClient(suite.app, persona.ip);
      const { user } = await throwaway.register(persona.name as 'startup' | 'investor');
      Object.assign(persona, { userId: user.id, token: throwaway.sessionToken });
      try {
        await check(DELETE_ACCOUNT_KEY, request, forgedToken);
      } finally {
        Object.assign(persona, kept);
      }
    });
  });

  // An open stream never ends, so inject() would wait forever. Anonymous callers are refused before
  // the stream opens (inject is fine); signed-in callers go over real HTTP and hang up after the
  // headers.
  it(`${STREAM_KEY} (a stream: anonymous by inject, signed in over HTTP)`, async () => {
    const endpoint = ALL_ENDPOINTS[STREAM_KEY]!;
    await fuzz(
      STREAM_KEY,
      fc.record({ persona: fc.constantFrom<PersonaName>('anonymous', 'forged'), query: fc.constantFrom('', ...JUNK_QUERIES), forgedToken: forgedTokens }),
      ({ persona, query, forgedToken }) => check(STREAM_KEY, { persona, method: 'GET', url: `${endpoint.path}${query}`, headers: {} }, forgedToken),
      10,
    );
    await suite.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = suite.app.server.address() as AddressInfo;
    await fuzz(
      STREAM_KEY,
      fc.record({ persona: fc.constantFrom<PersonaName>('startup', 'investor'), query: fc.constantFrom('', ...JUNK_QUERIES, '?a=%ED%A0%80') }),
      async ({ persona, query }) => {
        const controller = new AbortController();
        try {
          const response = await fetch(`http://127.0.0.1:${port}${endpoint.path}${query}`, {
            headers: { cookie: `vm_session=${personas[persona].token!}` },
            signal: controller.signal,
          });
          const body = response.status === 200 ? '(stream)' : await response.text();
          const problem =
            response.status >= 500
              ? `answered ${response.status}`
              : response.status >= 400 && !/\p{L}{2,}/u.test((JSON.parse(body) as { message?: string }).message ?? '')
                ? 'no readable message'
                : null;
          if (problem)
            throw new Error(`${STREAM_KEY}: ${problem}\n  as: ${persona}\n  query: ${preview(query)}\n  response: ${response.status} ${preview(body)}`);
          if (response.status === 200) expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
        } finally {
          controller.abort();
        }
      },
      8,
    );
  });
});
