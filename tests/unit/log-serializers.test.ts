// The log serializers (issue #12): database errors lose their parameters and row values, requests
// lose their headers and query values, and the redact paths catch secret keys anywhere.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { buildLoggerOptions, redactUrl, REDACTED, serializeError, serializeRequest, serializeResponse } from '../../src/server/logging';
import { openTestDatabase } from '../support/test-database';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VyaWFsaXplcg$SeCrEtHaShVaLuE';
const EMAIL = 'serializer.secret@example.test';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db
    .insert(users)
    .values({ username: 'serializer_first', email: EMAIL, passwordHash: HASH, userType: 'startup', firstName: 'Ser', lastName: 'Ializer' });
});
afterAll(() => database?.close());

async function failureOf(action: () => Promise<unknown>): Promise<unknown> {
  try {
    await action();
  } catch (error) {
    return error;
  }
  throw new Error('expected the query to fail');
}

const duplicateUser = () =>
  failureOf(() =>
    database.db
      .insert(users)
      .values({ username: 'Serializer_First', email: 'other@example.test', passwordHash: HASH, userType: 'startup', firstName: 'Dup', lastName: 'Licate' }),
  );

describe('serializeError on database errors', () => {
  it('keeps the SQL and the PostgreSQL fields of a Drizzle-wrapped unique violation, never the row', async () => {
    const error = await duplicateUser();
    // The raw error really does carry the values (otherwise this test proves nothing).
    const raw = error as Error & { params?: unknown; cause?: { detail?: string } };
    expect(raw.message).toContain(HASH);
    expect(raw.params).toContain(HASH);

    const serialized = serializeError(error);
    const text = JSON.stringify(serialized);
    for (const secret of [HASH, '$argon2id$', 'other@example.test', 'Serializer_First', 'Licate']) expect(text).not.toContain(secret);
    expect(serialized.type).toBe('DrizzleQueryError');
    expect(serialized.message).toMatch(/^Failed query: insert into "users"/);
    expect(serialized.message).not.toContain('params');
    expect(serialized.stack).toMatch(/^DrizzleQueryError: Failed query: insert into "users"/);
    expect(serialized.stack).toMatch(/\n\s+at /);
    expect(serialized).toMatchObject({ code: '23505', constraint: 'users_username_lower_unique', table: 'users' });
    expect(serialized.cause).toMatchObject({
      type: 'DatabaseError',
      code: '23505',
      severity: 'ERROR',
      constraint: 'users_username_lower_unique',
      table: 'users',
    });
    for (const field of ['detail', 'params', 'query', 'where', 'internalQuery', 'hint']) expect(serialized.cause).not.toHaveProperty(field);
  });

  it('drops the failing row of a check violation (PostgreSQL repeats it in `detail`)', async () => {
    await database.db.execute(sql`alter table users add constraint users_serializer_test_check check (first_name <> 'Explodes')`);
    try {
      const error = await failureOf(() =>
        database.db.insert(users).values({
          username: 'serializer_check',
          email: 'check@example.test',
          passwordHash: HASH,
          userType: 'investor',
          firstName: 'Explodes',
          lastName: 'Row',
        }),
      );
      expect((error as { cause?: { detail?: string } }).cause?.detail).toContain(HASH);
      const serialized = serializeError(error);
      expect(JSON.stringify(serialized)).not.toContain(HASH);
      expect(JSON.stringify(serialized)).not.toContain('check@example.test');
      expect(serialized).toMatchObject({ code: '23514', constraint: 'users_serializer_test_check' });
      expect(serialized.cause).toMatchObject({ message: 'new row for relation "users" violates check constraint "users_serializer_test_check"' });
    } finally {
      await database.db.execute(sql`alter table users drop constraint users_serializer_test_check`);
    }
  });

  it('redacts input that PostgreSQL quotes in its own message', async () => {
    const error = await failureOf(() => database.db.execute(sql`select ${'not-a-number-secret'}::int`));
    const serialized = serializeError(error);
    expect(JSON.stringify(serialized)).not.toContain('not-a-number-secret');
    expect(serialized.cause).toMatchObject({ code: '22P02', message: `invalid input syntax for type integer: "${REDACTED}"` });
  });

  it('cleans an application error that wraps a database error and copied its message', async () => {
    const inner = (await duplicateUser()) as Error;
    const outer = new Error(`could not save the account: ${inner.message}`, { cause: inner });
    const serialized = serializeError(outer);
    expect(JSON.stringify(serialized)).not.toContain(HASH);
    expect(serialized.message).toMatch(/^could not save the account: Failed query: insert into "users"/);
    expect(serialized.cause).toMatchObject({ type: 'DrizzleQueryError', code: '23505' });
  });

  it('is idempotent, so an explicit call and the logger serializer can both run', async () => {
    const once = serializeError(await duplicateUser());
    expect(serializeError(once)).toBe(once);
  });
});

