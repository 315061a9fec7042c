// The data room: documents a startup uploads, shares with chosen investors (accepted matches
// only) and revokes at once; every read streams through the permission check below, and every
// open by a grantee is recorded. Authorization lives in each query's where clause.
import { randomUUID } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { and, count, desc, eq, gt, inArray, isNull, max, or, sql, sum } from 'drizzle-orm';
import type { DataRoomSettings, DocumentGrant, DocumentSummary, InvestorEngagement } from '../../../shared/contracts/documents';
import { UploadDocumentFields } from '../../../shared/contracts/documents';
import { DOCUMENT_CATEGORIES } from '../../../shared/enums';
import { invalid, notFound, validationError } from '../../app-error';
import type { AppDatabase, DbExecutor } from '../../db/client';
import { dataRoomSettings, documentAccess, documents, documentViews, investorProfiles, startupProfiles, users } from '../../db/schema';
import type { Actor } from '../../actor';
import type { EventHub } from '../../realtime/event-hub';
import { BlobNotFoundError, type BlobStore, type ByteRange } from '../../storage/blob-store';
import { recordActivity } from '../activity';
import { areConnected, listConnections, onConnected, type ConnectedPair } from '../matching';
import { recordSecurityEvent } from '../security';
import { detectDocumentType, FileRejectedError } from './file-detection';
import type { ReceivedUpload } from './upload-receiver';

export interface DataRoomDeps {
  db: AppDatabase;
  blobs: BlobStore;
  now: () => Date;
  /** Tells open screens to refetch (optional: scripts and the sweep have no browsers to tell). */
  events?: EventHub;
}

/** Announces a document change to these users when the transaction `db` commits. */
async function announce(deps: DataRoomDeps, db: DbExecutor, userIds: number[], documentId: number | null): Promise<void> {
  if (deps.events && userIds.length > 0) await deps.events.publish(db, userIds, { type: 'documents_changed', documentId });
}

/** The users who can open a document right now besides its owner (to tell them it changed). */
async function liveGranteeIds(db: DbExecutor, documentId: number, now: Date): Promise<number[]> {
  const rows = await db.select({ userId: documentAccess.userId }).from(documentAccess).where(and(eq(documentAccess.documentId, documentId), isLiveGrant(now)));
  return rows.map((row) => row.userId);
}

const DOCUMENT_MISSING = 'This document does not exist or is no longer shared with you.';

/** A grant is live while neither revoked nor expired (data-room guide). */
export const isLiveGrant = (now: Date) => and(isNull(documentAccess.revokedAt), or(isNull(documentAccess.expiresAt), gt(documentAccess.expiresAt, now)));

/** Who may read a document: its owner, or a user with a live grant. */
const readableBy = (actor: Actor, now: Date) =>
  or(
    eq(documents.userId, actor.id),
    sql`exists (select 1 from ${documentAccess} where ${documentAccess.documentId} = ${documents.id} and ${documentAccess.userId} = ${actor.id} and ${isLiveGrant(now)})`,
  );

type DocumentRow = typeof documents.$inferSelect;

function toSummary(row: DocumentRow, extra: Pick<DocumentSummary, 'sharedWithCount' | 'viewCount' | 'lastViewedAt' | 'owner' | 'sharedAt'> = {}): DocumentSummary {
  return { id: row.id, name: row.name, category: row.category, type: row.type, size: row.size, uploadedAt: row.uploadedAt.toISOString(), ...extra };
}

function displayNameFrom(filename: string): string {
  const base = filename.replace(/\.[^.]+$/, '').trim();
  return (base || 'Untitled document').slice(0, 200);
}

