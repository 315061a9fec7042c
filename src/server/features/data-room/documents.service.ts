// A startup's documents: storing an upload, listing (its own, or what was shared with an
// investor), deleting, and reading the bytes back through the permission check. Authorization
// lives in each query's where clause (access-rules.ts).
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { and, count, desc, eq, inArray, max, min, sql } from 'drizzle-orm';
import type { DocumentSummary } from '../../../shared/contracts/documents';
import { UploadDocumentFields } from '../../../shared/contracts/documents';
import { forbidden, notFound, validationError } from '../../app-error';
import { documentAccess, documents, documentVersions, documentViews, startupProfiles, users } from '../../db/schema';
import type { AppDatabase } from '../../db/client';
import { preparedOnce } from '../../db/prepared-once';
import { inTransaction, type ServiceContext } from '../../service-context';
import { BlobNotFoundError, type ByteRange } from '../../storage/blob-store';
import { recordActivity } from '../activity';
import { recordSecurityEvent } from '../security';
import { DOCUMENT_MISSING, isLiveGrant, liveGranteeIds, ownedDocument, readableBy, refuseIfAccessEnded, type DocumentRow } from './access-rules';
import { announceDocumentChange, type DataRoomContext } from './data-room-context';
import { ALLOWED_EXTENSIONS } from './file-detection';
import { ensureNdaAccepted, ensureNdaVersionExists, pendingNdaDocumentIds } from './nda.service';
import { checkAndStoreUpload } from './stored-upload';
import { companyNameOf, displayNameFrom, isWatermarkedByDefault, toSummary } from './summaries';
import { stampedCopy } from './watermark-stamp';
import type { ReceivedUpload } from './upload-receiver';

/** Validates and stores an upload received by the route; nothing is left behind on failure. */
export async function storeUploadedDocument(ctx: DataRoomContext, input: { upload: ReceivedUpload; ip: string }): Promise<DocumentSummary> {
  const { actor } = ctx;
  const { upload, ip } = input;
  let storageKey: string | undefined;
  try {
    const fields = UploadDocumentFields.safeParse(upload.fields);
    if (!fields.success) throw validationError(fields.error);
    const stored = await checkAndStoreUpload(ctx, upload);
    storageKey = stored.storageKey;
    const { mimeType, pageCount } = stored;

    const name = fields.data.name || displayNameFrom(upload.filename);
    const row = await ctx.db.transaction(async (tx) => {
      const txCtx = inTransaction(ctx, tx);
      const [inserted] = await txCtx.db
        .insert(documents)
        .values({
          userId: actor.id,
          name,
          category: fields.data.type,
          type: mimeType,
          size: upload.size,
          sha256: upload.sha256,
          storageKey,
          pageCount,
          uploadedAt: ctx.clock(),
          watermark: isWatermarkedByDefault({ category: fields.data.type, name }) || isWatermarkedByDefault({ category: null, name: upload.filename }),
        })
        .returning();
      // Every version, the first included, is a row of document_versions (docs/data-room.md, "Versions").
      await txCtx.db.insert(documentVersions).values({
        documentId: inserted!.id,
        version: 1,
        storageKey: inserted!.storageKey!,
        type: inserted!.type,
        size: inserted!.size,
        sha256: inserted!.sha256,
        pageCount,
        uploadedBy: actor.id,
        uploadedAt: inserted!.uploadedAt,
      });
      await recordActivity(txCtx, { userId: actor.id, activityType: 'document_uploaded', entityId: inserted!.id, description: `Uploaded ${name}` });
      await recordSecurityEvent(txCtx, {
        eventType: 'document_uploaded',
        userId: actor.id,
        ip,
        detail: { documentId: inserted!.id, size: upload.size, sha256: upload.sha256 },
      });
      await announceDocumentChange(txCtx, { userIds: [actor.id], documentId: inserted!.id });
      return inserted!;
    });
    storageKey = undefined; // committed: the blob now belongs to the row
    return toSummary(row, { sharedWithCount: 0, viewCount: 0, lastViewedAt: null, ndaRequired: row.ndaRequired });
  } finally {
    await rm(upload.tmpPath, { force: true });
    // Stored but not recorded (the insert failed): remove the blob now; the sweep is the backstop.
    if (storageKey) await ctx.blobs.delete(storageKey).catch(() => {});
  }
}

