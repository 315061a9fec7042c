// The track-record feature's public API: the only file other features (and http/, the app, the
// demo) import. Matching reads investors' past investments as revealed preferences through it.
export {
  createTrackRecordInvestment,
  importTrackRecord,
  listTrackRecordsFor,
  type TrackRecordEntry,
  type TrackRecordReadContext,
} from './track-record.service';
export { onTrackRecordChanged, type TrackRecordChangedReaction } from './track-record-reactions';
