// "Download your data" (issue #17; docs/decisions/0040-account-export-and-deletion.md): everything
// the account holds, as a ZIP that is built while it is sent. Nothing is assembled in memory: the
// archive (yazl) asks for one entry at a time, each JSON file is written page by page from keyset
// queries as the client reads, and each document's bytes are streamed from the blob store (disk or
// S3) one document at a time, so the server's memory does not grow with the account. When the
// client goes away mid-download, the entry being read is destroyed (its file handle or S3 socket
// closes, its queries stop) and nothing further is opened.
//
// Like account deletion, this reads other features' tables directly: auth may not import them
// (eslint.config.js), and one file that lists every table the export reads is easier to check
// against "never another user's private data" than an export spread over nine features. Each row
// is mapped to an allowlisted object: a new column never reaches an export unseen.
import type { PassThrough, Readable } from 'node:stream';
import { Readable as ReadableStream } from 'node:stream';
import { and, asc, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import { unauthenticated } from '../../app-error';
import type { DbExecutor } from '../../db/client';
import {
  activities,
  dataRoomSettings,
  documents,
  investorProfiles,
  matches,
  messages,
  milestones,
  notificationPreferences,
  notifications,
  portfolioCompanies,
  savedSearches,
  startupProfiles,
  trackRecordInvestments,
  users,
} from '../../db/schema';
import type { ServiceContext } from '../../service-context';
import { BlobNotFoundError, type BlobStore } from '../../storage/blob-store';
import { recordSecurityEvent } from '../security';
import { isQueuedRequestFor } from '../matching';

/** A request's context plus the blob store the documents are read from. */
export interface AccountExportContext extends ServiceContext {
  blobs: BlobStore;
}

export interface AccountExport {
  /** venturematch-export-<username>-<YYYY-MM-DD>.zip */
  filename: string;
  stream: Readable;
}

/** Rows per query: a page of this size is a few hundred kB of JSON at most. */
const PAGE_SIZE = 500;

type Side = 'startup' | 'investor';
type DocumentRow = Pick<typeof documents.$inferSelect, 'id' | 'name' | 'category' | 'type' | 'size' | 'sha256' | 'uploadedAt' | 'storageKey'>;

// ---------------------------------------------------------------------------------------------
// JSON written as it is read

const indent = (text: string, by: string) => text.replace(/\n/g, `\n${by}`);

/**
 * A JSON document `{ ...head, [key]: [ ...items ] }`, pretty-printed like JSON.stringify(…, null, 2),
 * produced one item at a time: the items come from paged queries that run only as the reader pulls.
 */
async function* jsonWithList(head: Record<string, unknown>, key: string, items: AsyncIterable<unknown>): AsyncGenerator<string> {
  const headText = JSON.stringify(head, null, 2);
  const opening = headText === '{}' ? '{\n' : `${headText.slice(0, -2)},\n`;
  yield `${opening}  ${JSON.stringify(key)}: [`;
  let count = 0;
  for await (const item of items) {
    yield `${count++ === 0 ? '\n' : ',\n'}    ${indent(JSON.stringify(item, null, 2), '    ')}`;
  }
  yield count === 0 ? ']\n}\n' : '\n  ]\n}\n';
}

/** Keyset pages of any query: `page(after)` returns up to PAGE_SIZE rows after the last row seen. */
async function* paged<Row>(page: (after: Row | null) => Promise<Row[]>): AsyncGenerator<Row> {
  let after: Row | null = null;
  for (;;) {
    const rows = await page(after);
    yield* rows;
    if (rows.length < PAGE_SIZE) return;
    after = rows.at(-1)!;
  }
}

async function* mapped<Row, Out>(rows: AsyncIterable<Row>, map: (row: Row) => Out): AsyncGenerator<Out> {
  for await (const row of rows) yield map(row);
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

// ---------------------------------------------------------------------------------------------
// What each file holds

/** How a counterpart is named in the caller's files: what the caller saw of them, never their email. */
const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  userType: users.userType,
  organization: sql<string | null>`coalesce(${startupProfiles.companyName}, ${investorProfiles.firmName})`,
};

const personOf = (row: { id: number; firstName: string; lastName: string; userType: string; organization: string | null }) => ({
  userId: row.id,
  name: `${row.firstName} ${row.lastName}`,
  organization: row.organization,
  userType: row.userType,
});

/**
 * The caller's side of a stored match explanation (the summary a match card shows): the same cut
 * as matching's toMatchBreakdown, which auth may not import. The stored explanation keeps both
 * sides' wording; only the caller's goes out.
 */
function explanationFor(stored: unknown, side: Side) {
  if (!stored || typeof stored !== 'object') return null;
  const explanation = stored as Record<string, unknown>;
  const voiced = (value: unknown) => (value && typeof value === 'object' ? ((value as Record<string, unknown>)[side] ?? null) : null);
  return {
    investorFit: explanation.investorFit ?? null,
    startupFit: explanation.startupFit ?? null,
    topReasons: voiced(explanation.topReasons) ?? [],
    biggestShortfall: voiced(explanation.biggestShortfall),
    unknowns: voiced(explanation.unknowns) ?? [],
    gated: explanation.gated === true,
    gateReason: voiced(explanation.gateReason),
  };
}

function matchesOf(db: DbExecutor, userId: number, side: Side) {
  const own = side === 'startup' ? matches.startupId : matches.investorId;
  const theirs = side === 'startup' ? matches.investorId : matches.startupId;
  const other: Side = side === 'startup' ? 'investor' : 'startup';
  const rows = paged((after: { match: typeof matches.$inferSelect } | null) =>
    db
      .select({ match: matches, counterpart: personColumns })
      .from(matches)
      .innerJoin(users, eq(users.id, theirs))
      .leftJoin(startupProfiles, eq(startupProfiles.userId, users.id))
      .leftJoin(investorProfiles, eq(investorProfiles.userId, users.id))
      .where(and(eq(own, userId), after ? gt(matches.id, after.match.id) : undefined)) // only the caller's own matches
      .orderBy(asc(matches.id))
      .limit(PAGE_SIZE),
  );
  return mapped(rows, ({ match, counterpart }) => {
    // A request waiting in the investor's weekly queue has not reached them (fair intake): their
    // export shows it as the match screens do, unanswered, not the startup's stored accept.
    const decisionOf = (of: Side) =>
      of !== side && isQueuedRequestFor(match, side) ? 'pending' : of === 'startup' ? match.startupDecision : match.investorDecision;
    const reasonOf = (of: Side) => (of === 'startup' ? match.startupDeclineReason : match.investorDeclineReason);
    const sharesOf = (of: Side) => (of === 'startup' ? match.startupSharesReason : match.investorSharesReason);
    return {
      id: match.id,
      counterpart: personOf(counterpart),
      status: match.status,
      myDecision: decisionOf(side),
      theirDecision: decisionOf(other),
      myDeclineReason: reasonOf(side),
      mySharingOfDeclineReason: sharesOf(side),
      // Their reason is theirs: only when they chose to share it, as the match card shows it.
      theirDeclineReason: decisionOf(other) === 'rejected' && sharesOf(other) ? reasonOf(other) : null,
      score: match.score,
      explanation: explanationFor(match.breakdown, side),
      connectionEndedAt: iso(match.connectionEndedAt),
      connectionEndedBy: match.connectionEndedBy,
      createdAt: iso(match.createdAt),
      updatedAt: iso(match.updatedAt),
    };
  });
}

/** Every conversation the caller has: the partner, then the messages both ways, oldest first. */
async function* conversationsOf(db: DbExecutor, userId: number, exportedAt: string): AsyncGenerator<string> {
  const partnerId = sql<number>`case when ${messages.senderId} = ${userId} then ${messages.receiverId} else ${messages.senderId} end`;
  const partners = paged((after: { id: number; firstName: string; lastName: string; userType: string; organization: string | null } | null) =>
    db
      .select(personColumns)
      .from(users)
      .leftJoin(startupProfiles, eq(startupProfiles.userId, users.id))
      .leftJoin(investorProfiles, eq(investorProfiles.userId, users.id))
      .where(
        and(
          sql`${users.id} in (select ${partnerId} from ${messages} where ${messages.senderId} = ${userId} or ${messages.receiverId} = ${userId})`,
          after ? gt(users.id, after.id) : undefined,
        ),
      )
      .orderBy(asc(users.id))
      .limit(PAGE_SIZE),
  );
  const between = (other: number) =>
    or(and(eq(messages.senderId, userId), eq(messages.receiverId, other)), and(eq(messages.senderId, other), eq(messages.receiverId, userId)));
  yield `{\n  "exportedAt": ${JSON.stringify(exportedAt)},\n  "conversations": [`;
  let conversationCount = 0;
  for await (const partner of partners) {
    const partnerUserId = partner.id;
    yield `${conversationCount++ === 0 ? '\n' : ',\n'}    {\n      "partner": ${indent(JSON.stringify(personOf(partner), null, 2), '      ')},\n      "messages": [`;
    const thread = paged((after: typeof messages.$inferSelect | null) =>
      db
        .select()
        .from(messages)
        .where(
          and(
            between(partnerUserId),
            after ? or(gt(messages.sentAt, after.sentAt), and(eq(messages.sentAt, after.sentAt), gt(messages.id, after.id))) : undefined,
          ),
        )
        .orderBy(asc(messages.sentAt), asc(messages.id))
        .limit(PAGE_SIZE),
    );
    let messageCount = 0;
    for await (const message of thread) {
      const item = {
        id: message.id,
        direction: message.senderId === userId ? 'sent' : 'received',
        content: message.content,
        sentAt: iso(message.sentAt),
        read: message.read,
      };
      yield `${messageCount++ === 0 ? '\n' : ',\n'}        ${indent(JSON.stringify(item, null, 2), '        ')}`;
    }
    yield messageCount === 0 ? ']\n    }' : '\n      ]\n    }';
  }
  yield conversationCount === 0 ? ']\n}\n' : '\n  ]\n}\n';
}

function milestonesOf(db: DbExecutor, userId: number, side: Side) {
  const partnerColumn = side === 'startup' ? milestones.investorId : milestones.startupId;
  const rows = paged((after: { milestone: typeof milestones.$inferSelect } | null) =>
    db
      .select({ milestone: milestones, partner: personColumns })
      .from(milestones)
      .innerJoin(users, eq(users.id, partnerColumn))
      .leftJoin(startupProfiles, eq(startupProfiles.userId, users.id))
      .leftJoin(investorProfiles, eq(investorProfiles.userId, users.id))
      .where(and(eq(side === 'startup' ? milestones.startupId : milestones.investorId, userId), after ? gt(milestones.id, after.milestone.id) : undefined))
      .orderBy(asc(milestones.id))
      .limit(PAGE_SIZE),
  );
  return mapped(rows, ({ milestone, partner }) => ({
    id: milestone.id,
    partner: personOf(partner),
    title: milestone.title,
    description: milestone.description,
    status: milestone.status,
    date: milestone.date,
    createdAt: iso(milestone.createdAt),
    updatedAt: iso(milestone.updatedAt),
  }));
}

function portfolioOf(db: DbExecutor, userId: number) {
  const rows = paged((after: typeof portfolioCompanies.$inferSelect | null) =>
    db
      .select()
      .from(portfolioCompanies)
      .where(and(eq(portfolioCompanies.investorId, userId), after ? gt(portfolioCompanies.id, after.id) : undefined))
      .orderBy(asc(portfolioCompanies.id))
      .limit(PAGE_SIZE),
  );
  return mapped(rows, (row) => ({
    id: row.id,
    companyName: row.companyName,
    industry: row.industry,
    stage: row.stage,
    logo: row.logo,
    website: row.website,
    investmentDate: row.investmentDate,
    investmentAmount: row.investmentAmount,
    description: row.description,
    performance: row.performance,
    linkedStartupUserId: row.startupId,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }));
}

/** The investor's track record (past investments), newest first, as their profile shows it. */
function trackRecordOf(db: DbExecutor, userId: number) {
  const rows = paged((after: typeof trackRecordInvestments.$inferSelect | null) =>
    db
      .select()
      .from(trackRecordInvestments)
      .where(and(eq(trackRecordInvestments.investorId, userId), after ? gt(trackRecordInvestments.id, after.id) : undefined))
      .orderBy(asc(trackRecordInvestments.id))
      .limit(PAGE_SIZE),
  );
  return mapped(rows, (row) => ({
    id: row.id,
    companyName: row.companyName,
    investedOn: row.investedOn,
    stage: row.stage,
    industry: row.industry,
    location: row.location,
    amountUsd: row.amountUsd,
    link: row.link,
    createdAt: iso(row.createdAt),
  }));
}

/** The caller's saved directory searches (at most 20), oldest first, with their filters as stored. */
function savedSearchesOf(db: DbExecutor, userId: number) {
  const rows = paged((after: typeof savedSearches.$inferSelect | null) =>
    db
      .select()
      .from(savedSearches)
      .where(and(eq(savedSearches.userId, userId), after ? gt(savedSearches.id, after.id) : undefined))
      .orderBy(asc(savedSearches.id))
      .limit(PAGE_SIZE),
  );
  return mapped(rows, (row) => ({
    id: row.id,
    name: row.name,
    filters: row.filters,
    alertsEnabled: row.alertsEnabled,
    alertsCheckedAt: iso(row.alertsCheckedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }));
}

/** The caller's feed, newest first, like the screen (keyset on createdAt, id). */
function activityOf(db: DbExecutor, userId: number) {
  const rows = paged((after: typeof activities.$inferSelect | null) =>
    db
      .select()
      .from(activities)
      .where(
        and(
          eq(activities.userId, userId),
          after ? or(lt(activities.createdAt, after.createdAt), and(eq(activities.createdAt, after.createdAt), lt(activities.id, after.id))) : undefined,
        ),
      )
      .orderBy(desc(activities.createdAt), desc(activities.id))
      .limit(PAGE_SIZE),
  );
  return mapped(rows, (row) => ({
    id: row.id,
    activityType: row.activityType,
    description: row.description,
    entityId: row.entityId,
    createdAt: iso(row.createdAt),
  }));
}

/** The caller's notifications, newest first: what each was about (ids and counts), as stored. */
function notificationsOf(db: DbExecutor, userId: number) {
  const rows = paged((after: typeof notifications.$inferSelect | null) =>
    db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.recipientId, userId),
          after
            ? or(lt(notifications.createdAt, after.createdAt), and(eq(notifications.createdAt, after.createdAt), lt(notifications.id, after.id)))
            : undefined,
        ),
      )
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(PAGE_SIZE),
  );
  return mapped(rows, (row) => ({ id: row.id, type: row.type, payload: row.payload, createdAt: iso(row.createdAt), readAt: iso(row.readAt) }));
}

