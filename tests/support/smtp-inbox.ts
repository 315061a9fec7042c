// A real SMTP server in the test process (smtp-server, plain text on 127.0.0.1, no login) that
// parses every email it accepts with mailparser, for suites that check what the app sends through
// SMTP_URL. Each email is parsed before the server answers 250, so by the time the app's send (and
// its job) has finished, the email is in `received`.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpInbox {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: ParsedMail[];
  /** The emails to `address` so far, oldest first, without the verification email every registration sends. */
  to(address: string): ParsedMail[];
  close(): Promise<void>;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    // The app under test may still hold a pooled connection when the suite closes the inbox; the
    // default waits 30 s for it before forcing it shut, per suite.
    closeTimeout: 100,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push(parsed);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const recipients = (mail: ParsedMail) => [mail.to ?? []].flat().flatMap((field) => field.value.map((entry) => entry.address?.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to: (address) =>
      received.filter((mail) => recipients(mail).includes(address.toLowerCase()) && !(mail.subject ?? '').startsWith('Confirm your email address')),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
