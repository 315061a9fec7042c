// Logs (issue #12): a whole session through the real app, logging at `trace` into memory, leaves
// no password, hash, session token, message text or document content in any line, even when the
// database refuses a row that holds them and the error handler logs the 500. Requests get one
// line each; the live event stream one debug line when it closes.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/client';
import { matches } from '../../src/server/db/schema';
import { loadEnv } from '../../src/server/env';
import { buildLoggerOptions } from '../../src/server/logging';
import { buildInvestorProfileBody, buildStartupProfileBody, uniqueSuffix } from '../factories';
import { openEventStream } from '../support/event-stream';
import { matchState } from '../support/match-state';
import { multipartPayload } from '../support/multipart';
import { TestClient } from '../support/test-app';
import { openTestDatabase } from '../support/test-database';

const suffix = uniqueSuffix();
const PASSWORD = `Log-Redaction-Passphrase-${suffix}`;
const WRONG_PASSWORD = `Wrong-Passphrase-${suffix}`;
const FAILING_PASSWORD = `Doomed-Row-Passphrase-${suffix}`;
const FAILING_EMAIL = `doomed.${suffix}@example.test`;
const MESSAGE_TEXT = `Confidential term sheet words ${suffix}`;
const FAILING_MESSAGE_TEXT = `Refused message words ${suffix}`;
const DOCUMENT_TEXT = `Private data room notes ${suffix}`;
const QUERY_SECRET = `query-secret-${suffix}`;

interface LogLine {
  level: number;
  msg: string;
  err?: Record<string, unknown> & { cause?: Record<string, unknown> };
  [key: string]: unknown;
}

const captured: string[] = [];
let database: DatabaseHandle;
let app: FastifyInstance;
let dataDir: string;
const sessionTokens: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'vm-log-redaction-'));
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'trace', DATA_DIR: dataDir });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      captured.push(String(chunk));
      done();
    },
  });
  app = await buildApp({ env, database, clientDir: null, logger: { ...buildLoggerOptions(env, { isTty: false }), stream } });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const logLines = (): LogLine[] =>
  captured
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogLine);

/** Adds a check constraint that refuses one value, runs `action`, and removes it again. */
async function withRefusal(table: 'users' | 'messages', name: string, condition: ReturnType<typeof sql>, action: () => Promise<void>) {
  await database.db.execute(sql`alter table ${sql.identifier(table)} add constraint ${sql.identifier(name)} check (${condition})`);
  try {
    await action();
  } finally {
    await database.db.execute(sql`alter table ${sql.identifier(table)} drop constraint ${sql.identifier(name)}`);
  }
}

