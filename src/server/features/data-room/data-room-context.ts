// What the data room's services receive. Most take the shared ServiceContext; the ones that touch
// document bytes also need the blob store, and the sweeps run for nobody (`actor: null`) and need
// only what they clean. The app's context (app-context.ts) satisfies all of them.
import type { Actor } from '../../actor';
import type { ServiceContext, SystemContext } from '../../service-context';
import type { BlobStore } from '../../storage/blob-store';

/** A request's context plus document storage: where the bytes live, and where uploads are spooled. */
export interface DataRoomContext extends ServiceContext {
  blobs: BlobStore;
  uploadTmpDir: string;
}

/**
 * A sweep's context. Sweeps run from the job worker and at start-up, for nobody, and publish no
 * events and enqueue no jobs, so they ask only for the database, the time and the storage they clean.
 */
type SweepContext = Pick<SystemContext, 'db' | 'clock' | 'actor'>;

export interface BlobSweepContext extends SweepContext {
  blobs: BlobStore;
}

export interface UploadSweepContext extends SweepContext {
  uploadTmpDir: string;
}

/** Work done when a pair connects: the decision's context, inside its transaction; the actor is whoever accepted. */
export type ConnectedPairContext = ServiceContext<Actor | null>;

/**
 * Tells these users' open screens that a document changed. Pass the context of the transaction
 * that makes the change (`inTransaction`): the event is delivered when it commits, never before.
 */
export async function announceDocumentChange(ctx: ServiceContext<Actor | null>, change: { userIds: number[]; documentId: number | null }): Promise<void> {
  if (change.userIds.length > 0) await ctx.events.publish(ctx.db, change.userIds, { type: 'documents_changed', documentId: change.documentId });
}

/** The founder's "{viewer} opened {document}" notification of one view: its close adds the time spent. */
export const documentViewSourceKey = (viewId: number) => `document_view:${viewId}`;