/** Validates and stores an upload received by the route; nothing is left behind on failure. */
export async function storeUploadedDocument(deps: DataRoomDeps, actor: Actor, upload: ReceivedUpload, ip: string): Promise<DocumentSummary> {
  let storageKey: string | undefined;
  try {
    const fields = UploadDocumentFields.safeParse(upload.fields);
    if (!fields.success) throw validationError(fields.error);
    let detected;
    try {
      detected = await detectDocumentType(upload.tmpPath, upload.filename, upload.size);
    } catch (error) {
      if (error instanceof FileRejectedError) throw invalid(error.message, { file: [error.message] });
      throw error;
    }

    // Server-generated key: the user's filename is metadata only and never touches storage.
    storageKey = `documents/${actor.id}/${randomUUID()}`;
    await deps.blobs.putFile(storageKey, upload.tmpPath, { contentType: detected.mimeType, size: upload.size });

    const name = fields.data.name || displayNameFrom(upload.filename);
    const row = await deps.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(documents)
        .values({ userId: actor.id, name, category: fields.data.type, type: detected.mimeType, size: upload.size, sha256: upload.sha256, storageKey, uploadedAt: deps.now() })
        .returning();
      await recordActivity(tx, { userId: actor.id, activityType: 'document_uploaded', entityId: inserted!.id, description: `Uploaded ${name}` });
      await recordSecurityEvent(tx, { eventType: 'document_uploaded', userId: actor.id, ip, detail: { documentId: inserted!.id, size: upload.size, sha256: upload.sha256 } });
      await announce(deps, tx, [actor.id], inserted!.id);
      return inserted!;
    });
    storageKey = undefined; // committed: the blob now belongs to the row
    return toSummary(row, { sharedWithCount: 0, viewCount: 0, lastViewedAt: null });
  } finally {
    await rm(upload.tmpPath, { force: true });
    // Stored but not recorded (the insert failed): remove the blob now; the sweep is the backstop.
    if (storageKey) await deps.blobs.delete(storageKey).catch(() => {});
  }
}

/** A startup's own documents with their live share counts, or the documents shared with an investor. */
export async function listDocuments(deps: DataRoomDeps, actor: Actor): Promise<DocumentSummary[]> {
  const now = deps.now();
  if (actor.userType === 'startup') {
    // Counted in their own grouped subqueries: joining grants and views directly would multiply one by the other.
    const grantCounts = deps.db
      .select({ documentId: documentAccess.documentId, value: count().as('grant_count') })
      .from(documentAccess)
      .where(isLiveGrant(now))
      .groupBy(documentAccess.documentId)
      .as('grant_counts');
    const viewCounts = deps.db
      .select({ documentId: documentViews.documentId, value: count().as('view_count'), lastViewedAt: max(documentViews.openedAt).as('last_viewed_at') })
      .from(documentViews)
      .groupBy(documentViews.documentId)
      .as('view_counts');
    const rows = await deps.db
      .select({ document: documents, sharedWithCount: grantCounts.value, viewCount: viewCounts.value, lastViewedAt: viewCounts.lastViewedAt })
      .from(documents)
      .leftJoin(grantCounts, eq(grantCounts.documentId, documents.id))
      .leftJoin(viewCounts, eq(viewCounts.documentId, documents.id))
      .where(eq(documents.userId, actor.id))
      .orderBy(desc(documents.uploadedAt), desc(documents.id));
    return rows.map((row) =>
      toSummary(row.document, {
        sharedWithCount: Number(row.sharedWithCount ?? 0),
        viewCount: Number(row.viewCount ?? 0),
        lastViewedAt: row.lastViewedAt ? new Date(row.lastViewedAt).toISOString() : null,
      }),
    );
  }
  const rows = await deps.db
    .select({ document: documents, sharedAt: documentAccess.grantedAt, companyName: startupProfiles.companyName, firstName: users.firstName, lastName: users.lastName })
    .from(documentAccess)
    .innerJoin(documents, eq(documents.id, documentAccess.documentId))
    .innerJoin(users, eq(users.id, documents.userId))
    .leftJoin(startupProfiles, eq(startupProfiles.userId, documents.userId))
    .where(and(eq(documentAccess.userId, actor.id), isLiveGrant(now)))
    .orderBy(desc(documentAccess.grantedAt), desc(documents.id));
  return rows.map((row) =>
    toSummary(row.document, { owner: { id: row.document.userId, companyName: row.companyName ?? `${row.firstName} ${row.lastName}` }, sharedAt: row.sharedAt.toISOString() }),
  );
}

