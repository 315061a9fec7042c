// The mail module's shapes, fixed first so the account flows and the transport can be built side
// by side. A service never talks to nodemailer: it renders one of the named templates and hands it
// to the context's mailer (inside a job), or enqueues a `mail.send` job for a notice that carries
// no secret (mail/index.ts).

/** One finished email: both parts are always present (plain text for clients that show no HTML). */
export interface RenderedEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where an email goes out: an SMTP server (SMTP_URL), or .eml files in DATA_DIR/outbox. */
export interface Mailer {
  /** Resolves when the message is accepted (by the SMTP server, or written to the outbox); throws otherwise. */
  send(email: RenderedEmail): Promise<void>;
  /** Closes pooled SMTP connections at shutdown. */
  close(): Promise<void>;
}

/**
 * Every email the product sends, by kind, with what its template needs. `origin` is the app's
 * public origin (APP_ORIGIN, else the origin of the request that caused the email), used to
 * build links; links themselves are built by the template from `path`-like fields, never by callers.
 */
export type EmailTemplate =
  | { kind: 'password-reset'; to: string; name: string; token: string; validMinutes: number }
  | { kind: 'password-changed'; to: string; name: string }
  | { kind: 'verify-email'; to: string; name: string; token: string }
  | { kind: 'email-changed'; to: string; name: string; newEmail: string };

/** What services that send email need beyond the shared context. */
export interface MailContext {
  mailer: Mailer;
}
