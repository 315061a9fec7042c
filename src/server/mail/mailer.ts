// The mail transport (ADR 0037): an SMTP server when SMTP_URL is set, else the outbox, a folder of
// standard .eml files under DATA_DIR/outbox that any mail client opens, so a newcomer can follow a
// reset link without running a mail server. Either way nodemailer builds the MIME message. Only
// the recipient, subject and where it went are ever logged: bodies carry reset and verification
// links, and nodemailer's own logger stays off because it can print the SMTP dialogue.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { ServiceLog } from '../service-context';
import type { Mailer, RenderedEmail } from './mail-types';

export interface MailerOptions {
  /** smtp://user:pass@host:587 or smtps://…; without it, emails go to `outboxDir`. */
  smtpUrl?: string;
  /** The sender: "Name <address>" or a bare address (MAIL_FROM). */
  from: string;
  outboxDir: string;
  log: Pick<ServiceLog, 'info'>;
  /** The Date header and the outbox file names (default: the wall clock). */
  clock?: () => Date;
}

// Bounded waits, so a silent SMTP server fails the job (and it retries) instead of holding a worker
// slot for nodemailer's default 10 minutes. A query parameter in SMTP_URL overrides these.
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/** The SMTP server's host and port only, for log lines: SMTP_URL may carry a user and password. */
export function describeSmtpUrl(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    return `${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ''}`;
  } catch {
    return 'the SMTP server';
  }
}

/** Sortable by time first ("20261101T120000123Z"), then random, so two emails in one millisecond never collide. */
function outboxFileName(now: Date): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${randomBytes(6).toString('hex')}.eml`;
}

/** What nodemailer gets from a rendered email: the parts, and the optional headers and Message-ID. */
function messageFields(email: RenderedEmail) {
  return {
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    ...(email.headers ? { headers: email.headers } : {}),
    ...(email.messageId ? { messageId: email.messageId } : {}),
  };
}

function createOutboxMailer({ from, outboxDir, log, clock }: Required<Omit<MailerOptions, 'smtpUrl'>>): Mailer {
  // Builds the message without sending it; CRLF line ends, as a standard .eml has.
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' }, { from });
  return {
    async send(email: RenderedEmail) {
      const now = clock();
      const info = await composer.sendMail({ ...messageFields(email), date: now });
      const message = info.message as Buffer;
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(outboxDir, outboxFileName(now));
      // Written aside, then renamed: a reader (or a crash) never sees half an email. Owner-only,
      // since it holds a live reset or verification link.
      const partial = `${file}.partial`;
      try {
        await writeFile(partial, message, { mode: 0o600 });
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      log.info({ to: email.to, subject: email.subject, file }, `Email "${email.subject}" to ${email.to} written to ${file}`);
    },
    async close() {},
  };
}

function createSmtpMailer({ smtpUrl, from, log, clock }: Required<Omit<MailerOptions, 'outboxDir'>>): Mailer {
  // Pooled: a burst of notices reuses a few connections instead of one handshake each.
  const transport = createTransport({ url: smtpUrl, pool: true, maxConnections: 2, ...SMTP_TIMEOUTS }, { from });
  const server = describeSmtpUrl(smtpUrl);
  return {
    async send(email: RenderedEmail) {
      // Throws when the server refuses (every recipient rejected, auth failed, unreachable): the
      // mail.send job then retries with backoff.
      const info = await transport.sendMail({ ...messageFields(email), date: clock() });
      log.info({ to: email.to, subject: email.subject, messageId: info.messageId, server }, `Email "${email.subject}" to ${email.to} sent through ${server}`);
    },
    async close() {
      transport.close();
    },
  };
}

/** The mailer for this process: SMTP when `smtpUrl` is set, else the outbox. */
export function createMailer(options: MailerOptions): Mailer {
  const clock = options.clock ?? (() => new Date());
  if (options.smtpUrl) return createSmtpMailer({ smtpUrl: options.smtpUrl, from: options.from, log: options.log, clock });
  return createOutboxMailer({ from: options.from, outboxDir: options.outboxDir, log: options.log, clock });
}