describe('log redaction across a whole session', () => {
  it('runs the session: every secret passes through the app', async () => {
    const startup = new TestClient(app, '198.18.12.1');
    const { user: startupUser, registration } = await startup.register('startup', { password: PASSWORD });
    sessionTokens.push(startup.sessionToken!);
    await startup.request({ method: 'PUT', url: '/api/startup/profile', payload: buildStartupProfileBody({ companyName: 'Quiet Logs Co' }) });

    const wrong = await startup.request({ method: 'POST', url: '/api/login', payload: { username: registration.username, password: WRONG_PASSWORD } });
    expect(wrong.statusCode).toBe(401);
    const login = await startup.request({ method: 'POST', url: '/api/login', payload: { username: registration.username, password: PASSWORD } });
    expect(login.statusCode).toBe(200);
    sessionTokens.push(startup.sessionToken!);
    expect((await startup.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    // A token in a query string never belongs there, but must not reach the log if it comes.
    await startup.request({ method: 'GET', url: `/api/documents?token=${QUERY_SECRET}` });

    const investor = new TestClient(app, '198.18.12.2');
    const { user: investorUser } = await investor.register('investor', { password: PASSWORD });
    sessionTokens.push(investor.sessionToken!);
    await investor.request({ method: 'PUT', url: '/api/investor/profile', payload: buildInvestorProfileBody({ firmName: 'Quiet Capital' }) });
    await database.db.insert(matches).values({ startupId: startupUser.id, investorId: investorUser.id, score: 80, ...matchState('accepted') });
    const sent = await startup.request({ method: 'POST', url: '/api/messages', payload: { receiverId: investorUser.id, content: MESSAGE_TEXT } });
    expect(sent.statusCode).toBe(201);

    // The database refuses a message row: the 500's log would carry its text in the parameters.
    await withRefusal('messages', 'messages_log_redaction_check', sql`content <> ${sql.raw(`'${FAILING_MESSAGE_TEXT}'`)}`, async () => {
      const refused = await startup.request({ method: 'POST', url: '/api/messages', payload: { receiverId: investorUser.id, content: FAILING_MESSAGE_TEXT } });
      expect(refused.statusCode).toBe(500);
    });

    const { payload, headers } = multipartPayload(
      { name: 'Notes', type: 'Other' },
      { filename: 'notes.txt', content: Buffer.from(`${DOCUMENT_TEXT}\n`), contentType: 'text/plain' },
    );
    const uploaded = await startup.request({ method: 'POST', url: '/api/documents', payload, headers });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const content = await startup.request({ method: 'GET', url: `/api/documents/${uploaded.json().id}/content` });
    expect(content.body).toContain(DOCUMENT_TEXT);

    // The database refuses a new account: PostgreSQL's `detail` and Drizzle's parameters both
    // hold the whole row, argon2 hash included.
    await withRefusal('users', 'users_log_redaction_check', sql`first_name <> 'Doomed'`, async () => {
      const doomed = new TestClient(app, '198.18.12.3');
      const response = await doomed.request({
        method: 'POST',
        url: '/api/register',
        payload: {
          userType: 'startup',
          firstName: 'Doomed',
          lastName: 'Row',
          username: `doomed_${suffix}`,
          email: FAILING_EMAIL,
          password: FAILING_PASSWORD,
          confirmPassword: FAILING_PASSWORD,
        },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'Internal Server Error' });
    });

    // Outside /api/ (the client's pages) nothing is logged unless it fails on our side.
    await startup.request({ method: 'GET', url: '/some/client/page' });
    expect((await startup.request({ method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
    await investor.request({ method: 'POST', url: '/api/logout' });
  });

  it('logs the live event stream once, at debug, when it closes', async () => {
    const listener = new TestClient(app, '198.18.12.4');
    await listener.register('investor', { password: PASSWORD });
    sessionTokens.push(listener.sessionToken!);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openEventStream(address, listener.sessionToken!);
    stream.close();
    const isCloseLine = (line: LogLine) => /^GET \/api\/events 200 \d+ ms \(live events stream closed\)$/.test(line.msg);
    for (let waited = 0; waited < 5000 && !logLines().some(isCloseLine); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    const streamLines = logLines().filter((line) => line.msg.startsWith('GET /api/events'));
    expect(streamLines).toHaveLength(1);
    expect(streamLines[0]).toMatchObject({ level: 20 });
    expect(isCloseLine(streamLines[0]!)).toBe(true);
  });

  it('logged the database errors, with their code and constraint', () => {
    const failures = logLines().filter((line) => line.msg === 'unhandled error');
    expect(failures).toHaveLength(2);
    expect(failures.map((line) => line.level)).toEqual([50, 50]);
    expect(failures[0]!.err).toMatchObject({ type: 'DrizzleQueryError', code: '23514', constraint: 'messages_log_redaction_check', table: 'messages' });
    expect(failures[1]!.err).toMatchObject({ type: 'DrizzleQueryError', code: '23514', constraint: 'users_log_redaction_check', table: 'users' });
    expect(failures[1]!.err!.message).toMatch(/^Failed query: insert into "users"/);
    expect(failures[1]!.err!.cause).toMatchObject({ type: 'DatabaseError', code: '23514', severity: 'ERROR' });
    // Every line of a request carries its id.
    expect(failures.every((line) => typeof line.reqId === 'string')).toBe(true);
  });

  it('wrote one line per API request and none for the client page', () => {
    const lines = logLines();
    const requestLines = lines.filter((line) => /^[A-Z]+ \S+ \d{3} \d+ ms$/.test(line.msg));
    expect(requestLines.some((line) => /^POST \/api\/register 201 \d+ ms$/.test(line.msg))).toBe(true);
    expect(requestLines.some((line) => /^POST \/api\/login 401 \d+ ms$/.test(line.msg))).toBe(true);
    expect(requestLines.some((line) => /^POST \/api\/register 500 \d+ ms$/.test(line.msg))).toBe(true);
    expect(requestLines.some((line) => line.msg.startsWith('GET /api/documents?token=[redacted] '))).toBe(true);
    expect(requestLines.every((line) => line.level === 30)).toBe(true);
    expect(requestLines.some((line) => line.msg.includes('/some/client/page'))).toBe(false);
    expect(lines.some((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toBe(false);
    // The request's own fields: no headers but the user agent and length, the status and nothing else.
    const register = requestLines.find((line) => line.msg.startsWith('POST /api/register 201'))!;
    expect(Object.keys(register.req as object).sort()).toEqual(['headers', 'id', 'method', 'remoteAddress', 'url']);
    expect(Object.keys((register.req as { headers: object }).headers).every((name) => ['user-agent', 'content-length'].includes(name))).toBe(true);
    expect(register.res).toEqual({ statusCode: 201 });
  });

  it('never wrote a secret or a private text', () => {
    const text = captured.join('');
    expect(text.length).toBeGreaterThan(0);
    const secrets = {
      password: PASSWORD,
      'wrong password': WRONG_PASSWORD,
      'password of the refused row': FAILING_PASSWORD,
      'email of the refused row': FAILING_EMAIL,
      'argon2 hash': '$argon2id$',
      'message text': MESSAGE_TEXT,
      'refused message text': FAILING_MESSAGE_TEXT,
      'document content': DOCUMENT_TEXT,
      'query-string token': QUERY_SECRET,
      'cookie header': 'vm_session=',
      ...Object.fromEntries(sessionTokens.map((token, index) => [`session token ${index + 1}`, token])),
    };
    expect(sessionTokens.length).toBe(4);
    for (const [what, secret] of Object.entries(secrets)) expect(text.includes(secret), `${what} in the log`).toBe(false);
  });
});
