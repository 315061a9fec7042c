// Versions of a document (issue #21; docs/data-room.md, "Versions"): a new upload, or a restore of
// an earlier version, replaces the bytes the document row points at and adds a numbered row to
// document_versions. The document keeps its id, so its grants, NDA settings, watermark switch and
// secure links all stay, and every viewer opens the newest bytes. Only the owner sees the history.
import { rm } from 'node:fs/promises';
import { and, desc, eq, max } from 'drizzle-orm';
import type { DocumentSummary } from '../../../shared/contracts/documents';
import { NewVersionFields, type DocumentVersionSummary } from '../../../shared/contracts/document-insight';
import { notFound, validationError } from '../../app-error';
import { documents, documentVersions, users } from '../../db/schema';
import { inTransaction, type ServiceContext } from '../../service-context';
import { recordActivity } from '../activity';
import { notify } from '../notifications';
import { recordSecurityEvent } from '../security';
import { liveGranteeIds, ownedDocument } from './access-rules';
import { announceDocumentChange, type DataRoomContext } from './data-room-context';
import { listDocuments } from './documents.service';
import { checkAndStoreUpload } from './stored-upload';
import type { ReceivedUpload } from './upload-receiver';

const VERSION_MISSING = 'This version of the document does not exist.';

/** The bytes a version points at: what the document row takes over when it becomes current. */
interface VersionBytes {
  storageKey: string;
  type: string;
  size: number;
  sha256: string | null;
  pageCount: number | null;
}

/** The owner's history of one document, newest first. 404 for anyone else, as for the document. */
export async function listDocumentVersions(ctx: ServiceContext, input: { documentId: number }): Promise<DocumentVersionSummary[]> {
  const document = await ownedDocument(ctx, input.documentId);
  const rows = await ctx.db
    .select({ version: documentVersions, firstName: users.firstName, lastName: users.lastName })
    .from(documentVersions)
    .leftJoin(users, eq(users.id, documentVersions.uploadedBy))
    .where(eq(documentVersions.documentId, document.id))
    .orderBy(desc(documentVersions.version));
  return rows.map(({ version, firstName, lastName }) => ({
    version: version.version,
    type: version.type,
    size: version.size,
    pageCount: version.pageCount,
    uploadedAt: version.uploadedAt.toISOString(),
    uploadedBy: firstName === null ? null : `${firstName} ${lastName}`,
    note: version.note,
    isCurrent: version.version === document.currentVersion,
  }));
}

/**
 * Stores an upload as the document's next version. The same checks as a first upload (size while
 * streaming, type from the bytes); the type may differ from the previous version's (a deck sent
 * as PPTX, then as PDF). Nothing is left behind on failure.
 */
export async function storeDocumentVersion(ctx: DataRoomContext, input: { documentId: number; upload: ReceivedUpload; ip: string }): Promise<DocumentSummary> {
  const { upload } = input;
  let storageKey: string | undefined;
  try {
    // The owner check first: someone else's upload is refused before its bytes are looked at.
    await ownedDocument(ctx, input.documentId);
    const fields = NewVersionFields.safeParse(upload.fields);
    if (!fields.success) throw validationError(fields.error);
    const stored = await checkAndStoreUpload(ctx, upload);
    storageKey = stored.storageKey;
    await addVersion(ctx, {
      documentId: input.documentId,
      bytes: { storageKey: stored.storageKey, type: stored.mimeType, size: upload.size, sha256: upload.sha256, pageCount: stored.pageCount },
      note: fields.data.note || null,
      ip: input.ip,
    });
    storageKey = undefined; // committed: the blob now belongs to the version
    return await ownSummary(ctx, input.documentId);
  } finally {
    await rm(upload.tmpPath, { force: true });
    // Stored but not recorded: remove the blob now; the sweep is the backstop.
    if (storageKey) await ctx.blobs.delete(storageKey).catch(() => {});
  }
}

/**
 * Makes an earlier version current again, as a new version pointing at the same stored bytes (no
 * copy), so the history only ever grows and every view stays attributed to the version it saw.
 */
