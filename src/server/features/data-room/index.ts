// The data room's public API: the only file other features (and http/, the app, the demo) import.
// Its reaction to new connections (auto-share) registers itself with matching's connections.
export { countSharedDocuments, sweepOrphanBlobs, sweepStaleUploads } from './data-room.service';