describe('serializeError on other errors', () => {
  it('keeps type, message, stack, code and statusCode, and copies no other property', () => {
    const error = Object.assign(new TypeError('the profile is broken'), {
      code: 'E_BROKEN',
      statusCode: 500,
      body: { password: 'hunter2' },
      row: { content: 'private' },
    });
    const serialized = serializeError(error);
    expect(serialized).toEqual({ type: 'TypeError', message: 'the profile is broken', stack: error.stack, code: 'E_BROKEN', statusCode: 500 });
  });

  it('describes a thrown non-error without its contents', () => {
    expect(serializeError({ password: 'hunter2' })).toEqual({ type: 'Object', message: '[non-error Object]', stack: '' });
    expect(serializeError('plain words')).toMatchObject({ type: 'string', message: 'plain words' });
  });
});

describe('request and response serializers', () => {
  it('keeps the path, replaces every query value, and keeps only the user agent and length headers', () => {
    const serialized = serializeRequest({
      id: 'req-1',
      method: 'GET',
      url: '/api/documents/4/content?token=abc123&download=1&flag',
      ip: '203.0.113.9',
      headers: { cookie: 'vm_session=secret-session', authorization: 'Bearer secret', 'user-agent': 'vitest', 'content-length': '12', 'x-other': 'no' },
    });
    expect(serialized).toEqual({
      id: 'req-1',
      method: 'GET',
      url: `/api/documents/4/content?token=${REDACTED}&download=${REDACTED}&flag=${REDACTED}`,
      remoteAddress: '203.0.113.9',
      headers: { 'user-agent': 'vitest', 'content-length': '12' },
    });
    expect(redactUrl('/api/matches')).toBe('/api/matches');
    expect(serializeResponse({ statusCode: 201 })).toEqual({ statusCode: 201 });
  });
});

describe('buildLoggerOptions', () => {
  function capture(): { lines: string[]; stream: Writable } {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    return { lines, stream };
  }

  it('redacts secret keys at any of the first three levels of a logged object', async () => {
    const { lines, stream } = capture();
    const app = Fastify({ logger: { ...buildLoggerOptions({ LOG_LEVEL: 'trace', NODE_ENV: 'test' }, { isTty: false }), stream } });
    app.log.info(
      {
        password: 'top-password',
        user: { passwordHash: HASH, token: 'tok-1', confirmPassword: 'confirm-1' },
        request: { headers: { cookie: 'vm_session=cookie-1', authorization: 'Bearer auth-1', 'set-cookie': ['vm_session=set-1'] } },
        message: { content: 'private words', body: 'raw body' },
        resetToken: 'reset-1',
        safe: 'visible',
      },
      'redaction check',
    );
    await app.close();
    const text = lines.join('');
    for (const secret of ['top-password', HASH, 'tok-1', 'confirm-1', 'cookie-1', 'auth-1', 'set-1', 'private words', 'raw body', 'reset-1'])
      expect(text).not.toContain(secret);
    expect(text).toContain('visible');
    expect(text).toContain(REDACTED);
  });

  it('writes JSON outside a development terminal and pretty lines inside one', () => {
    expect(buildLoggerOptions({ LOG_LEVEL: 'info', NODE_ENV: 'production' }, { isTty: true }).stream).toBeUndefined();
    expect(buildLoggerOptions({ LOG_LEVEL: 'info', NODE_ENV: 'development' }, { isTty: false }).stream).toBeUndefined();
    expect(buildLoggerOptions({ LOG_LEVEL: 'info', NODE_ENV: 'development' }, { isTty: true }).stream).toBeDefined();
  });
});