export async function restoreDocumentVersion(ctx: DataRoomContext, input: { documentId: number; version: number; ip: string }): Promise<DocumentSummary> {
  await ownedDocument(ctx, input.documentId);
  const [earlier] = await ctx.db
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.documentId, input.documentId), eq(documentVersions.version, input.version)));
  if (!earlier) throw notFound(VERSION_MISSING);
  await addVersion(ctx, { documentId: input.documentId, bytes: earlier, note: `Restored version ${earlier.version}`, ip: input.ip });
  return ownSummary(ctx, input.documentId);
}

/** One version's bytes and how to name them, for the owner's download. 404 for anyone else. */
export async function findDocumentVersion(
  ctx: ServiceContext,
  input: { documentId: number; version: number; ip: string },
): Promise<VersionBytes & { name: string }> {
  const [row] = await ctx.db
    .select({ version: documentVersions, name: documents.name })
    .from(documentVersions)
    // The owner only, in the where clause: a grantee reads the current version through the content route.
    .innerJoin(documents, and(eq(documents.id, documentVersions.documentId), eq(documents.userId, ctx.actor.id)))
    .where(and(eq(documentVersions.documentId, input.documentId), eq(documentVersions.version, input.version)));
  if (!row) throw notFound(VERSION_MISSING);
  await recordSecurityEvent(ctx, {
    eventType: 'document_read',
    userId: ctx.actor.id,
    ip: input.ip,
    detail: { documentId: input.documentId, version: input.version, download: true },
  });
  const { storageKey, type, size, sha256, pageCount } = row.version;
  return { name: `${row.name} (version ${row.version.version})`, storageKey, type, size, sha256, pageCount };
}

/**
 * Adds the next version and points the document at its bytes, in one transaction that locks the
 * document row, so two uploads at once get two numbers rather than one failing on the unique key.
 * Tells the owner's and the live grantees' screens, and notifies the grantees, once it commits.
 */
async function addVersion(ctx: DataRoomContext, input: { documentId: number; bytes: VersionBytes; note: string | null; ip: string }): Promise<void> {
  const { actor } = ctx;
  const { bytes } = input;
  await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const [document] = await tx
      .select()
      .from(documents)
      .where(and(eq(documents.id, input.documentId), eq(documents.userId, actor.id)))
      .for('update');
    if (!document) throw notFound('This document does not exist.');
    const [latest] = await tx
      .select({ value: max(documentVersions.version) })
      .from(documentVersions)
      .where(eq(documentVersions.documentId, document.id));
    const version = (latest?.value ?? 0) + 1;
    const now = ctx.clock();
    await tx.insert(documentVersions).values({
      documentId: document.id,
      version,
      storageKey: bytes.storageKey,
      type: bytes.type,
      size: bytes.size,
      sha256: bytes.sha256,
      pageCount: bytes.pageCount,
      uploadedBy: actor.id,
      uploadedAt: now,
      note: input.note,
    });
    await tx
      .update(documents)
      .set({ storageKey: bytes.storageKey, type: bytes.type, size: bytes.size, sha256: bytes.sha256, pageCount: bytes.pageCount, currentVersion: version })
      .where(and(eq(documents.id, document.id), eq(documents.userId, actor.id)));
    await recordActivity(txCtx, {
      userId: actor.id,
      activityType: 'document_uploaded',
      entityId: document.id,
      description: `Uploaded version ${version} of ${document.name}`,
    });
    await recordSecurityEvent(txCtx, {
      eventType: 'document_uploaded',
      userId: actor.id,
      ip: input.ip,
      detail: { documentId: document.id, version, size: bytes.size, sha256: bytes.sha256 },
    });
    const grantees = await liveGranteeIds(txCtx, document.id);
    for (const investorId of grantees)
      await notify(txCtx, { recipientId: investorId, type: 'document_new_version', payload: { documentId: document.id, partnerId: actor.id, version } });
    // Open viewers reload and show the new bytes; lists show the new size, type and version.
    await announceDocumentChange(txCtx, { userIds: [actor.id, ...grantees], documentId: document.id });
  });
}

async function ownSummary(ctx: ServiceContext, documentId: number): Promise<DocumentSummary> {
  const listing = await listDocuments(ctx);
  const summary = listing.documents.find((document) => document.id === documentId);
  if (!summary) throw notFound('This document does not exist.');
  return summary;
}
