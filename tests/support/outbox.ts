// The app's outbox (DATA_DIR/outbox, where emails go without SMTP_URL), read as a mail client
// would: every .eml parsed once, in the order the files sort (their names start with the time).
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/** The emails in `dataDir`'s outbox addressed to `address`, oldest first; with `subject`, only those. */
export function outboxReader(dataDir: string): (address: string, subject?: string) => Promise<ParsedMail[]> {
  const parsed = new Map<string, ParsedMail>();
  return async (address, subject) => {
    const dir = path.join(dataDir, 'outbox');
    if (!existsSync(dir)) return [];
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.eml') && !parsed.has(name))) {
      parsed.set(file, await simpleParser(await readFile(path.join(dir, file))));
    }
    const recipients = (mail: ParsedMail) => [mail.to ?? []].flat().flatMap((field) => field.value.map((entry) => entry.address?.toLowerCase()));
    return [...parsed.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, mail]) => mail)
      .filter((mail) => recipients(mail).includes(address.toLowerCase()) && (subject === undefined || mail.subject === subject));
  };
}