/**
 * A startup's own documents with their live share and view counts, newest first: one prepared
 * statement (issue #16), with the owner and the time a grant must outlive as placeholders.
 * Counted in their own grouped subqueries: joining grants and views directly would multiply one by
 * the other. Each reads only this startup's documents, not the whole grants and views tables.
 */
function prepareOwnDocuments(db: AppDatabase) {
  const ownerId = sql.placeholder('ownerId');
  const ownDocumentIds = db.select({ id: documents.id }).from(documents).where(eq(documents.userId, ownerId));
  const grantCounts = db
    .select({
      documentId: documentAccess.documentId,
      value: count().as('grant_count'),
      firstExpiry: min(documentAccess.expiresAt).as('first_grant_expiry'),
    })
    .from(documentAccess)
    .where(and(isLiveGrant(sql.placeholder('now')), inArray(documentAccess.documentId, ownDocumentIds)))
    .groupBy(documentAccess.documentId)
    .as('grant_counts');
  const viewCounts = db
    .select({ documentId: documentViews.documentId, value: count().as('view_count'), lastViewedAt: max(documentViews.openedAt).as('last_viewed_at') })
    .from(documentViews)
    .where(inArray(documentViews.documentId, ownDocumentIds))
    .groupBy(documentViews.documentId)
    .as('view_counts');
  return db
    .select({
      document: documents,
      sharedWithCount: grantCounts.value,
      firstGrantExpiry: grantCounts.firstExpiry,
      viewCount: viewCounts.value,
      lastViewedAt: viewCounts.lastViewedAt,
    })
    .from(documents)
    .leftJoin(grantCounts, eq(grantCounts.documentId, documents.id))
    .leftJoin(viewCounts, eq(viewCounts.documentId, documents.id))
    .where(eq(documents.userId, ownerId))
    .orderBy(desc(documents.uploadedAt), desc(documents.id))
    .prepare('own_documents');
}

const ownDocumentsStatement = preparedOnce(prepareOwnDocuments);

/**
 * A documents list, and the first moment it would read differently with nothing changed: when one
 * of the live grants it counts or lists expires (null: none expires). Every other change to it is
 * announced on the event hub, so this is all the answer cache needs to know.
 */
export interface DocumentListing {
  documents: DocumentSummary[];
  changesAt: Date | null;
}

