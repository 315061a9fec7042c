// Housekeeping: what a failed write or a killed process leaves behind. Run hourly by the durable
// job `data-room.housekeeping` (app-jobs.ts), and for upload temp files once at start-up (main.ts).
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { documents, documentVersions } from '../../db/schema';
import type { BlobSweepContext, UploadSweepContext } from './data-room-context';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Deletes stored objects that no document and no version of one refers to (failed writes, deletes
 * whose blob removal failed). An earlier version's bytes stay: the owner may download or restore them.
 */
export async function sweepOrphanBlobs(ctx: BlobSweepContext, input: { olderThanMs?: number } = {}): Promise<number> {
  const cutoff = ctx.clock().getTime() - (input.olderThanMs ?? HOUR_MS);
  let removed = 0;
  for await (const blob of ctx.blobs.list()) {
    // Young objects may belong to an upload whose row is being written right now.
    if (!blob.key.startsWith('documents/') || blob.lastModified.getTime() > cutoff) continue;
    const [row] = await ctx.db
      .select({
        isReferenced: sql<boolean>`exists (select 1 from ${documents} where ${eq(documents.storageKey, blob.key)})
          or exists (select 1 from ${documentVersions} where ${eq(documentVersions.storageKey, blob.key)})`,
      })
      .from(sql`(select 1) as probe`);
    if (row?.isReferenced) continue;
    await ctx.blobs.delete(blob.key);
    removed += 1;
  }
  return removed;
}

/**
 * Deletes upload temp files older than `olderThanMs` (an hour unless told): a process killed
 * mid-upload leaves its half-received file behind, since its own cleanup never ran.
 */
export async function sweepStaleUploads(ctx: UploadSweepContext, input: { olderThanMs?: number } = {}): Promise<number> {
  const olderThanMs = input.olderThanMs ?? HOUR_MS;
  const now = ctx.clock().getTime();
  let names: string[];
  try {
    names = await readdir(ctx.uploadTmpDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.startsWith('upload-')) continue;
    const file = path.join(ctx.uploadTmpDir, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || now - info.mtime.getTime() < olderThanMs) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}
