// The outbox (issue #17, ADR 0037): without SMTP_URL every email is a standard .eml file under
// DATA_DIR/outbox that mailparser (like any mail client) reads back into both parts, written whole
// (never a half file) and readable by the owner only, with one log line naming the recipient,
// the subject and the file, and never the body.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { simpleParser, type AddressObject } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/client';
import { loadEnv } from '../../src/server/env';
import { buildLoggerOptions } from '../../src/server/logging';
import { createMailer, enqueueEmail, renderEmail } from '../../src/server/mail';
import { inTransaction } from '../../src/server/service-context';
import { uniqueSuffix } from '../factories';
import { serviceContext } from '../support/service-context';
import { createTestClock } from '../support/test-app';
import { openTestDatabase } from '../support/test-database';

const suffix = uniqueSuffix();
const ORIGIN = 'http://localhost:5000';
const logText: string[] = [];
const clock = createTestClock();
let database: DatabaseHandle;
let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'vm-mail-outbox-'));
  // No SMTP_URL and no MAIL_FROM: the embedded defaults a newcomer gets.
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: dataDir });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logText.push(String(chunk));
      done();
    },
  });
  app = await buildApp({ env, database, now: clock.now, clientDir: null, logger: { ...buildLoggerOptions(env, { isTty: false }), stream } });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const outboxDir = () => path.join(dataDir, 'outbox');
const logLines = () =>
  logText
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
const addresses = (field: AddressObject | AddressObject[] | undefined) => [field ?? []].flat().flatMap((object) => object.value);

describe('the outbox (no SMTP_URL)', () => {
  it('writes a queued notice as an .eml file that parses back into both parts, with one log line', async () => {
    const to = `outbox.${suffix}@example.test`;
    const ctx = serviceContext(app);
    await app.db.transaction((tx) =>
      enqueueEmail(inTransaction(ctx, tx), {
        template: { kind: 'email-changed', to, name: `Ada <${suffix}>`, newEmail: `new.${suffix}@example.test` },
        origin: ORIGIN,
      }),
    );
    await app.jobs.idle();

    const files = readdirSync(outboxDir());
    expect(files).toHaveLength(1);
    const [file] = files;
    expect(file).toMatch(/^20261101T120000000Z-[0-9a-f]{12}\.eml$/);
    const fullPath = path.join(outboxDir(), file!);
    // Owner-only: the outbox holds live reset and verification links.
    expect(statSync(fullPath).mode & 0o777).toBe(0o600);

    const raw = await readFile(fullPath);
    expect(raw.includes('\r\n')).toBe(true); // a standard .eml: CRLF line ends
    const parsed = await simpleParser(raw);
    expect(addresses(parsed.from)).toEqual([{ address: 'no-reply@venturematch.local', name: 'VentureMatch' }]);
    expect(addresses(parsed.to).map((entry) => entry.address)).toEqual([to]);
    expect(parsed.subject).toBe('Your VentureMatch email address was changed');
    expect(parsed.text).toContain(`new.${suffix}@example.test`);
    expect(parsed.text).toContain(`${ORIGIN}/auth`);
    expect(String(parsed.html)).toContain(`Hello Ada &lt;${suffix}&gt;,`);
    expect(String(parsed.html)).toContain(`href="${ORIGIN}/auth"`);

    const lines = logLines().filter((line) => line.file !== undefined);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        to,
        subject: 'Your VentureMatch email address was changed',
        file: fullPath,
        msg: expect.stringContaining(fullPath),
      }),
    ]);
    expect(logText.join('')).not.toContain(`new.${suffix}@example.test`);
    expect(logText.join('')).not.toContain('Hello ');
  });

  it('lets a newcomer open the reset link from the file', async () => {
    const to = `reset.${suffix}@example.test`;
    const token = `reset-token-${suffix}`;
    clock.advanceMs(1000);
    await serviceContext(app).mailer.send(renderEmail({ kind: 'password-reset', to, name: 'Lin', token, validMinutes: 60 }, ORIGIN));

    const newest = readdirSync(outboxDir()).sort().at(-1)!;
    expect(newest).toMatch(/^20261101T120001000Z-/);
    const parsed = await simpleParser(await readFile(path.join(outboxDir(), newest)));
    expect(parsed.text).toContain(`${ORIGIN}/reset-password?token=${token}`);
    expect(String(parsed.html)).toContain(`href="${ORIGIN}/reset-password?token=${token}"`);
    expect(logText.join('')).not.toContain(token);
  });

  it('names files so they sort by time, and leaves no partial file behind', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vm-outbox-order-'));
    try {
      const times = ['2026-11-02T09:00:00.000Z', '2026-11-02T09:00:00.000Z', '2026-11-02T09:00:00.005Z', '2026-11-02T10:00:00.000Z'];
      let current = 0;
      const mailer = createMailer({
        from: 'a@example.test',
        outboxDir: path.join(dir, 'outbox'),
        log: { info: () => {} },
        clock: () => new Date(times[current]!),
      });
      for (current = 0; current < times.length; current++) {
        await mailer.send({ to: `n${current}@example.test`, subject: `Number ${current}`, text: 'text', html: '<p>html</p>' });
      }
      await mailer.close();
      const files = readdirSync(path.join(dir, 'outbox')).sort();
      expect(files).toHaveLength(4); // two in the same millisecond do not collide
      expect(files.every((name) => name.endsWith('.eml'))).toBe(true);
      const subjects = await Promise.all(files.map(async (name) => (await simpleParser(await readFile(path.join(dir, 'outbox', name)))).subject));
      expect(subjects.slice(2)).toEqual(['Number 2', 'Number 3']);
      expect(subjects.slice(0, 2).sort()).toEqual(['Number 0', 'Number 1']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