/** A startup's own documents with their live share counts, or the documents shared with an investor. */
export async function listDocuments(ctx: ServiceContext): Promise<DocumentListing> {
  const { db, actor } = ctx;
  const now = ctx.clock();
  if (actor.userType === 'startup') {
    const rows = await ownDocumentsStatement(db).execute({ ownerId: actor.id, now: now.toISOString() });
    return {
      documents: rows.map((row) =>
        toSummary(row.document, {
          sharedWithCount: Number(row.sharedWithCount ?? 0),
          viewCount: Number(row.viewCount ?? 0),
          lastViewedAt: row.lastViewedAt ? new Date(row.lastViewedAt).toISOString() : null,
          ndaRequired: row.document.ndaRequired,
        }),
      ),
      changesAt: earliest(rows.map((row) => row.firstGrantExpiry)),
    };
  }
  const rows = await db
    .select({
      document: documents,
      sharedAt: documentAccess.grantedAt,
      expiresAt: documentAccess.expiresAt,
      canDownload: documentAccess.canDownload,
      companyName: startupProfiles.companyName,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(documentAccess)
    .innerJoin(documents, eq(documents.id, documentAccess.documentId))
    .innerJoin(users, eq(users.id, documents.userId))
    .leftJoin(startupProfiles, eq(startupProfiles.userId, documents.userId))
    .where(and(eq(documentAccess.userId, actor.id), isLiveGrant(now)))
    .orderBy(desc(documentAccess.grantedAt), desc(documents.id));
  const ndaPending = await pendingNdaDocumentIds(ctx, { investorId: actor.id, documents: rows.map((row) => row.document) });
  return {
    documents: rows.map((row) =>
      toSummary(row.document, {
        owner: { id: row.document.userId, companyName: row.companyName ?? `${row.firstName} ${row.lastName}` },
        sharedAt: row.sharedAt.toISOString(),
        ndaPending: ndaPending.has(row.document.id),
        canDownload: row.canDownload,
        accessExpiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
      }),
    ),
    changesAt: earliest(rows.map((row) => row.expiresAt)),
  };
}

/** The earliest of some moments (a grouped `min()` comes back from the driver as a string or a Date), or null. */
function earliest(moments: readonly (Date | string | null)[]): Date | null {
  const times = moments.filter((moment) => moment !== null).map((moment) => new Date(moment).getTime());
  return times.length ? new Date(Math.min(...times)) : null;
}

/** Deletes an owned document, its grants, views and versions (cascade) and the blobs of every version. */
export async function deleteDocument(ctx: DataRoomContext, input: { documentId: number; ip: string }): Promise<void> {
  const { actor } = ctx;
  const { documentId, ip } = input;
  const deleted = await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    // Read before the delete cascades the grants away: these investors' lists must refresh.
    const grantees = await liveGranteeIds(txCtx, documentId);
    // Read before the cascade too: a restore points a new version at an old key, so keys repeat.
    const versionKeys = await txCtx.db
      .selectDistinct({ storageKey: documentVersions.storageKey })
      .from(documentVersions)
      .innerJoin(documents, eq(documents.id, documentVersions.documentId))
      .where(and(eq(documentVersions.documentId, documentId), eq(documents.userId, actor.id)));
    const [row] = await txCtx.db
      .delete(documents)
      .where(and(eq(documents.id, documentId), eq(documents.userId, actor.id)))
      .returning();
    if (!row) throw notFound('This document does not exist.');
    await announceDocumentChange(txCtx, { userIds: [actor.id, ...grantees], documentId: row.id });
    await recordActivity(txCtx, { userId: actor.id, activityType: 'document_deleted', entityId: row.id, description: `Deleted ${row.name}` });
    await recordSecurityEvent(txCtx, { eventType: 'document_deleted', userId: actor.id, ip, detail: { documentId: row.id } });
    return { keys: new Set([...versionKeys.map((version) => version.storageKey), ...(row.storageKey ? [row.storageKey] : [])]) };
  });
  for (const key of deleted.keys) await ctx.blobs.delete(key).catch(() => {}); // the sweep retries
}

/** A document the actor may read now, and how: the owner reads the stored file as it is. */
export type ReadableDocument = DocumentRow & {
  storageKey: string;
  isOwner: boolean;
  /** A grantee's download of a watermarked PDF: stamped with their name, never the stored bytes. */
  needsStamp: boolean;
};

/**
 * The document if the actor owns it or holds a live grant; 404 otherwise, so its existence is not
 * revealed, except that an investor whose grant expired is told when it ended (403). Then, for a
 * grantee, the NDA gate and the download switch (issue #20), before any byte, size or range is
 * answered. Checked on every read, so a revocation or an expiry takes effect on the very next request.
 */
