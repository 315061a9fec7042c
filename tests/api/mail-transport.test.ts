// The mail transport over SMTP (issue #17, ADR 0037): a real SMTP server runs in this process
// (smtp-server, plain text on 127.0.0.1 with a login), the app sends through SMTP_URL, and what
// arrives is parsed with mailparser. A notice goes through the durable mail.send job; a refused
// send is retried with backoff, then recorded as failed, and no log line carries the body or the
// SMTP password. The caller that enqueued the notice never sees the failure.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/client';
import { jobs } from '../../src/server/db/schema';
import { loadEnv } from '../../src/server/env';
import { publicOrigin } from '../../src/server/http/origin-check';
import { retryDelayMs } from '../../src/server/jobs/job-queue';
import { buildLoggerOptions } from '../../src/server/logging';
import { describeMailTransport, enqueueEmail, MAIL_SEND_JOB, renderEmail, type NoticeTemplate } from '../../src/server/mail';
import { inTransaction } from '../../src/server/service-context';
import { uniqueSuffix } from '../factories';
import { serviceContext } from '../support/service-context';
import { createTestClock } from '../support/test-app';
import { openTestDatabase } from '../support/test-database';

const suffix = uniqueSuffix();
const SMTP_USER = 'venturematch';
const SMTP_PASSWORD = `smtp-secret-${suffix}`;
const MAIL_FROM = 'VentureMatch Test <no-reply@venturematch.test>';
const ORIGIN = 'https://app.venturematch.test';
const HOSTILE_NAME = `<b>&"Ada'${suffix}`;
/** RCPT TO for this address is refused with a permanent 550, as a mail server does for an unknown mailbox. */
const REFUSED_ADDRESS = `refused.${suffix}@example.test`;

interface Received {
  envelopeFrom: string | false;
  envelopeTo: string[];
  user: unknown;
  parsed: ParsedMail;
}