/** Deletes an owned document, its grants and views (cascade) and its blob. */
export async function deleteDocument(deps: DataRoomDeps, actor: Actor, documentId: number, ip: string): Promise<void> {
  const deleted = await deps.db.transaction(async (tx) => {
    // Read before the delete cascades the grants away: these investors' lists must refresh.
    const grantees = await liveGranteeIds(tx, documentId, deps.now());
    const [row] = await tx.delete(documents).where(and(eq(documents.id, documentId), eq(documents.userId, actor.id))).returning();
    if (!row) throw notFound('This document does not exist.');
    await announce(deps, tx, [actor.id, ...grantees], row.id);
    await recordActivity(tx, { userId: actor.id, activityType: 'document_deleted', entityId: row.id, description: `Deleted ${row.name}` });
    await recordSecurityEvent(tx, { eventType: 'document_deleted', userId: actor.id, ip, detail: { documentId: row.id } });
    return row;
  });
  if (deleted.storageKey) await deps.blobs.delete(deleted.storageKey).catch(() => {}); // the sweep retries
}

/**
 * The document if the actor owns it or holds a live grant; 404 otherwise, so its existence is not
 * revealed. Checked on every read, so a revocation takes effect on the very next request.
 */
export async function findReadableDocument(deps: DataRoomDeps, actor: Actor, documentId: number, read: { ip: string; isFirstChunk: boolean }): Promise<DocumentRow & { storageKey: string }> {
  const [row] = await deps.db.select().from(documents).where(and(eq(documents.id, documentId), readableBy(actor, deps.now())));
  if (!row || !row.storageKey) throw notFound(DOCUMENT_MISSING);
  // A previewer fetches many ranges per open; log the read once, at its first byte.
  if (read.isFirstChunk) await recordSecurityEvent(deps.db, { eventType: 'document_read', userId: actor.id, ip: read.ip, detail: { documentId: row.id } });
  return { ...row, storageKey: row.storageKey };
}

export async function streamDocument(deps: DataRoomDeps, document: { storageKey: string }, range?: ByteRange): Promise<Readable> {
  try {
    return await deps.blobs.read(document.storageKey, range);
  } catch (error) {
    // The row exists but its bytes are gone (restored database, lost volume): say so plainly.
    if (error instanceof BlobNotFoundError) throw notFound('The file of this document is missing from storage. Ask its owner to upload it again.');
    throw error;
  }
}

async function ownedDocument(db: DbExecutor, actor: Actor, documentId: number): Promise<DocumentRow> {
  const [row] = await db.select().from(documents).where(and(eq(documents.id, documentId), eq(documents.userId, actor.id)));
  if (!row) throw notFound('This document does not exist.');
  return row;
}

