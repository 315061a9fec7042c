// The data room's NDA gate (issue #20; docs/data-room.md, "Control"). A startup requires its NDA
// for the whole room or for chosen documents; each edit of the text is a new version with a content
// hash; nothing of a gated document is served to an investor until they accepted the newest version
// (the owner is never gated). Each acceptance is kept as evidence: typed name, email, version hash,
// time, IP, user agent. Secure links (secure-links*.ts) use the same versions and acceptances
// through currentNdaVersion, isNdaRequiredFor, hasAcceptedNdaVersion and recordNdaAcceptance.
import { and, count, desc, eq, inArray, or } from 'drizzle-orm';
import type { DocumentNdaGate, NdaAcceptance, NdaSettings, NdaVersion } from '../../../shared/contracts/nda';
import type { Actor } from '../../actor';
import { conflict, forbidden, notFound } from '../../app-error';
import { dataRoomSettings, documentAccess, documents, investorProfiles, ndaAcceptances, ndaVersions, users } from '../../db/schema';
import type { DbExecutor } from '../../db/client';
import { inTransaction, type ServiceContext } from '../../service-context';
import { DOCUMENT_MISSING, isLiveGrant, readableBy } from './access-rules';
import { announceDocumentChange } from './data-room-context';
import { renderNdaCertificate } from './nda-certificate';
import { ndaAcceptorKey, ndaContentHash, toCsv } from './nda-rules';
import { mutualNdaTemplate } from './nda-template';
import { companyNameOf } from './summaries';

/** What the gate's shared reads need: a database and the time. Secure links call them with no signed-in actor. */
export type NdaContext = Pick<ServiceContext<Actor | null>, 'db' | 'clock'>;

export type StoredNdaVersion = NdaVersion & { id: number };

type NdaVersionRow = typeof ndaVersions.$inferSelect;

function toNdaVersion(row: NdaVersionRow): StoredNdaVersion {
  return {
    id: row.id,
    version: row.version,
    text: row.text,
    contentHash: row.contentHash,
    source: row.source === 'template' ? 'template' : 'custom',
    createdAt: row.createdAt.toISOString(),
  };
}

/** The startup's newest NDA version (the one to accept), or null before the first is saved. */
export async function currentNdaVersion(ctx: NdaContext, input: { startupId: number }): Promise<StoredNdaVersion | null> {
  const [row] = await ctx.db.select().from(ndaVersions).where(eq(ndaVersions.startupId, input.startupId)).orderBy(desc(ndaVersions.version)).limit(1);
  return row ? toNdaVersion(row) : null;
}

/** Whether any of these documents asks for its room's NDA: the room-wide switch, or the document's own. */
export async function isNdaRequiredFor(ctx: NdaContext, input: { documentIds: number[] }): Promise<boolean> {
  if (input.documentIds.length === 0) return false;
  const [row] = await ctx.db
    .select({ id: documents.id })
    .from(documents)
    .leftJoin(dataRoomSettings, eq(dataRoomSettings.startupId, documents.userId))
    .where(and(inArray(documents.id, input.documentIds), or(eq(documents.ndaRequired, true), eq(dataRoomSettings.ndaForWholeRoom, true))))
    .limit(1);
  return row !== undefined;
}

/** Whether this person (an ndaAcceptorKey) accepted this exact version. */
export async function hasAcceptedNdaVersion(ctx: NdaContext, input: { ndaVersionId: number; acceptorKey: string }): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: ndaAcceptances.id })
    .from(ndaAcceptances)
    .where(and(eq(ndaAcceptances.ndaVersionId, input.ndaVersionId), eq(ndaAcceptances.acceptorKey, input.acceptorKey)))
    .limit(1);
  return row !== undefined;
}

/**
 * Records an acceptance. Once per person per version: accepting again (a second tab, a retry) keeps
 * the first record, which is the evidence of when they agreed.
 */