const received: Received[] = [];
const logText: string[] = [];
const clock = createTestClock();
let smtp: SMTPServer;
let database: DatabaseHandle;
let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  smtp = new SMTPServer({
    secure: false,
    // No STARTTLS offered, so the client stays on plain text (no test certificate needed).
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address === REFUSED_ADDRESS) callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      // Parsed before the server answers 250: by the time the send resolves, the email is here.
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            envelopeFrom: session.envelope.mailFrom && session.envelope.mailFrom.address,
            envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            user: session.user,
            parsed,
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;

  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'vm-mail-transport-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'trace',
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`,
    MAIL_FROM,
  });
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
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

const logLines = (): LogLine[] =>
  logText
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogLine);

/** Enqueues a notice the way a service does: inside its transaction. */
async function enqueueNotice(template: NoticeTemplate): Promise<void> {
  const ctx = serviceContext(app);
  await app.db.transaction((tx) => enqueueEmail(inTransaction(ctx, tx), { template, origin: ORIGIN }));
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): Array<{ address?: string; name: string }> {
  return [field ?? []].flat().flatMap((object) => object.value);
}

function receivedFor(address: string): Received[] {
  return received.filter((mail) => mail.envelopeTo.includes(address));
}

describe('sending through SMTP_URL', () => {
  it('delivers a queued notice with both parts, the sender, the links on the origin and escaped HTML', async () => {
    const to = `ada.${suffix}@example.test`;
    await enqueueNotice({ kind: 'password-changed', to, name: HOSTILE_NAME });
    // Nothing is sent inside the caller's transaction: the job does it.
    expect(receivedFor(to)).toHaveLength(0);
    await app.jobs.idle();

    const [mail] = receivedFor(to);
    expect(mail).toBeDefined();
    const { parsed } = mail!;
    expect(mail!.user).toBe(SMTP_USER); // signed in with the credentials from SMTP_URL
    expect(mail!.envelopeFrom).toBe('no-reply@venturematch.test');
    expect(addressesOf(parsed.from)).toEqual([{ address: 'no-reply@venturematch.test', name: 'VentureMatch Test' }]);
    expect(addressesOf(parsed.to).map((entry) => entry.address)).toEqual([to]);
    expect(parsed.subject).toBe('Your VentureMatch password was changed');
    expect(parsed.date?.toISOString()).toBe(clock.now().toISOString());

    expect(parsed.text).toContain(`Hello ${HOSTILE_NAME},`);
    expect(parsed.text).toContain(`${ORIGIN}/auth?view=forgot`);
    const html = String(parsed.html);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1');
    expect(html).toContain(`Hello &lt;b&gt;&amp;&quot;Ada&#39;${suffix},`);
    expect(html).not.toContain('<b>');
    expect(html).toContain(`href="${ORIGIN}/auth?view=forgot"`);

    const [job] = await app.db.select().from(jobs).where(eq(jobs.name, MAIL_SEND_JOB));
    expect(job).toMatchObject({ state: 'succeeded', attempts: 1 });
  });

  it('delivers the old address its email-changed notice with the new address escaped', async () => {
    const to = `old.${suffix}@example.test`;
    await enqueueNotice({ kind: 'email-changed', to, name: 'Grace', newEmail: `new"<i>.${suffix}@example.test` });
    await app.jobs.idle();
    const [mail] = receivedFor(to);
    expect(mail!.parsed.subject).toBe('Your VentureMatch email address was changed');
    expect(mail!.parsed.text).toContain(`new"<i>.${suffix}@example.test`);
    expect(String(mail!.parsed.html)).toContain(`new&quot;&lt;i&gt;.${suffix}@example.test`);
  });

  it('receives a reset email sent by a job handler through the context mailer, with its one-time link', async () => {
    const to = `reset.${suffix}@example.test`;
    const token = `tok_${suffix}-A.b~c`;
    // How the account flows send a token email: rendered and sent inside their own job, never queued.
    await serviceContext(app).mailer.send(renderEmail({ kind: 'password-reset', to, name: 'Lin', token, validMinutes: 60 }, ORIGIN));

    const [mail] = receivedFor(to);
    expect(mail!.parsed.subject).toBe('Reset your VentureMatch password');
    // The link as a reader would copy it: on the origin, carrying the token intact.
    const link = mail!.parsed.text?.match(/^https:\/\/\S+$/m)?.[0] ?? '';
    expect(new URL(link).origin).toBe(ORIGIN);
    expect(new URL(link).pathname).toBe('/reset-password');
    expect(new URL(link).searchParams.get('token')).toBe(token);
    expect(mail!.parsed.text).toContain('valid for 60 minutes and can be used once');
    expect(mail!.parsed.text).toContain('If you did not ask, ignore this email');
    const html = String(mail!.parsed.html);
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain('Choose a new password</a>');
    // The raw address is shown too, for clients that strip links.
    expect(html).toMatch(new RegExp(`<span[^>]*>${link.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</span>`));
  });

  it('retries a refused send with backoff, then records it as failed, logging no body and no password', async () => {
    const caller = enqueueNotice({ kind: 'password-changed', to: REFUSED_ADDRESS, name: `Refused ${suffix}` });
    await expect(caller).resolves.toBeUndefined(); // the caller's change commits; the email is the job's business
    await app.jobs.idle();

    const jobFor = async () => {
      const rows = await app.db.select().from(jobs).where(eq(jobs.name, MAIL_SEND_JOB));
      return rows.find((row) => (row.payload as { template: { to: string } }).template.to === REFUSED_ADDRESS)!;
    };
    const first = await jobFor();
    expect(first).toMatchObject({ state: 'queued', attempts: 1 });
    expect(first.lastError).toMatch(/550|No such mailbox/);

    for (let attempt = 1; attempt < 5; attempt++) {
      clock.advanceMs(retryDelayMs(attempt));
      await app.jobs.idle();
    }
    expect(await jobFor()).toMatchObject({ state: 'failed', attempts: 5 });
    expect(receivedFor(REFUSED_ADDRESS)).toHaveLength(0);

    const warnings = logLines().filter((line) => line.kind === 'password-changed' && line.to === REFUSED_ADDRESS);
    expect(warnings).toHaveLength(5);
    for (const line of warnings) {
      expect(line.level).toBe(40);
      expect(line.msg).toBe(`Could not send the "password-changed" email to ${REFUSED_ADDRESS}`);
    }
  });

  it('never logs an email body or the SMTP password', () => {
    const text = logText.join('');
    expect(text.length).toBeGreaterThan(0);
    // Lines that say an email went out name the recipient and subject only.
    const sentLines = logLines().filter((line) => typeof line.msg === 'string' && line.msg.startsWith('Email "'));
    expect(sentLines.length).toBeGreaterThanOrEqual(3);
    for (const line of sentLines) {
      expect(line).toMatchObject({ to: expect.any(String), subject: expect.any(String) });
      expect(line).not.toHaveProperty('text');
      expect(line).not.toHaveProperty('html');
    }
    for (const secret of [SMTP_PASSWORD, 'was just changed', 'Choose a new password', 'reset-password?token', `Refused ${suffix}`, 'Hello ']) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('what may go through the jobs table', () => {
  it('refuses a template with a token at compile time and at run time, writing no job', async () => {
    const before = await app.db.select({ id: jobs.id }).from(jobs);
    const resetTemplate = { kind: 'password-reset', to: 'x@example.test', name: 'X', token: 'secret-token', validMinutes: 60 } as const;
    // @ts-expect-error: a token-carrying template is not a NoticeTemplate.
    await expect(enqueueEmail(serviceContext(app), { template: resetTemplate, origin: ORIGIN })).rejects.toThrow();
    const smuggled = { kind: 'password-changed', to: 'x@example.test', name: 'X', token: 'secret-token' } as const;
    // @ts-expect-error: even a notice kind may not carry a token.
    await expect(enqueueEmail(serviceContext(app), { template: smuggled, origin: ORIGIN })).rejects.toThrow();
    await expect(
      enqueueEmail(serviceContext(app), { template: { kind: 'password-changed', to: 'x@example.test', name: 'X' }, origin: 'javascript:alert(1)' }),
    ).rejects.toThrow();
    expect(await app.db.select({ id: jobs.id }).from(jobs)).toHaveLength(before.length);
  });
});

describe('the origin links are built on', () => {
  it('is APP_ORIGIN when set, else what the browser addressed', async () => {
    const probe = Fastify();
    probe.get('/configured', async (request) => ({ origin: publicOrigin(request, { appOrigin: 'https://app.example.com' }) }));
    probe.get('/addressed', async (request) => ({ origin: publicOrigin(request, {}) }));
    try {
      const configured = await probe.inject({ url: '/configured', headers: { host: 'evil.example' } });
      expect(configured.json()).toEqual({ origin: 'https://app.example.com' });
      const addressed = await probe.inject({ url: '/addressed', headers: { host: 'localhost:5000' } });
      expect(addressed.json()).toEqual({ origin: 'http://localhost:5000' });
    } finally {
      await probe.close();
    }
  });

  it('describes the transport for operators without the credentials', () => {
    expect(describeMailTransport({ SMTP_URL: `smtps://user:${SMTP_PASSWORD}@smtp.example.com:465`, DATA_DIR: './data' })).toBe(
      'SMTP at smtps://smtp.example.com:465',
    );
    expect(describeMailTransport({ DATA_DIR: './data' })).toBe(`outbox in ${path.join('./data', 'outbox')}`);
  });
});