async function investorName(db: DbExecutor, userId: number): Promise<string> {
  const [row] = await db
    .select({ firmName: investorProfiles.firmName, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .leftJoin(investorProfiles, eq(investorProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row?.firmName ?? (row ? `${row.firstName} ${row.lastName}` : 'an investor');
}

/**
 * The owner's view of who can open a document, with each investor's views. Revoked (and expired)
 * grants stay listed with the time access ended, so their viewing history is not lost.
 */
export async function listDocumentAccess(deps: DataRoomDeps, actor: Actor, documentId: number): Promise<DocumentGrant[]> {
  await ownedDocument(deps.db, actor, documentId);
  const now = deps.now();
  const viewStats = deps.db
    .select({
      viewerId: documentViews.viewerId,
      views: count().as('views'),
      lastViewedAt: max(documentViews.openedAt).as('last_viewed_at'),
      totalViewMs: sql<number>`coalesce(sum(${documentViews.durationMs}), 0)::int`.as('total_view_ms'),
    })
    .from(documentViews)
    .where(eq(documentViews.documentId, documentId))
    .groupBy(documentViews.viewerId)
    .as('view_stats');
  const rows = await deps.db
    .select({
      userId: documentAccess.userId,
      grantedAt: documentAccess.grantedAt,
      grantedBy: documentAccess.grantedBy,
      revokedAt: documentAccess.revokedAt,
      expiresAt: documentAccess.expiresAt,
      firmName: investorProfiles.firmName,
      firstName: users.firstName,
      lastName: users.lastName,
      views: viewStats.views,
      lastViewedAt: viewStats.lastViewedAt,
      totalViewMs: viewStats.totalViewMs,
    })
    .from(documentAccess)
    .innerJoin(users, eq(users.id, documentAccess.userId))
    .leftJoin(investorProfiles, eq(investorProfiles.userId, documentAccess.userId))
    .leftJoin(viewStats, eq(viewStats.viewerId, documentAccess.userId))
    .where(eq(documentAccess.documentId, documentId))
    .orderBy(documentAccess.grantedAt, documentAccess.id);
  return rows.map((row) => {
    const endedAt = row.revokedAt ?? (row.expiresAt && row.expiresAt <= now ? row.expiresAt : null);
    return {
      userId: row.userId,
      firmName: row.firmName ?? `${row.firstName} ${row.lastName}`,
      grantedAt: row.grantedAt.toISOString(),
      grantedBy: row.grantedBy,
      revokedAt: endedAt ? endedAt.toISOString() : null,
      views: Number(row.views ?? 0),
      lastViewedAt: row.lastViewedAt ? new Date(row.lastViewedAt).toISOString() : null,
      totalViewMs: Number(row.totalViewMs ?? 0),
    };
  });
}

/** Shares an owned document with an investor the owner has an accepted match with. */
export async function grantDocumentAccess(deps: DataRoomDeps, actor: Actor, documentId: number, investorId: number, ip: string): Promise<DocumentGrant> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const document = await ownedDocument(tx, actor, documentId);
    if (!(await areConnected(tx, actor.id, investorId))) {
      throw invalid('You can share documents only with investors whose match you have accepted.', { userId: ['Choose an investor you are connected with'] });
    }
    // Re-sharing after a revocation revives the grant with a new date.
    await tx
      .insert(documentAccess)
      .values({ documentId, userId: investorId, grantedBy: actor.id, grantedAt: now })
      .onConflictDoUpdate({ target: [documentAccess.documentId, documentAccess.userId], set: { revokedAt: null, expiresAt: null, grantedAt: now, grantedBy: actor.id } });
    await recordActivity(tx, { userId: actor.id, activityType: 'document_shared', entityId: documentId, description: `Shared ${document.name} with ${await investorName(tx, investorId)}` });
    await recordSecurityEvent(tx, { eventType: 'document_access_granted', userId: actor.id, ip, detail: { documentId, granteeId: investorId } });
    await announce(deps, tx, [actor.id, investorId], documentId);
  });
  const grants = await listDocumentAccess(deps, actor, documentId);
  return grants.find((grant) => grant.userId === investorId)!;
}

/** Revokes a live grant; the investor's next read fails at once. */
export async function revokeDocumentAccess(deps: DataRoomDeps, actor: Actor, documentId: number, investorId: number, ip: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await ownedDocument(tx, actor, documentId);
    const revoked = await tx
      .update(documentAccess)
      .set({ revokedAt: deps.now() })
      .where(and(eq(documentAccess.documentId, documentId), eq(documentAccess.userId, investorId), isNull(documentAccess.revokedAt)))
      .returning({ id: documentAccess.id });
    if (revoked.length === 0) throw notFound('This investor does not have access to the document.');
    await recordSecurityEvent(tx, { eventType: 'document_access_revoked', userId: actor.id, ip, detail: { documentId, granteeId: investorId } });
    // An open preview on the investor's screen closes at once; the owner's counts refresh.
    await announce(deps, tx, [actor.id, investorId], documentId);
  });
}