export async function recordNdaAcceptance(
  ctx: NdaContext,
  input: {
    startupId: number;
    ndaVersionId: number;
    investorId: number | null;
    secureLinkId: number | null;
    email: string;
    typedName: string;
    ip: string;
    userAgent: string;
  },
): Promise<void> {
  const acceptorKey = input.investorId !== null ? ndaAcceptorKey({ investorId: input.investorId }) : ndaAcceptorKey({ email: input.email });
  await ctx.db
    .insert(ndaAcceptances)
    .values({
      ndaVersionId: input.ndaVersionId,
      startupId: input.startupId,
      investorId: input.investorId,
      secureLinkId: input.secureLinkId,
      acceptorKey,
      typedName: input.typedName,
      email: input.email,
      ip: input.ip,
      userAgent: input.userAgent.slice(0, 1000),
      acceptedAt: ctx.clock(),
    })
    .onConflictDoNothing({ target: [ndaAcceptances.ndaVersionId, ndaAcceptances.acceptorKey] });
}

/**
 * For an investor's documents (any owners): the ids whose NDA they must still accept. A document is
 * pending when it asks for the NDA (room-wide or its own switch), its room has a version, and the
 * investor has not accepted the newest one. Three small reads, whatever the number of documents.
 */
export async function pendingNdaDocumentIds(
  ctx: NdaContext,
  input: { investorId: number; documents: ReadonlyArray<{ id: number; userId: number; ndaRequired: boolean }> },
): Promise<Set<number>> {
  const ownerIds = [...new Set(input.documents.map((document) => document.userId))];
  if (ownerIds.length === 0) return new Set();
  const [roomSwitches, versions] = await Promise.all([
    ctx.db
      .select({ startupId: dataRoomSettings.startupId })
      .from(dataRoomSettings)
      .where(and(inArray(dataRoomSettings.startupId, ownerIds), eq(dataRoomSettings.ndaForWholeRoom, true))),
    ctx.db
      .select({ id: ndaVersions.id, startupId: ndaVersions.startupId, version: ndaVersions.version })
      .from(ndaVersions)
      .where(inArray(ndaVersions.startupId, ownerIds)),
  ]);
  const wholeRoom = new Set(roomSwitches.map((row) => row.startupId));
  const newestByOwner = new Map<number, { id: number; version: number }>();
  for (const row of versions) {
    const held = newestByOwner.get(row.startupId);
    if (!held || row.version > held.version) newestByOwner.set(row.startupId, row);
  }
  const newestIds = [...newestByOwner.values()].map((version) => version.id);
  const accepted =
    newestIds.length === 0
      ? []
      : await ctx.db
          .select({ ndaVersionId: ndaAcceptances.ndaVersionId })
          .from(ndaAcceptances)
          .where(and(inArray(ndaAcceptances.ndaVersionId, newestIds), eq(ndaAcceptances.acceptorKey, ndaAcceptorKey({ investorId: input.investorId }))));
  const acceptedIds = new Set(accepted.map((row) => row.ndaVersionId));
  const pending = new Set<number>();
  for (const document of input.documents) {
    const newest = newestByOwner.get(document.userId);
    const isGated = document.ndaRequired || wholeRoom.has(document.userId);
    if (isGated && newest && !acceptedIds.has(newest.id)) pending.add(document.id);
  }
  return pending;
}

/**
 * Refuses (403 with a sentence) when the actor must accept the document's NDA first. The owner is
 * never gated. Called before a single byte, size or range of the document is answered.
 */
export async function ensureNdaAccepted(
  ctx: ServiceContext,
  input: { document: { id: number; name: string; userId: number; ndaRequired: boolean } },
): Promise<void> {
  const { document } = input;
  if (document.userId === ctx.actor.id) return;
  const pending = await pendingNdaDocumentIds(ctx, { investorId: ctx.actor.id, documents: [document] });
  if (pending.has(document.id)) throw forbidden(`Accept ${await companyNameOf(ctx, document.userId)}'s NDA to open ${document.name}.`);
}

/**
 * Takes the startup's NDA settings row for this transaction (creating it if needed): two saves of
 * the NDA at once then run one after the other, so they never both write the same version number.
 */
async function lockNdaSettings(db: DbExecutor, startupId: number, now: Date): Promise<void> {
  await db
    .insert(dataRoomSettings)
    .values({ startupId, updatedAt: now })
    .onConflictDoUpdate({ target: dataRoomSettings.startupId, set: { updatedAt: now } });
}