export async function findReadableDocument(
  ctx: ServiceContext,
  input: { documentId: number; ip: string; isFirstChunk: boolean; isDownload: boolean },
): Promise<ReadableDocument> {
  const { db, actor } = ctx;
  const now = ctx.clock();
  const [row] = await db
    .select({ document: documents, canDownload: documentAccess.canDownload })
    .from(documents)
    .leftJoin(documentAccess, and(eq(documentAccess.documentId, documents.id), eq(documentAccess.userId, actor.id), isLiveGrant(now)))
    .where(and(eq(documents.id, input.documentId), readableBy(actor, now)));
  if (!row) {
    await refuseIfAccessEnded(ctx, { documentId: input.documentId });
    throw notFound(DOCUMENT_MISSING);
  }
  const { document } = row;
  if (!document.storageKey) throw notFound(DOCUMENT_MISSING);
  const isOwner = document.userId === actor.id;
  if (!isOwner) {
    await ensureNdaAccepted(ctx, { document });
    if (input.isDownload && !row.canDownload) throw forbidden(`${await companyNameOf(ctx, document.userId)} has not allowed downloads of ${document.name}.`);
    if (input.isDownload && document.watermark && document.type !== ALLOWED_EXTENSIONS.pdf)
      throw forbidden(`${document.name} is watermarked, so it can be viewed here but not downloaded.`);
  }
  // A previewer fetches many ranges per open; log the read once, at its first byte (and every download).
  if (input.isFirstChunk || input.isDownload)
    await recordSecurityEvent(ctx, {
      eventType: 'document_read',
      userId: actor.id,
      ip: input.ip,
      detail: { documentId: document.id, ...(input.isDownload ? { download: true } : {}) },
    });
  return { ...document, storageKey: document.storageKey, isOwner, needsStamp: !isOwner && input.isDownload && document.watermark };
}

/**
 * A grantee's download of a watermarked PDF: the whole file stamped on every page with their name,
 * account email, the company and the time (watermark-stamp.ts). Built per request and never stored.
 */
export async function stampedDownload(ctx: DataRoomContext, input: { document: ReadableDocument }): Promise<Uint8Array> {
  const { document } = input;
  const [viewer] = await ctx.db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, ctx.actor.id));
  return stampedCopy({
    original: await streamDocument(ctx, { storageKey: document.storageKey }),
    document,
    identity: {
      viewerName: `${viewer!.firstName} ${viewer!.lastName}`,
      email: viewer!.email,
      companyName: await companyNameOf(ctx, document.userId),
      at: ctx.clock(),
    },
    log: ctx.log,
  });
}

/**
 * The owner's switches on one document (issue #20): the watermark, and the document's own NDA gate.
 * Turning the gate on with no NDA saved yet saves the template as version 1, so there is always a
 * text to accept.
 */
export async function updateDocumentSettings(
  ctx: ServiceContext,
  input: { documentId: number; watermark?: boolean; ndaRequired?: boolean },
): Promise<DocumentSummary> {
  const { documentId } = input;
  await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    await ownedDocument(txCtx, documentId);
    const changes: Partial<Pick<DocumentRow, 'watermark' | 'ndaRequired'>> = {};
    if (input.watermark !== undefined) changes.watermark = input.watermark;
    if (input.ndaRequired !== undefined) changes.ndaRequired = input.ndaRequired;
    if (Object.keys(changes).length === 0) return;
    if (input.ndaRequired) await ensureNdaVersionExists(txCtx, { startupId: ctx.actor.id });
    await tx
      .update(documents)
      .set(changes)
      .where(and(eq(documents.id, documentId), eq(documents.userId, ctx.actor.id)));
    // Open viewers redraw (or drop) the watermark and the investors' lists show the gate.
    await announceDocumentChange(txCtx, { userIds: [ctx.actor.id, ...(await liveGranteeIds(txCtx, documentId))], documentId });
  });
  const listing = await listDocuments(ctx);
  return listing.documents.find((document) => document.id === documentId)!;
}

/** The bytes of a document found by findReadableDocument, whole or one range of them. */
export async function streamDocument(ctx: DataRoomContext, input: { storageKey: string; range?: ByteRange }): Promise<Readable> {
  try {
    return await ctx.blobs.read(input.storageKey, input.range);
  } catch (error) {
    // The row exists but its bytes are gone (restored database, lost volume): say so plainly.
    if (error instanceof BlobNotFoundError) throw notFound('The file of this document is missing from storage. Ask its owner to upload it again.');
    throw error;
  }
}