/** Starts recording an open of a document by a grantee. Owners' own opens are not counted. */
export async function startDocumentView(deps: DataRoomDeps, actor: Actor, documentId: number): Promise<{ viewId: number | null }> {
  const now = deps.now();
  const [row] = await deps.db.select({ id: documents.id, ownerId: documents.userId }).from(documents).where(and(eq(documents.id, documentId), readableBy(actor, now)));
  if (!row) throw notFound(DOCUMENT_MISSING);
  if (row.ownerId === actor.id) return { viewId: null };
  return deps.db.transaction(async (tx) => {
    const [view] = await tx.insert(documentViews).values({ documentId, viewerId: actor.id, openedAt: now }).returning({ id: documentViews.id });
    await announce(deps, tx, [row.ownerId], documentId);
    return { viewId: view!.id };
  });
}

/** Records how long a preview stayed open. Only the viewer may close their own view, once. */
export async function endDocumentView(deps: DataRoomDeps, actor: Actor, documentId: number, viewId: number, durationMs: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(documentViews)
      .set({ durationMs })
      .where(and(eq(documentViews.id, viewId), eq(documentViews.documentId, documentId), eq(documentViews.viewerId, actor.id), isNull(documentViews.durationMs)))
      .returning({ id: documentViews.id });
    if (updated.length === 0) throw notFound('This view does not exist.');
    const [document] = await tx.select({ ownerId: documents.userId }).from(documents).where(eq(documents.id, documentId));
    if (document) await announce(deps, tx, [document.ownerId], documentId);
  });
}

/** Per investor, how they engaged with this startup's documents (for match cards). */
export async function listInvestorEngagement(deps: DataRoomDeps, actor: Actor): Promise<InvestorEngagement[]> {
  const rows = await deps.db
    .select({
      investorId: documentViews.viewerId,
      documentsViewed: sql<number>`count(distinct ${documentViews.documentId})::int`,
      views: count(),
      totalViewMs: sum(documentViews.durationMs),
      lastViewedAt: max(documentViews.openedAt),
    })
    .from(documentViews)
    .innerJoin(documents, eq(documents.id, documentViews.documentId))
    .where(eq(documents.userId, actor.id))
    .groupBy(documentViews.viewerId);
  return rows.map((row) => ({
    investorId: row.investorId,
    documentsViewed: row.documentsViewed,
    views: row.views,
    totalViewMs: Number(row.totalViewMs ?? 0),
    lastViewedAt: row.lastViewedAt ? row.lastViewedAt.toISOString() : null,
  }));
}

/** The investors a startup can share with: everyone it is connected with, by firm name. */
export async function listShareCandidates(deps: DataRoomDeps, actor: Actor): Promise<Array<{ userId: number; firmName: string }>> {
  const connections = await listConnections(deps.db, actor);
  return connections.map((connection) => ({ userId: connection.userId, firmName: connection.name }));
}

export async function getDataRoomSettings(deps: DataRoomDeps, actor: Actor): Promise<DataRoomSettings> {
  const [row] = await deps.db.select().from(dataRoomSettings).where(eq(dataRoomSettings.startupId, actor.id));
  return { autoShareCategories: (row?.autoShareCategories ?? []) as DataRoomSettings['autoShareCategories'] };
}

