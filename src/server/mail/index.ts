// The mail module's public side (ADR 0037). Services send email in one of two ways:
// - a notice that carries no secret (password changed, email changed) is enqueued here as a
//   durable `mail.send` job, in the caller's transaction, so it goes out exactly when the change
//   commits and a slow or failing SMTP server never delays or fails the request;
// - an email with a token (reset, verification) is rendered and sent by its own feature's job
//   handler through `ctx.mailer`, creating the token when it sends: a token must never sit in the
//   jobs table, whose payloads outlive the token and are readable by operators (`npm run jobs`).
import path from 'node:path';
import { z } from 'zod';
import type { Actor } from '../actor';
import type { Env } from '../env';
import type { JobHandler } from '../jobs/job-queue';
import type { ServiceContext, ServiceLog } from '../service-context';
import type { EmailTemplate, Mailer } from './mail-types';
import { renderEmail } from './templates';
import { describeSmtpUrl } from './mailer';

export type { DigestContent, EmailTemplate, MailContext, Mailer, RenderedEmail } from './mail-types';
export { createMailer, describeSmtpUrl, type MailerOptions } from './mailer';
export { renderEmail, unsubscribeApiUrl } from './templates';

export const MAIL_SEND_JOB = 'mail.send';

/**
 * The templates that may travel through the jobs table: those without a token. `token?: never`
 * makes a template value that has a token a type error even when it is not an object literal.
 */
export type NoticeTemplate = Extract<EmailTemplate, { kind: 'password-changed' | 'email-changed' }> & { token?: never };

// The job payload, checked on the way in (strict: a smuggled `token` is refused before it is
// written) and on the way out (a payload from an older or newer build fails clearly).
const Address = z.string().min(3).max(320);
const Name = z.string().max(200);
const NoticeTemplateSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('password-changed'), to: Address, name: Name }),
  z.strictObject({ kind: z.literal('email-changed'), to: Address, name: Name, newEmail: Address }),
]);
const MailSendPayload = z.strictObject({
  template: NoticeTemplateSchema,
  origin: z.url({ protocol: /^https?$/ }),
});

/** The folder that receives the emails when SMTP_URL is not set. */
export function outboxDirFor(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/**
 * Start-up warnings for production, one line each (none elsewhere):
 * - without SMTP_URL it still starts (a trial install needs no mail server), but nobody receives
 *   an email unless someone reads the outbox;
 * - without APP_ORIGIN, email links follow the Host header of the request that caused them, and
 *   "forgot password" is anonymous: a forged Host would point a victim's reset link elsewhere
 *   unless the proxy in front only passes the real host name.
 */
export function mailStartupWarnings(env: Pick<Env, 'NODE_ENV' | 'SMTP_URL' | 'DATA_DIR'>): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const warnings: string[] = [];
  if (!env.SMTP_URL) {
    warnings.push(`SMTP_URL is not set: emails (password resets, verifications, notices) are written to ${outboxDirFor(env.DATA_DIR)} instead of being sent.`);
  }
  return warnings;
}

/** A one-line description of where emails go, for operators: never the SMTP credentials. */
export function describeMailTransport(env: Pick<Env, 'SMTP_URL' | 'DATA_DIR'>): string {
  return env.SMTP_URL ? `SMTP at ${describeSmtpUrl(env.SMTP_URL)}` : `outbox in ${outboxDirFor(env.DATA_DIR)}`;
}

/**
 * Queues a notice email as a durable job on `ctx.db`: pass the transaction's context, so the email
 * exists exactly when the change it announces commits. `origin` is the app's public origin
 * (publicOrigin in http/origin-check.ts), for the links.
 */
export async function enqueueEmail(ctx: ServiceContext<Actor | null>, input: { template: NoticeTemplate; origin: string }): Promise<void> {
  const payload = MailSendPayload.parse({ template: input.template, origin: input.origin });
  await ctx.jobs.enqueue(ctx.db, MAIL_SEND_JOB, payload, { maxAttempts: 5 });
}

/**
 * The `mail.send` job: renders the notice and sends it. A failure is logged without the body and
 * rethrown, so the queue retries it with backoff and, after the last attempt, records it as failed.
 */
export function mailSendJobHandler(deps: { mailer: Mailer; log: Pick<ServiceLog, 'warn'> }): JobHandler {
  return async (payload, { attempt }) => {
    const { template, origin } = MailSendPayload.parse(payload);
    try {
      await deps.mailer.send(renderEmail(template, origin));
    } catch (error) {
      deps.log.warn({ kind: template.kind, to: template.to, attempt, err: error }, `Could not send the "${template.kind}" email to ${template.to}`);
      throw error;
    }
  };
}
