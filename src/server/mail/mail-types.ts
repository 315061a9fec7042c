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
  /** Extra header lines (List-Unsubscribe on notification emails). */
  headers?: Record<string, string>;
  /** A Message-ID chosen by the sender (notification emails derive it from their idempotency key). */
  messageId?: string;
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
  | { kind: 'email-changed'; to: string; name: string; newEmail: string }
  // A secure link's one-time code (issue #20): sent by its own job, which makes the code as it sends.
  | { kind: 'secure-link-code'; to: string; code: string; companyName: string; linkName: string; validMinutes: number }
  // Notification emails (issue #18): each carries the recipient's unsubscribe token for its type.
  | { kind: 'notification'; to: string; name: string; sentence: string; path: string; unsubscribeToken: string }
  | { kind: 'unread-messages'; to: string; name: string; senderName: string; count: number; path: string; unsubscribeToken: string }
  | { kind: 'digest'; to: string; name: string; frequency: 'daily' | 'weekly'; content: DigestContent; unsubscribeToken: string };

/** What a digest summarises (features/notifications/notification-emails.service.ts). */
export interface DigestContent {
  unreadCount: number;
  /** The latest unread notifications' sentences. */
  unread: string[];
  matches: Array<{ name: string; score: number; reason: string | null }>;
  documentOpens: Array<{ name: string; opens: number }>;
  milestones: Array<{ title: string; date: string; partner: string }>;
  /** Where the digest's button leads (the notification centre). */
  paths: { notifications: string };
}

/** What services that send email need beyond the shared context. */
export interface MailContext {
  mailer: Mailer;
}