/** Saves `text` as the startup's next version, unless it is the current text. Answers whether it saved one. */
async function saveNdaVersionIfChanged(ctx: NdaContext, input: { startupId: number; text: string; source: 'template' | 'custom' }): Promise<boolean> {
  const current = await currentNdaVersion(ctx, { startupId: input.startupId });
  const contentHash = ndaContentHash(input.text);
  if (current?.contentHash === contentHash) return false;
  await ctx.db.insert(ndaVersions).values({
    startupId: input.startupId,
    version: (current?.version ?? 0) + 1,
    text: input.text,
    contentHash,
    source: input.source,
    createdAt: ctx.clock(),
  });
  return true;
}

/**
 * Makes sure a startup that gates a document has an NDA to accept: with none yet, the template
 * (with its company name) becomes version 1. Call inside the transaction that turns a gate on.
 */
export async function ensureNdaVersionExists(ctx: NdaContext, input: { startupId: number }): Promise<void> {
  await lockNdaSettings(ctx.db, input.startupId, ctx.clock());
  if (await currentNdaVersion(ctx, { startupId: input.startupId })) return;
  await saveNdaVersionIfChanged(ctx, { startupId: input.startupId, text: mutualNdaTemplate(await companyNameOf(ctx, input.startupId)), source: 'template' });
}

/** The startup's NDA settings: the switches, the newest version, the template, and acceptances per version. */
export async function getNdaSettings(ctx: ServiceContext): Promise<NdaSettings> {
  const startupId = ctx.actor.id;
  const [settings] = await ctx.db
    .select({ wholeRoom: dataRoomSettings.ndaForWholeRoom })
    .from(dataRoomSettings)
    .where(eq(dataRoomSettings.startupId, startupId));
  const gatedDocuments = await ctx.db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.userId, startupId), eq(documents.ndaRequired, true)))
    .orderBy(documents.id);
  const versions = await ctx.db
    .select({ row: ndaVersions, acceptances: count(ndaAcceptances.id) })
    .from(ndaVersions)
    .leftJoin(ndaAcceptances, eq(ndaAcceptances.ndaVersionId, ndaVersions.id))
    .where(eq(ndaVersions.startupId, startupId))
    .groupBy(ndaVersions.id)
    .orderBy(desc(ndaVersions.version));
  const newest = versions[0]?.row;
  let current: NdaVersion | null = null;
  if (newest) {
    const { id: _id, ...version } = toNdaVersion(newest);
    current = version;
  }
  return {
    requiredForWholeRoom: settings?.wholeRoom ?? false,
    requiredDocumentIds: gatedDocuments.map((document) => document.id),
    current,
    templateText: mutualNdaTemplate(await companyNameOf(ctx, startupId)),
    versions: versions.map(({ row, acceptances }) => ({
      version: row.version,
      contentHash: row.contentHash,
      createdAt: row.createdAt.toISOString(),
      acceptances: Number(acceptances),
    })),
  };
}

/**
 * Saves the room-wide switch and, when the text differs from the current version, a new version
 * (everyone accepts again before their next view). `source: 'template'` without a text resets to
 * the template. Requiring the NDA with no version yet saves the template as version 1.
 */
export async function updateNdaSettings(
  ctx: ServiceContext,
  input: { requiredForWholeRoom: boolean; text?: string; source?: 'template' | 'custom' },
): Promise<NdaSettings> {
  const startupId = ctx.actor.id;
  await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const now = ctx.clock();
    const [before] = await tx.select({ wholeRoom: dataRoomSettings.ndaForWholeRoom }).from(dataRoomSettings).where(eq(dataRoomSettings.startupId, startupId));
    await tx
      .insert(dataRoomSettings)
      .values({ startupId, ndaForWholeRoom: input.requiredForWholeRoom, updatedAt: now })
      .onConflictDoUpdate({ target: dataRoomSettings.startupId, set: { ndaForWholeRoom: input.requiredForWholeRoom, updatedAt: now } });
    const template = mutualNdaTemplate(await companyNameOf(txCtx, startupId));
    const text = input.text ?? (input.source === 'template' ? template : undefined);
    let savedVersion = false;
    if (text !== undefined) savedVersion = await saveNdaVersionIfChanged(txCtx, { startupId, text, source: text === template ? 'template' : 'custom' });
    else if (input.requiredForWholeRoom && !(await currentNdaVersion(txCtx, { startupId })))
      savedVersion = await saveNdaVersionIfChanged(txCtx, { startupId, text: template, source: 'template' });
    // The investors' lists say which documents wait for the NDA: tell every open one when that changes.
    if (savedVersion || (before?.wholeRoom ?? false) !== input.requiredForWholeRoom) await announceToRoom(txCtx, startupId);
  });
  return getNdaSettings(ctx);
}