/**
 * The caller's notification preferences as stored: only what they changed (channels per type);
 * everything else is the product's default. Null when they never changed anything.
 */
async function* notificationPreferencesOf(db: DbExecutor, userId: number, exportedAt: string): AsyncGenerator<string> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const preferences = row
    ? {
        channels: row.channels,
        digest: row.digest,
        timeZone: row.timeZone,
        newMatchMinScore: row.newMatchMinScore,
        lastDigestSentAt: iso(row.lastDigestSentAt),
        updatedAt: iso(row.updatedAt),
      }
    : null;
  yield `${JSON.stringify({ exportedAt, preferences }, null, 2)}\n`;
}

async function profileDocument(db: DbExecutor, account: typeof users.$inferSelect, exportedAt: string) {
  const { id: userId } = account;
  let profile: Record<string, unknown> | null = null;
  let dataRoom: { autoShareCategories: string[] } | null = null;
  if (account.userType === 'startup') {
    const [row] = await db.select().from(startupProfiles).where(eq(startupProfiles.userId, userId));
    if (row) {
      const { id: _id, userId: _userId, ...fields } = row;
      profile = { ...fields, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
    }
    const [settings] = await db.select().from(dataRoomSettings).where(eq(dataRoomSettings.startupId, userId));
    dataRoom = { autoShareCategories: settings?.autoShareCategories ?? [] };
  } else {
    const [row] = await db.select().from(investorProfiles).where(eq(investorProfiles.userId, userId));
    if (row) {
      const { id: _id, userId: _userId, ...fields } = row;
      profile = { ...fields, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
    }
  }
  return {
    exportedAt,
    // The allowlisted account: never the password hash.
    account: {
      id: account.id,
      username: account.username,
      email: account.email,
      emailVerifiedAt: iso(account.emailVerifiedAt),
      pendingEmail: account.pendingEmail,
      userType: account.userType,
      firstName: account.firstName,
      lastName: account.lastName,
      createdAt: iso(account.createdAt),
    },
    profile,
    ...(dataRoom ? { dataRoomSettings: dataRoom } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Documents

/** File extensions by detected MIME type (the data room's upload allowlist). */
const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/msword': 'doc',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.ms-powerpoint': 'ppt',
  'text/plain': 'txt',
  'text/csv': 'csv',
};
const extensionOf = (mimeType: string) => EXTENSIONS[mimeType.split(';')[0]!.trim()] ?? 'bin';
/** Plain text compresses well; every other allowed type is compressed already, so it is stored as is. */
const isCompressible = (mimeType: string) => mimeType.startsWith('text/');

/**
 * A document's name as a file name every unzip tool accepts on every OS: no path separators,
 * control or reserved characters, no leading dots, at most 100 characters.
 */
function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go.
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  return [...cleaned].slice(0, 100).join('') || 'document';
}

/** `documents/<safe name>.<ext>` for each document, made unique (case-insensitively) with " (2)", " (3)"… */
function documentEntryNames(rows: ReadonlyArray<Pick<DocumentRow, 'name' | 'type'>>): string[] {
  const taken = new Set<string>();
  return rows.map((row) => {
    const base = safeFileName(row.name);
    const extension = extensionOf(row.type);
    let candidate = `${base}.${extension}`;
    for (let copy = 2; taken.has(candidate.toLowerCase()); copy++) candidate = `${base} (${copy}).${extension}`;
    taken.add(candidate.toLowerCase());
    return `documents/${candidate}`;
  });
}

function readme(input: { username: string; userType: Side; exportedAt: string; documents: Array<{ entry: string; row: DocumentRow }> }): string {
  const lines = [
    'VentureMatch: your data',
    '=======================',
    '',
    `Account: ${input.username} (${input.userType})`,
    `Exported: ${input.exportedAt} (UTC)`,
    '',
    'The files in this archive:',
    '',
    'profile.json     Your account (username, email address, names, when it was created and verified)',
    '                 and your profile as you saved it.' + (input.userType === 'startup' ? ' Also your data room sharing settings.' : ''),
    'matches.json     Your matches: who (name and organisation), the status, your answer and theirs, the',
    '                 score and its explanation as you see it, and when each changed. Another person’s',
    '                 decline reason appears only if they chose to share it with you.',
    'messages.json    Your conversations: for each person, every message you sent and received, oldest',
    '                 first, and whether it was read (the time it was read is not recorded).',
    'milestones.json  The milestones you planned with your connections.',
    ...(input.userType === 'investor'
      ? ['portfolio.json   Your portfolio companies.', 'track-record.json Your past investments, as your public profile shows them.']
      : []),
    'saved-searches.json Your saved directory searches: their names, filters and whether they alert you.',
    'activity.json    Your activity feed, newest first.',
    'notifications.json Your notifications, newest first (what each was about, by id).',
    'notification-preferences.json Your notification settings: the channels you changed, your digest and time zone.',
    ...(input.documents.length > 0
      ? ['documents/       The documents you uploaded to your data room, with their original bytes.']
      : ['documents/       (none: you have not uploaded any documents)']),
    'README.txt       This file.',
    '',
    'Other people appear by the name and organisation you saw in the app, never their email',
    'address or their own documents. Dates and times are in UTC (ISO 8601).',
  ];
  if (input.documents.length > 0) {
    lines.push('', 'Documents:', '');
    for (const { entry, row } of input.documents) {
      lines.push(
        `${entry}`,
        `    "${row.name}", ${row.category ?? 'no category'}, ${row.size} bytes, uploaded ${iso(row.uploadedAt)}, sha256 ${row.sha256 ?? 'unknown'}`,
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

// ---------------------------------------------------------------------------------------------
// The archive

/**
 * GET /api/account/export: the caller's data as a ZIP stream (entries listed in README.txt). The
 * security log notes the export before the first byte goes out.
 */
export async function exportAccount(ctx: AccountExportContext, input: { ip: string }): Promise<AccountExport> {
  const { db, actor } = ctx;
  const [account] = await db.select().from(users).where(eq(users.id, actor.id));
  if (!account || account.deletedAt) throw unauthenticated();
  const side = account.userType;
  const now = ctx.clock();
  const exportedAt = now.toISOString();
  const documentRows: DocumentRow[] = await db
    .select({
      id: documents.id,
      name: documents.name,
      category: documents.category,
      type: documents.type,
      size: documents.size,
      sha256: documents.sha256,
      uploadedAt: documents.uploadedAt,
      storageKey: documents.storageKey,
    })
    .from(documents)
    .where(eq(documents.userId, account.id)) // only the caller's own documents, never ones shared with them
    .orderBy(asc(documents.uploadedAt), asc(documents.id));
  const entryNames = documentEntryNames(documentRows);
  const ownDocuments = documentRows.map((row, index) => ({ entry: entryNames[index]!, row }));
  const profile = await profileDocument(db, account, exportedAt);

  await recordSecurityEvent(ctx, { eventType: 'account_exported', userId: account.id, ip: input.ip, detail: { documents: ownDocuments.length } });

  const zip = new ZipFile();
  const output = zip.outputStream as PassThrough;
  // The one entry being read right now (yazl reads entries one after another).
  let current: Readable | null = null;
  output.once('close', () => current?.destroy());
  zip.on('error', (error: Error) => output.destroy(error));

  /** An entry whose stream is opened only when the archive reaches it. */
  const addLazily = (name: string, options: { compress: boolean }, open: () => Promise<Readable> | Readable) => {
    zip.addReadStreamLazy(name, { mtime: now, compress: options.compress }, (done) => {
      Promise.resolve()
        .then(open)
        .then(
          (stream) => {
            if (output.destroyed) {
              stream.destroy();
              return;
            }
            current = stream;
            // yazl does not listen for a source's errors: an error ends the download.
            stream.once('error', (error) => output.destroy(error));
            done(null, stream);
          },
          (error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))),
        );
    });
  };
  const addJson = (name: string, chunks: () => AsyncIterable<string>) =>
    addLazily(name, { compress: true }, () =>
      ReadableStream.from(
        mapped(chunks(), (text) => Buffer.from(text, 'utf8')),
        { objectMode: false },
      ),
    );

  zip.addBuffer(Buffer.from(readme({ username: account.username, userType: side, exportedAt, documents: ownDocuments }), 'utf8'), 'README.txt', {
    mtime: now,
  });
  zip.addBuffer(Buffer.from(`${JSON.stringify(profile, null, 2)}\n`, 'utf8'), 'profile.json', { mtime: now });
  addJson('matches.json', () => jsonWithList({ exportedAt }, 'matches', matchesOf(db, account.id, side)));
  addJson('messages.json', () => conversationsOf(db, account.id, exportedAt));
  addJson('milestones.json', () => jsonWithList({ exportedAt }, 'milestones', milestonesOf(db, account.id, side)));
  if (side === 'investor') addJson('portfolio.json', () => jsonWithList({ exportedAt }, 'portfolio', portfolioOf(db, account.id)));
  if (side === 'investor') addJson('track-record.json', () => jsonWithList({ exportedAt }, 'investments', trackRecordOf(db, account.id)));
  addJson('saved-searches.json', () => jsonWithList({ exportedAt }, 'savedSearches', savedSearchesOf(db, account.id)));
  addJson('activity.json', () => jsonWithList({ exportedAt }, 'activities', activityOf(db, account.id)));
  addJson('notifications.json', () => jsonWithList({ exportedAt }, 'notifications', notificationsOf(db, account.id)));
  addJson('notification-preferences.json', () => notificationPreferencesOf(db, account.id, exportedAt));
  for (const { entry, row } of ownDocuments) {
    addLazily(entry, { compress: isCompressible(row.type) }, async () => {
      try {
        if (!row.storageKey) throw new BlobNotFoundError(`document ${row.id}`);
        return await ctx.blobs.read(row.storageKey);
      } catch (error) {
        if (!(error instanceof BlobNotFoundError)) throw error;
        // The row outlived its bytes (a restored database, a lost volume): the rest of the export
        // is still worth having; the entry is empty and README.txt gives the size it should have.
        ctx.log.warn({ documentId: row.id }, 'account export: a document’s file is missing from storage');
        return ReadableStream.from([]);
      }
    });
  }
  zip.end();

  const date = exportedAt.slice(0, 10);
  return { filename: `venturematch-export-${account.username}-${date}.zip`, stream: output };
}
