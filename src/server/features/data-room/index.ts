// The data room's public API: the only file other features (and http/, the app, the demo) import.
// Importing it also registers the data room's reactions with matching: to new connections
// (auto-share) and to ended ones (every grant revoked), so every process that can connect or
// disconnect a pair shares and revokes documents the same way.
import './auto-share.service';
import './disconnect-revocation.service';

export { countSharedDocuments } from './grants.service';
export { sweepOrphanBlobs, sweepStaleUploads } from './housekeeping.service';