/** Tells the owner and everyone who can open one of the owner's documents that the room changed. */
async function announceToRoom(ctx: ServiceContext, startupId: number): Promise<void> {
  const grantees = await ctx.db
    .selectDistinct({ userId: documentAccess.userId })
    .from(documentAccess)
    .innerJoin(documents, eq(documents.id, documentAccess.documentId))
    .where(and(eq(documents.userId, startupId), isLiveGrant(ctx.clock())));
  await announceDocumentChange(ctx, { userIds: [startupId, ...grantees.map((grantee) => grantee.userId)], documentId: null });
}

/** Who accepted which version of the startup's NDA and when: on the platform and through links, newest first. */
export async function listNdaAcceptances(ctx: ServiceContext): Promise<NdaAcceptance[]> {
  const rows = await ctx.db
    .select({
      acceptance: ndaAcceptances,
      version: ndaVersions.version,
      contentHash: ndaVersions.contentHash,
      firmName: investorProfiles.firmName,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(ndaAcceptances)
    .innerJoin(ndaVersions, eq(ndaVersions.id, ndaAcceptances.ndaVersionId))
    .leftJoin(users, eq(users.id, ndaAcceptances.investorId))
    .leftJoin(investorProfiles, eq(investorProfiles.userId, ndaAcceptances.investorId))
    // Owner only, in the query: another startup's acceptances are never read.
    .where(eq(ndaAcceptances.startupId, ctx.actor.id))
    .orderBy(desc(ndaAcceptances.acceptedAt), desc(ndaAcceptances.id));
  return rows.map((row) => ({
    id: row.acceptance.id,
    investorId: row.acceptance.investorId,
    displayName: row.firmName ?? (row.firstName !== null ? `${row.firstName} ${row.lastName}` : row.acceptance.email),
    typedName: row.acceptance.typedName,
    email: row.acceptance.email,
    version: row.version,
    contentHash: row.contentHash,
    acceptedAt: row.acceptance.acceptedAt.toISOString(),
    ip: row.acceptance.ip,
    userAgent: row.acceptance.userAgent,
    via: row.acceptance.secureLinkId !== null ? 'link' : 'platform',
  }));
}

/** The acceptance log as CSV, one row per acceptance, safe to open in a spreadsheet. */
export async function ndaAcceptanceLogCsv(ctx: ServiceContext): Promise<string> {
  const acceptances = await listNdaAcceptances(ctx);
  return toCsv([
    ['Accepted at (UTC)', 'Investor', 'Typed name', 'Email', 'NDA version', 'NDA content hash (sha256)', 'Via', 'IP address', 'User agent'],
    ...acceptances.map((row) => [row.acceptedAt, row.displayName, row.typedName, row.email, row.version, row.contentHash, row.via, row.ip, row.userAgent]),
  ]);
}

/** A one-page PDF certificate of one acceptance of the actor's NDA; 404 for anyone else's. */
export async function ndaCertificate(ctx: ServiceContext, input: { acceptanceId: number }): Promise<{ pdf: Uint8Array; filename: string }> {
  const [row] = await ctx.db
    .select({ acceptance: ndaAcceptances, version: ndaVersions })
    .from(ndaAcceptances)
    .innerJoin(ndaVersions, eq(ndaVersions.id, ndaAcceptances.ndaVersionId))
    .where(and(eq(ndaAcceptances.id, input.acceptanceId), eq(ndaAcceptances.startupId, ctx.actor.id)));
  if (!row) throw notFound('This NDA acceptance does not exist.');
  const listed = (await listNdaAcceptances(ctx)).find((acceptance) => acceptance.id === row.acceptance.id);
  const pdf = await renderNdaCertificate({
    companyName: await companyNameOf(ctx, ctx.actor.id),
    investor: listed?.displayName ?? row.acceptance.email,
    typedName: row.acceptance.typedName,
    email: row.acceptance.email,
    version: row.version.version,
    contentHash: row.version.contentHash,
    acceptedAt: row.acceptance.acceptedAt,
    ip: row.acceptance.ip,
    userAgent: row.acceptance.userAgent,
    via: listed?.via ?? 'platform',
    issuedAt: ctx.clock(),
  });
  return { pdf, filename: `NDA acceptance ${row.acceptance.id}.pdf` };
}

/** The document the actor can open now (owner or live grant), or 404. */
async function readableDocument(ctx: ServiceContext, documentId: number) {
  const [document] = await ctx.db
    .select({ id: documents.id, name: documents.name, userId: documents.userId, ndaRequired: documents.ndaRequired })
    .from(documents)
    .where(and(eq(documents.id, documentId), readableBy(ctx.actor, ctx.clock())));
  if (!document) throw notFound(DOCUMENT_MISSING);
  return document;
}

/** What an investor with a live grant needs to pass a document's gate: the NDA to read, and whether it is pending. */
export async function getDocumentNdaGate(ctx: ServiceContext, input: { documentId: number }): Promise<DocumentNdaGate> {
  const document = await readableDocument(ctx, input.documentId);
  const companyName = await companyNameOf(ctx, document.userId);
  const isGated = document.userId !== ctx.actor.id && (await isNdaRequiredFor(ctx, { documentIds: [document.id] }));
  const current = isGated ? await currentNdaVersion(ctx, { startupId: document.userId }) : null;
  if (!current) return { companyName, documentName: document.name, pending: false, nda: null, acceptedVersion: null };
  const [accepted] = await ctx.db
    .select({ version: ndaVersions.version })
    .from(ndaAcceptances)
    .innerJoin(ndaVersions, eq(ndaVersions.id, ndaAcceptances.ndaVersionId))
    .where(and(eq(ndaAcceptances.startupId, document.userId), eq(ndaAcceptances.acceptorKey, ndaAcceptorKey({ investorId: ctx.actor.id }))))
    .orderBy(desc(ndaVersions.version))
    .limit(1);
  const { id: _id, ...nda } = current;
  return { companyName, documentName: document.name, pending: accepted?.version !== current.version, nda, acceptedVersion: accepted?.version ?? null };
}

/**
 * Accepts the document's NDA as the signed-in investor: typed name, account email, version hash,
 * time, IP and user agent. 409 when the version read is no longer the newest (read the new one).
 */
export async function acceptDocumentNda(
  ctx: ServiceContext,
  input: { documentId: number; fullName: string; contentHash: string; ip: string; userAgent: string },
): Promise<void> {
  const document = await readableDocument(ctx, input.documentId);
  if (document.userId === ctx.actor.id) throw conflict('This is your own document: your NDA does not apply to you.');
  if (!(await isNdaRequiredFor(ctx, { documentIds: [document.id] }))) throw conflict(`${document.name} does not ask for an NDA.`);
  await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const current = await currentNdaVersion(txCtx, { startupId: document.userId });
    if (!current || current.contentHash !== input.contentHash)
      throw conflict(`${await companyNameOf(txCtx, document.userId)} has changed its NDA since you opened it. Read the new version and accept it.`);
    const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, ctx.actor.id));
    await recordNdaAcceptance(txCtx, {
      startupId: document.userId,
      ndaVersionId: current.id,
      investorId: ctx.actor.id,
      secureLinkId: null,
      email: account!.email,
      typedName: input.fullName,
      ip: input.ip,
      userAgent: input.userAgent,
    });
    // The investor's list stops saying "NDA pending"; the owner's acceptance log grows.
    await announceDocumentChange(txCtx, { userIds: [ctx.actor.id, document.userId], documentId: null });
  });
}
