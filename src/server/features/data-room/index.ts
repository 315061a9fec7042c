// The data room's public API: the only file other features (and http/, the app, the demo) import.
// Importing it also registers the data room's reaction to new connections (auto-share) with
// matching, so every process that can connect a pair shares documents the same way.
import './auto-share.service';

export { countSharedDocuments } from './grants.service';
export { sweepOrphanBlobs, sweepStaleUploads } from './housekeeping.service';