export async function updateDataRoomSettings(deps: DataRoomDeps, actor: Actor, input: DataRoomSettings): Promise<DataRoomSettings> {
  // Keep the spec's order, whatever order the client sent.
  const categories = DOCUMENT_CATEGORIES.filter((category) => input.autoShareCategories.includes(category));
  await deps.db
    .insert(dataRoomSettings)
    .values({ startupId: actor.id, autoShareCategories: categories })
    .onConflictDoUpdate({ target: dataRoomSettings.startupId, set: { autoShareCategories: categories, updatedAt: deps.now() } });
  return { autoShareCategories: categories };
}

/**
 * When a pair connects (a match is accepted): shares the startup's documents in its chosen
 * categories with that investor, inside the same transaction as the decision.
 */
export async function shareAutoShareCategories(tx: DbExecutor, { startupId, investorId }: ConnectedPair, now: Date): Promise<number> {
  const [settings] = await tx.select().from(dataRoomSettings).where(eq(dataRoomSettings.startupId, startupId));
  const categories = settings?.autoShareCategories ?? [];
  if (categories.length === 0) return 0;
  const toShare = await tx.select({ id: documents.id }).from(documents).where(and(eq(documents.userId, startupId), inArray(documents.category, categories)));
  if (toShare.length === 0) return 0;
  await tx
    .insert(documentAccess)
    .values(toShare.map((document) => ({ documentId: document.id, userId: investorId, grantedBy: startupId, grantedAt: now })))
    .onConflictDoNothing();
  await recordActivity(tx, { userId: startupId, activityType: 'document_shared', entityId: null, description: `Automatically shared ${toShare.length} document${toShare.length === 1 ? '' : 's'} with ${await investorName(tx, investorId)}` });
  return toShare.length;
}
// The data room reacts to every new connection; loading this module registers it (app.ts loads it
// through the data room's routes, the demo seed through app-jobs.ts).
onConnected(shareAutoShareCategories);

/** Deletes stored objects that no document row refers to (failed writes, deletes whose blob removal failed). */
export async function sweepOrphanBlobs(deps: DataRoomDeps, olderThanMs = 60 * 60 * 1000): Promise<number> {
  const cutoff = deps.now().getTime() - olderThanMs;
  let removed = 0;
  for await (const blob of deps.blobs.list()) {
    // Young objects may belong to an upload whose row is being written right now.
    if (!blob.key.startsWith('documents/') || blob.lastModified.getTime() > cutoff) continue;
    const [row] = await deps.db.select({ id: documents.id }).from(documents).where(eq(documents.storageKey, blob.key)).limit(1);
    if (row) continue;
    await deps.blobs.delete(blob.key);
    removed += 1;
  }
  return removed;
}

/**
 * Deletes upload temp files older than `olderThanMs`: a process killed mid-upload leaves its
 * half-received file behind, since its own cleanup never ran.
 */
export async function sweepStaleUploads(tmpDir: string, now: Date, olderThanMs = 60 * 60 * 1000): Promise<number> {
  let names: string[];
  try {
    names = await readdir(tmpDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.startsWith('upload-')) continue;
    const file = path.join(tmpDir, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || now.getTime() - info.mtime.getTime() < olderThanMs) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

/**
 * Startup: how many of its documents are shared with at least one investor.
 * Investor: how many documents are shared with it.
 */
export async function countSharedDocuments(db: AppDatabase, actor: Actor, now = new Date()): Promise<number> {
  if (actor.userType === 'startup') {
    const [row] = await db
      .select({ value: sql<number>`count(distinct ${documents.id})::int` })
      .from(documents)
      .innerJoin(documentAccess, eq(documentAccess.documentId, documents.id))
      .where(and(eq(documents.userId, actor.id), isLiveGrant(now)));
    return row?.value ?? 0;
  }
  const [row] = await db
    .select({ value: sql<number>`count(distinct ${documentAccess.documentId})::int` })
    .from(documentAccess)
    .where(and(eq(documentAccess.userId, actor.id), isLiveGrant(now)));
  return row?.value ?? 0;
}
