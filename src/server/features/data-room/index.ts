// The data room's public API: the only file other features (and http/, the app, the demo) import.
// Importing it also registers the data room's reactions with matching: to new connections
// (auto-share) and to ended ones (every grant revoked), so every process that can connect or
// disconnect a pair shares and revokes documents the same way.
import './auto-share.service';
import './disconnect-revocation.service';
// Secure links: registers the claim of a visitor's history when their address is verified on an account.
import './link-visitors.service';

export { countSharedDocuments } from './grants.service';
// The demo seed fills data rooms through the same pipeline as an upload, and records views.
export type { DataRoomContext } from './data-room-context';
export { updateDataRoomSettings } from './auto-share.service';
export { endDocumentView, startDocumentView } from './document-views.service';
export { storeUploadedDocument } from './documents.service';
export type { ReceivedUpload } from './upload-receiver';
export { sweepOrphanBlobs, sweepStaleUploads } from './housekeeping.service';
// The durable job that announces a grant's end date (app-jobs.ts runs it).
export { announceGrantExpiry, GRANT_EXPIRY_JOB } from './grant-expiry.service';
// Secure links' code email: a job that makes the code as it sends it (docs/data-room.md, "Secure links").
export { SEND_LINK_CODE_JOB, sendVisitorCode } from './link-visitors.service';
